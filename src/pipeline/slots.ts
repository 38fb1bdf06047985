import type { Context } from './context';

/**
 * A slot every process shares through the database (a `schedules` row of a kind no job runs):
 * taken until `until` if it is free at `now` (null), or else the time its holder's slot ends.
 */
export const claimSlot = (
  ctx: Context,
  kind: string,
  subject: string,
  now: Date,
  until: Date,
): Promise<Date | null> => ctx.repos.schedules.claimSlot(kind, subject, now, until);
