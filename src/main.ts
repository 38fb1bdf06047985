import type { Server } from 'node:http';
import { Redis } from 'ioredis';
import { COMMANDS } from '../commands';
import { createApp } from './api/app';
import { clientErrorHandler } from './api/client-error';
import { Metrics } from './api/operability';
import { KeyAuthenticator } from './api/auth';
import { MemoryTokenBuckets } from './api/limits/memory-buckets';
import { FallbackTokenBuckets } from './api/limits/fallback-buckets';
import type { TokenBuckets } from './api/limits/token-bucket';
import { OfflineChat, type ChatPort } from './pipeline/chat-port';
import { startDiscordBot, type DiscordBot, type DiscordBotOptions } from './bot/discord';
import { withBoundPort, type Config } from './config';
import { bind } from './listen';
import { log, setLogLevel } from './log';
import { boardPages } from './web';
import { LiveStreams } from './web/live';
import { dashboard, signInConfigured, type DashboardOptions } from './web/dashboard';
import { serverDirectory } from './bot/server-directory';
import { createRenderer } from './render';
import type { Context } from './pipeline/context';
import { Worker } from './pipeline/worker';
import { JOBS, planStandingJobs } from './pipeline/jobs';
import { Scheduler } from './pipeline/scheduler';
import { liveStandingsJob } from './bot/jobs/live-standings';
import { seasonAnnounceJob } from './bot/jobs/season-announce';
import { rankRolesJob } from './bot/jobs/rank-roles';
import { closeContext, openContext } from './open-context';

export { closeContext, openContext };

/** The composition root: config → data source → repositories → pipeline → http. */
export interface Tally {
  ctx: Context;
  server: Server;
  url: string;
  worker: Worker | null;
  /** Time-driven work (expiry, …); runs wherever the worker runs. */
  scheduler: Scheduler | null;
  /** The Discord bot when DISCORD_TOKEN is set (and no other chat port was given). */
  bot: DiscordBot | null;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Prefix of every Redis key and channel, so several deployments or test runs can share Redis. */
  redisPrefix?: string;
  /** Run the queue worker and the scheduler in this process (default true). */
  worker?: boolean;
  chat?: ChatPort;
  /** Bot tuning (tests: short polls and retries). */
  discord?: Pick<DiscordBotOptions, 'loginRetryMs' | 'poster'>;
  /** Dashboard tuning (tests: higher sign-in limits than one address would get). */
  dashboard?: Pick<DashboardOptions, 'limits'>;
  /** Runs once the database is migrated, before anything is served (`serve --demo` seeds here). */
  prepare?: (ctx: Context) => Promise<void>;
}

function createBuckets(redis: Redis | undefined, redisPrefix: string): TokenBuckets {
  return redis ? new FallbackTokenBuckets(redis, redisPrefix) : new MemoryTokenBuckets();
}

export async function startTally(requested: Config, options: StartOptions = {}): Promise<Tally> {
  setLogLevel(requested.logLevel);
  // The port first: a taken one is reported before any migration, and PORT=0 is resolved
  // before anything builds a URL from the configuration.
  const bound = await bind(requested);
  const config = withBoundPort(requested, bound.port);
  const { server } = bound;
  server.on('clientError', clientErrorHandler(config.publicUrl));
  const redisPrefix = options.redisPrefix ?? 'tally:';
  // What has started so far, undone in reverse if a later step fails.
  const started: (() => Promise<unknown>)[] = [
    () => {
      server.closeAllConnections(); // requests held while starting are never answered
      return closeServer(server);
    },
  ];
  try {
    const opened = await openContext(config, redisPrefix);
    started.push(() => closeContext(opened));
    opened.db.checkpointInBackground(); // a server's write load: SQLite's fsyncs off the event loop
    const { ctx, redis } = opened;
    await options.prepare?.(ctx);
    const buckets = createBuckets(redis, redisPrefix);
    started.push(() => buckets.close());
    // /metrics: the bot reports Discord's errors, the scheduler (made below) its lag.
    const metrics = new Metrics(ctx, {
      schedulerLag: options.worker === false ? undefined : () => scheduler!.lagSeconds(),
    });
    // Never waits for Discord: the bot logs in (and retries) in the background.
    const bot =
      !options.chat && config.discordToken
        ? startDiscordBot(ctx, {
            ...options.discord,
            token: config.discordToken,
            applicationId: config.discordApplicationId,
            restApi: config.discordApiUrl,
            onRestError: (status) => metrics.discordError(status),
            shards: config.discordShards,
            commands: COMMANDS,
            writeLimit: {
              take: (subject) =>
                buckets.take(subject, { capacity: config.writePerMinute, periodMs: 60_000 }),
            },
          })
        : null;
    if (bot) started.push(() => bot.stop());
    const worker =
      options.worker === false
        ? null
        : new Worker(ctx, options.chat ?? bot ?? new OfflineChat(), ctx.signals);
    // Jobs that talk to Discord run where a bot is; a process without one leaves them be.
    const jobs = bot
      ? [...JOBS, liveStandingsJob(bot.rest), seasonAnnounceJob(bot.rest), rankRolesJob(bot.rest)]
      : JOBS;
    const scheduler = options.worker === false ? null : new Scheduler(ctx, jobs);
    if (scheduler) await planStandingJobs(ctx);
    const renderer = createRenderer(); // pictures for link previews; threads start on first use
    started.push(() => renderer.close());
    ctx.render = renderer; // the bot's /profile charts too
    // Open live pages' streams (src/web/live.ts) end first on a stop: they would hold it open.
    const live = new LiveStreams(ctx);
    started.push(async () => live.close());
    const web = signInConfigured(ctx)
      ? dashboard(ctx, {
          ...options.dashboard,
          redis,
          redisPrefix,
          directory: bot ? serverDirectory(bot.rest) : null,
        })
      : null;
    const app = createApp({
      ctx,
      authenticator: new KeyAuthenticator(ctx),
      buckets,
      redis,
      metrics,
      // DESIGN.md 3, 6 and 7: the dashboard (when sign-in is configured) and the public pages,
      // outside /v1; the pages learn who is signed in after their own per-address limit.
      beside: [
        ...(web ? [web.router] : []),
        boardPages(ctx, { renderer, redis, redisPrefix, viewer: web?.viewer ?? null, live }),
      ],
    });
    worker?.start();
    scheduler?.start();
    bound.serve(app);
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${bound.port}`;
    log.info('tally listening', { url, database: config.database.kind, redis: Boolean(redis) });
    return {
      ctx,
      server,
      url,
      worker,
      scheduler,
      bot,
      async close() {
        live.close();
        await closeServer(server);
        await renderer.close();
        await scheduler?.stop();
        await worker?.stop();
        await bot?.stop();
        await buckets.close();
        await closeContext(opened);
      },
    };
  } catch (err) {
    for (const undo of started.reverse()) await undo().catch(() => undefined);
    throw err;
  }
}

/** Stops accepting, lets requests in flight finish, and closes idle keep-alive connections. */
function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
