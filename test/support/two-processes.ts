import { REST } from 'discord.js';
import { loadConfig } from '../../src/config';
import { closeContext, openContext } from '../../src/main';
import type { Context } from '../../src/pipeline/context';
import { startDiscordWorld, TOKEN, type DiscordWorld } from './discord-world';
import type { FakeGuild } from './fake-discord';
import { PUBLIC_URL } from './serve';
import { createSharedDatabase } from './shared-database';

/** One of the two: its context (on the shared clock) and its own REST client, as a process has. */
export interface Process {
  ctx: Context;
  rest: REST;
}

export interface TwoProcesses {
  world: DiscordWorld;
  first: Process;
  second: Process;
  /** Moves the clock both processes read. */
  advance(ms: number): void;
  stop(): Promise<void>;
}

/**
 * Two Tally processes on one database, as two shards of one deployment are: the world's Tally
 * (its bot connected to the fake Discord; no worker or scheduler of its own, so only the test
 * takes steps) and a second context opened on the same database (MariaDB, or one SQLite file)
 * with a REST client and rate-limit queues of its own. Both read one clock the test moves. They
 * live in the test's process so the test can order what each does; on SQLite that is safe only
 * while one of them waits on Discord when the other writes, which is how these tests use them.
 */
export async function startTwoProcesses(options: {
  guilds: FakeGuild[];
  roleRateLimit?: Parameters<typeof startDiscordWorld>[0]['roleRateLimit'];
}): Promise<TwoProcesses> {
  const database = await createSharedDatabase('tally-two-');
  const stops: (() => Promise<void>)[] = [() => database.drop()];
  const stop = async () => {
    for (const next of stops.splice(0).reverse()) await next();
  };
  try {
    const world = await startDiscordWorld({
      ...options,
      worker: false,
      env: { DATABASE_URL: database.url },
    });
    stops.push(() => world.stop());
    const opened = await openContext(loadConfig({ DATABASE_URL: database.url, PUBLIC_URL }));
    stops.push(() => closeContext(opened));
    let now = Date.now();
    const clock = () => new Date(now);
    return {
      world,
      first: { ctx: { ...world.tally.ctx, now: clock }, rest: world.tally.bot!.rest },
      second: {
        ctx: { ...opened.ctx, now: clock },
        rest: new REST({ api: world.fake.apiUrl }).setToken(TOKEN),
      },
      advance(ms) {
        now += ms;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
