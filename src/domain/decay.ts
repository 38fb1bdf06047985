import { t } from './i18n';

/**
 * Inactivity decay, pure: who decays at a step and by how much. A step is judged at the time it
 * was due (not when it ran), so a step taken late after downtime decides as it would have then.
 */
const DAY_MS = 86_400_000;

/**
 * A board's inactivity decay (ELO boards): a player with no applied result for `afterDays`
 * loses `amount` rating points (or `amount` percent) every `everyHours`, never below `floor`.
 * Inactivity counts from the player's last applied result or from `since` (when decay was set),
 * whichever is later: turning decay on never punishes the past.
 */
/** What an unset option of /board decay or `tally board decay` means: two weeks, then daily. */
export const DECAY_DEFAULTS = { afterDays: 14, everyHours: 24 } as const;

export interface DecayRule {
  boardPk: number;
  amount: number;
  percent: boolean;
  afterDays: number;
  everyHours: number;
  floor: number;
  /** Never below the threshold of the rating rank role the player's rating earns (PUBobot2). */
  roleFloor: boolean;
  since: Date;
}

/** Whether a player whose last applied result was at `lastSub` is inactive at `dueAt`. */
export function inactiveAt(rule: DecayRule, lastSub: Date | null, dueAt: Date): boolean {
  const since = Math.max(lastSub?.getTime() ?? 0, rule.since.getTime());
  return dueAt.getTime() - since >= rule.afterDays * DAY_MS;
}

/**
 * The rating after one step: `amount` points or percent lost, never below the floor (or up).
 * With `roleThresholds` (a role floor), never below the highest threshold the rating reaches:
 * decay does not take a rank role away.
 */
export function decayed(
  rule: DecayRule,
  elo: number,
  roleThresholds: readonly number[] = [],
): number {
  const reached = rule.roleFloor ? roleThresholds.filter((t) => t <= elo) : [];
  const floor = Math.max(rule.floor, ...reached);
  if (elo <= floor) return elo;
  const loss = rule.percent ? Math.round((elo * rule.amount) / 100) : rule.amount;
  return Math.max(floor, elo - Math.max(loss, 1));
}

/** `15 points every 24 h after 14 days without a result, not below 1000`. */
export function describeDecay(
  rule: Pick<DecayRule, 'amount' | 'percent' | 'everyHours' | 'afterDays' | 'floor' | 'roleFloor'>,
  locale?: string | null,
): string {
  const amount = t(
    locale,
    rule.percent ? 'admin.board.decay.percent' : 'admin.board.decay.points',
    {
      amount: rule.amount,
    },
  );
  return t(locale, rule.roleFloor ? 'admin.board.decay.ruleRoleFloor' : 'admin.board.decay.rule', {
    amount,
    hours: rule.everyHours,
    days: rule.afterDays,
    floor: rule.floor,
  });
}

/** The cause a decay change is recorded with (entities/entry-change.ts). */
export const decayCause = (rule: DecayRule) => `decay: no result for ${rule.afterDays}+ days`;
