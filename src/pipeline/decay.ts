import type { EntityManager } from 'typeorm';
import { DECAY_DEFAULTS, decayCause, decayed, inactiveAt, type DecayRule } from '../domain/decay';
import { wholeInRange } from '../domain/errors';
import { ownedBoard } from './board-reads';
import type { Context } from './context';
import { invalidSaid } from '../domain/errors';
import { boardOfSubject, boardSubject } from '../domain/ids';
import type { Job } from './job';
import { closeDueSeasons, SeasonWaits } from './seasons';

export interface DecayInput {
  /** Rating points, or percent when `percent`. */
  amount: number;
  percent?: boolean;
  /** Days without a result before decay starts; DECAY_DEFAULTS unless given. */
  afterDays?: number;
  everyHours?: number;
  /** The lowest rating decay leaves; the board's start rating unless given. */
  floor?: number;
  /** Never below the threshold of the rating rank role a player's rating has reached. */
  roleFloor?: boolean;
}

/**
 * Sets (or, with null, turns off) a board's inactivity decay, for Manage Server in chat and the
 * operator in the CLI. ELO boards only: points and scores are earned, not held. Turned on, the
 * first step is due one interval after now and inactivity counts from now at the earliest; a
 * changed rule keeps both.
 */
export async function setDecay(
  ctx: Context,
  ownerId: string,
  boardId: string,
  input: DecayInput | null,
): Promise<{ rule: DecayRule; next: Date; changed: boolean } | null> {
  const board = await ownedBoard(ctx, ownerId, boardId);
  if (board.type !== 'ELO') {
    throw invalidSaid('admin.errors.decayEloOnly', { board: board.id, type: board.type });
  }
  if (!input) {
    await ctx.repos.db.transaction(async (tx) => {
      await ctx.repos.decay.removeRule(board.pk, tx);
      await ctx.repos.schedules.cancel(decayJob.kind, boardSubject(board.pk), tx);
    });
    return null;
  }
  const percent = input.percent ?? false;
  // A change of rule keeps when inactivity started counting and the next step: editing the floor
  // must not pardon a month of inactivity.
  const current = await ctx.repos.decay.rule(board.pk);
  const planned = current && (await ctx.repos.schedules.get(decayJob.kind, boardSubject(board.pk)));
  const rule: DecayRule = {
    boardPk: board.pk,
    amount: wholeInRange(percent ? 'percent' : 'amount', input.amount, 1, percent ? 50 : 1000),
    percent,
    afterDays: wholeInRange('after_days', input.afterDays ?? DECAY_DEFAULTS.afterDays, 1, 365),
    everyHours: wholeInRange(
      'every_hours',
      input.everyHours ?? DECAY_DEFAULTS.everyHours,
      1,
      24 * 30,
    ),
    floor: wholeInRange('floor', input.floor ?? board.startRating ?? 0, 0, 1_000_000),
    roleFloor: input.roleFloor ?? false,
    since: current?.since ?? ctx.now(),
  };
  const first = planned?.dueAt ?? new Date(ctx.now().getTime() + rule.everyHours * 3_600_000);
  await ctx.repos.db.transaction(async (tx) => {
    await ctx.repos.decay.setRule(rule, tx);
    await ctx.repos.schedules.plan(decayJob.kind, boardSubject(board.pk), first, tx);
  });
  return { rule, next: first, changed: current !== null };
}

/**
 * One decay step of one board, in the transaction that takes the step (exactly once across
 * processes): with the board locked, every inactive player loses one step's worth, recorded as a
 * change with its cause and the time the step was due. The rank counters move with the entries.
 */
async function decayStep(ctx: Context, tx: EntityManager, subject: string, dueAt: Date) {
  const boardPk = boardOfSubject(subject);
  // The lock first, as the worker and review take it: on MariaDB the first plain read fixes the
  // transaction's snapshot, which must not be older than a result applied while we waited.
  await ctx.repos.results.lockBoard(tx, boardPk, false);
  const rule = await ctx.repos.decay.rule(boardPk, tx);
  const board = rule && (await ctx.repos.boards.byPk(boardPk, tx));
  if (!rule || !board) return; // turned off meanwhile: its plan is gone with this step
  // A step at or after a season's end decays the next season, so the end closes first (and the
  // step waits while results queued before the end are recorded). A step due before an end that
  // has closed meanwhile (a catch-up taken late) is skipped: that season's archive is final.
  if ((await closeDueSeasons(ctx, tx, board, dueAt)).waiting) throw new SeasonWaits(boardPk);
  if (await ctx.repos.seasons.endedAfter(boardPk, dueAt, tx)) return;
  const entries = await ctx.repos.results.boardEntries(tx, boardPk);
  const thresholds = rule.roleFloor
    ? (await ctx.repos.rankRoles.roles(boardPk, tx))
        .filter((r) => r.kind === 'value')
        .map((r) => r.threshold)
    : [];
  const moved = entries
    .filter((e) => e.elo !== null && inactiveAt(rule, e.lastSub, dueAt))
    .map((e) => ({ entry: e, elo: decayed(rule, e.elo!, thresholds) }))
    .filter(({ entry, elo }) => elo < entry.elo!);
  if (moved.length === 0) return;
  await ctx.repos.results.saveEntries(
    tx,
    board,
    moved.map(({ entry, elo }) => ({ ...entry, elo })),
    { kind: 'decay', at: dueAt, ref: null, cause: decayCause(rule) },
    entries,
  );
}

export const decayJob: Job = {
  kind: 'decay',
  atomic: true,
  step: (ctx, tx, subject, dueAt) => decayStep(ctx, tx!, subject, dueAt),
  async next(ctx, subject, dueAt) {
    const rule = await ctx.repos.decay.rule(boardOfSubject(subject));
    return rule ? new Date(dueAt.getTime() + rule.everyHours * 3_600_000) : null;
  },
};
