import { Redis } from 'ioredis';
import type { Config } from './config';
import { log } from './log';
import { attachChangeFeed, type ChangeFeed } from './pipeline/change-feed';
import type { Context } from './pipeline/context';
import { LocalSignals, RedisSignals } from './pipeline/signals';
import { openAndMigrate } from './store/data-source';
import { Database } from './store/database';
import { createRepositories } from './store/repositories';

/**
 * The database, repositories and signals: what every CLI command and the server share. Kept
 * apart from main.ts, so a CLI command loads neither the HTTP server nor the bot (discord.js,
 * Express, the web pages, the renderer): only `tally serve` imports main.ts.
 */
export interface Opened {
  ctx: Context;
  db: Database;
  redis: Redis | undefined;
  /** MariaDB + Redis: commits told between processes, for the read caches. */
  changes?: ChangeFeed;
}

export async function openContext(config: Config, redisPrefix = 'tally:'): Promise<Opened> {
  const { dataSource, applied } = await openAndMigrate(config.database);
  const db = new Database(dataSource, applied);
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // A slow or absent Redis must not hold requests: commands give up after half a second.
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 500 });
    redis.on('error', (err: Error) => log.warn('redis error', { err }));
  }
  const signals = redis ? new RedisSignals(redis, redisPrefix) : new LocalSignals();
  const ctx: Context = { config, repos: createRepositories(db), now: () => new Date(), signals };
  const changes = attachChangeFeed(db, redis, redisPrefix);
  return { ctx, db, redis, changes };
}

export async function closeContext({ ctx, db, redis, changes }: Opened): Promise<void> {
  await ctx.signals.close();
  await changes?.close();
  if (redis) await redis.quit().catch(() => undefined);
  await db.close();
}
