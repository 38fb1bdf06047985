import type { Context } from './context';

/** The worker's queue: how many submissions wait, and since when the oldest (metrics). */
export const queueStats = (ctx: Context): Promise<{ depth: number; oldest: Date | null }> =>
  ctx.repos.submissions.queueStats();

/** Whether the database answers a trivial query (GET /healthz); throws if it does not. */
export async function pingDatabase(ctx: Context): Promise<void> {
  await ctx.repos.db.run((m) => m.query('SELECT 1'));
}

/** The migrations this process applied when it opened the database (`tally migrate`). */
export const appliedMigrations = (ctx: Context): readonly string[] =>
  ctx.repos.db.appliedMigrations;
