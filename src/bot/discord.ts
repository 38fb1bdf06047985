import { DefaultRestOptions, type RESTOptions } from '@discordjs/rest';
import { Client, Events, GatewayIntentBits, REST, Routes } from 'discord.js';
import type { DiscordShards } from '../config';
import type { ParticipantRef } from '../domain/participants';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { recordAvatars, recordServerIcon, type AvatarHashes } from '../pipeline/avatars';
import { recordDiscordLocale } from '../pipeline/server-language';
import type { ChatPort } from '../pipeline/chat-port';
import { AuditPoster } from './audit-poster';
import { ConfirmPoster } from './confirm-poster';
import { ContestPoster } from './contest-poster';
import type { ChatWriteLimit } from './chat-limits';
import type { CommandSet } from './command';
import { DatabaseIdentifyThrottler } from './identify-throttle';
import { routeInteraction } from './interactions';
import { NameRefresher } from './name-refresh';
import { resolveDiscordNames } from './names';
import { QueuePoster } from './queue-poster';
import { POSTER_DEFAULTS, ReviewPoster, type ReviewPosterOptions } from './review-poster';
import { reviewPosts, type ReviewPosts } from '../pipeline/outbox';
import { previewsSettled } from './submit-reply';

/** How long a stop waits for evidence previews still downloading. */
const PREVIEW_STOP_MS = 5_000;

export interface DiscordBotOptions {
  token: string;
  applicationId?: string;
  /** REST base (`http://host:port/api`); the gateway URL then comes from its GET /gateway/bot. */
  restApi?: string;
  /** The gateway shards this process runs (DISCORD_SHARDS of DISCORD_SHARD_COUNT); unset: one. */
  shards?: DiscordShards;
  /** First wait after a failed login, doubled per failure up to a minute (default 1 s). */
  loginRetryMs?: number;
  poster?: Partial<ReviewPosterOptions>;
  /** The slash commands and their buttons (commands/index.ts, handed over by src/main.ts). */
  commands: CommandSet;
  /** Members' write buckets: the API's token buckets (src/main.ts). */
  writeLimit: ChatWriteLimit;
  /** Each REST call Discord answered with an error status, or 'network' (/metrics). */
  onRestError?: (status: string) => void;
}

/**
 * The REST clients' request function (the library's default), reporting every answer of 400 or
 * above, and every call that got no answer, to `report`: retries included, so a 429 or a 5xx the
 * library retried is seen too. Both clients use it: the bot's own and discord.js's (interactions).
 */
export function reportingRequest(
  report: ((status: string) => void) | undefined,
  request: RESTOptions['makeRequest'] = DefaultRestOptions.makeRequest,
): RESTOptions['makeRequest'] {
  if (!report) return request;
  return async (url, init) => {
    let res;
    try {
      res = await request(url, init);
    } catch (err) {
      report('network');
      throw err;
    }
    if (res.status >= 400) report(String(res.status));
    return res;
  };
}

const LOGIN_RETRY_MAX_MS = 60_000;

/**
 * The Discord adapter of the chat port (DESIGN.md 1): discord.js for the gateway (interactions),
 * one REST client of its own for names and review messages so they keep working, and keep
 * retrying, while the gateway is down or reconnecting. Nothing here waits for Discord: login
 * retries in the background and the HTTP API serves regardless.
 */
export class DiscordBot implements ChatPort {
  readonly rest: REST;
  private client: Client | null = null;
  private readonly poster: ReviewPoster;
  /** The audit channel's lines, with the review poster's tuning. */
  private readonly audit: AuditPoster;
  /** Opponents' messages of waiting match reports, with the review poster's tuning. */
  private readonly confirm: ConfirmPoster;
  /** Contest entries' posts, moderators' messages and notices, with the same tuning. */
  private readonly contest: ContestPoster;
  /** Matchmaking queues' messages and their matches' messages, with the same tuning. */
  private readonly queues: QueuePoster;
  private readonly store: ReviewPosts;
  private readonly names: NameRefresher;
  private stopped = false;
  private connecting: Promise<void> | null = null;
  private cancelWait: (() => void) | null = null;
  private readonly makeRequest: RESTOptions['makeRequest'];

  constructor(
    private readonly ctx: Context,
    private readonly options: DiscordBotOptions,
  ) {
    this.makeRequest = reportingRequest(options.onRestError);
    this.rest = new REST({
      ...(options.restApi ? { api: options.restApi } : {}),
      makeRequest: this.makeRequest,
    }).setToken(options.token);
    this.store = reviewPosts(ctx);
    this.names = new NameRefresher(ctx);
    this.poster = new ReviewPoster(ctx, this.rest, this.store, {
      ...POSTER_DEFAULTS,
      ...options.poster,
    });
    this.audit = new AuditPoster(ctx, this.rest, { ...POSTER_DEFAULTS, ...options.poster });
    this.confirm = new ConfirmPoster(ctx, this.rest, { ...POSTER_DEFAULTS, ...options.poster });
    this.contest = new ContestPoster(ctx, this.rest, { ...POSTER_DEFAULTS, ...options.poster });
    this.queues = new QueuePoster(ctx, this.rest, { ...POSTER_DEFAULTS, ...options.poster });
  }

  start(): void {
    this.poster.start();
    this.audit.start();
    this.confirm.start();
    this.contest.start();
    this.queues.start();
    this.connecting ??= this.connect();
  }

  /** True once the gateway session is ready (interactions arrive). */
  isReady(): boolean {
    return this.client?.isReady() ?? false;
  }

  /** Posts and closes due review messages now rather than at the next poll. */
  pokeReviews(): void {
    this.poster.poke();
  }

  async resolveNames(
    ownerId: string,
    refs: ParticipantRef[],
    known: Map<string, string>,
  ): Promise<Map<string, string>> {
    const seen: AvatarHashes[] = [];
    const names = await resolveDiscordNames(this.rest, ownerId, refs, known, (m) => seen.push(m));
    // The members' pictures came with their names (issue 29 item 2): kept on the side, never
    // holding up or failing the submission.
    recordAvatars(this.ctx, ownerId, seen).catch((err: unknown) =>
      log.warn('avatar record failed', { ownerId, err }),
    );
    return names;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelWait?.();
    await this.poster.stop();
    await this.audit.stop();
    await this.confirm.stop();
    await this.contest.stop();
    await this.queues.stop();
    await this.client?.destroy();
    await this.connecting;
    // Evidence previews still downloading are kept before the database closes; a slow one is
    // given up after PREVIEW_STOP_MS so it cannot hold a graceful stop past its grace.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      previewsSettled(),
      new Promise((resolve) => (timer = setTimeout(resolve, PREVIEW_STOP_MS))),
    ]);
    clearTimeout(timer);
    this.rest.clearHashSweeper();
    this.rest.clearHandlerSweeper();
  }

  /** A failed login leaves a discord.js Client unusable, so each attempt gets a fresh one. */
  private async connect(): Promise<void> {
    let delay = this.options.loginRetryMs ?? 1000;
    while (!this.stopped) {
      const client = this.createClient();
      this.client = client;
      try {
        await client.login(this.options.token);
        log.info('discord gateway connected');
        return;
      } catch (err) {
        await client.destroy().catch(() => undefined);
        if (this.stopped) return;
        log.warn('discord login failed; retrying', { err, retryInMs: delay });
      }
      await this.wait(delay);
      delay = Math.min(delay * 2, LOGIN_RETRY_MAX_MS);
    }
  }

  private createClient(): Client {
    // Guilds only: member names are fetched over REST, so no privileged GuildMembers intent.
    // Sharded, each process connects its own shards; Discord sends a server's interactions to
    // the one shard that holds the server, so each is answered by one process. Everything else
    // (reviews, jobs, the queue) is shared through the database, whichever process runs it.
    const { shards } = this.options;
    const client = new Client({
      intents: [GatewayIntentBits.Guilds],
      ...(shards === 'auto'
        ? { shards: 'auto' as const }
        : shards
          ? { shards: shards.ids, shardCount: shards.count }
          : {}),
      rest: {
        ...(this.options.restApi ? { api: this.options.restApi } : {}),
        makeRequest: this.makeRequest,
      },
      ws: {
        // Identifies paced across processes (@discordjs/ws's IIdentifyThrottler).
        buildIdentifyThrottler: async (manager) => {
          const { session_start_limit: limit } = await manager.fetchGatewayInformation();
          return new DatabaseIdentifyThrottler(this.ctx, limit.max_concurrency);
        },
      },
    });
    const deps = {
      ctx: this.ctx,
      store: this.store,
      commands: this.options.commands,
      writeLimit: this.options.writeLimit,
    };
    client.on(Events.InteractionCreate, (interaction) => {
      this.names.refresh(interaction);
      void routeInteraction(deps, interaction);
    });
    // Every server's icon (issue 29 item 2) and language on Discord (issue 32) arrive with its
    // GUILD_CREATE (the Guilds intent) and change with GUILD_UPDATE.
    const icon = (guild: { id: string; icon: string | null; preferredLocale: string }) => {
      recordServerIcon(this.ctx, guild.id, guild.icon).catch((err: unknown) =>
        log.warn('server icon record failed', { guild: guild.id, err }),
      );
      recordDiscordLocale(this.ctx, guild.id, guild.preferredLocale).catch((err: unknown) =>
        log.warn('server locale record failed', { guild: guild.id, err }),
      );
    };
    client.on(Events.GuildCreate, icon);
    client.on(Events.GuildUpdate, (_old, guild) => icon(guild));
    client.on(Events.ClientReady, (ready) => {
      const application = ready.application.id;
      log.info('discord bot ready', {
        application,
        guilds: ready.guilds.cache.size,
        shards: ready.ws.shards.map((shard) => shard.id),
        shardCount: ready.options.shardCount,
      });
      if (this.options.applicationId && this.options.applicationId !== application) {
        log.warn('DISCORD_APPLICATION_ID does not match the token', { application });
      }
      void this.registerCommands(application);
    });
    client.on(Events.Error, (err) => log.warn('discord client error', { err }));
    return client;
  }

  /**
   * One global bulk overwrite per ready (idempotent): global because a user install's commands
   * cannot be guild commands, and because one registration serves every guild and every shard
   * (nothing here assumes this process sees all guilds). The REST client retries 429 and 5xx.
   */
  private async registerCommands(application: string): Promise<void> {
    try {
      await this.rest.put(Routes.applicationCommands(application), {
        body: this.options.commands.commands.map((command) => command.data),
      });
      log.info('discord commands registered', {
        count: this.options.commands.commands.length,
      });
    } catch (err) {
      log.warn('discord command registration failed; it is retried at the next ready', { err });
    }
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.cancelWait = done;
    });
  }
}

/** Starts the bot in the background; `startTally` passes it to the worker as the chat port. */
export function startDiscordBot(ctx: Context, options: DiscordBotOptions): DiscordBot {
  const bot = new DiscordBot(ctx, options);
  bot.start();
  return bot;
}
