import type { Context } from './context';
import { settleSilentReports } from './confirm';
import type { Job } from './job';
import { expireOverdue } from './review';

/** How often overdue submissions are looked for (DESIGN.md 3: the validation window). */
export const EXPIRY_EVERY_MS = 30_000;

/**
 * Validation-window expiry as a scheduled sweep: each submission expires once whoever sweeps
 * (review.ts decides it with the board locked), so a missed sweep is simply the next one; after
 * downtime one sweep catches up on every overdue submission.
 */
export const expiryJob: Job = {
  kind: 'expiry',
  atomic: false,
  async step(ctx) {
    await expireOverdue(ctx);
    // Reports whose opponents stayed silent: confirmed or sent to the moderators (confirm.ts).
    await settleSilentReports(ctx);
  },
  next: async (_ctx, _subject, _dueAt, now) => new Date(now.getTime() + EXPIRY_EVERY_MS),
};

/** The plan every process makes sure exists at start: the one expiry sweep. */
export async function planStandingJobs(ctx: Context): Promise<void> {
  await ctx.repos.schedules.ensure(expiryJob.kind, 'all', ctx.now());
}
