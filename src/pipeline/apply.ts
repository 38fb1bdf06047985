import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import type { Match } from '../../entities/match';
import type { Score } from '../../entities/score';
import { operatorOf } from '../domain/board-rules';
import { TallyError } from '../domain/errors';
import { matchCause, scoreCause } from '../domain/history';
import { isScoreOperator, applyScore } from '../domain/score-operators';
import { applyMatch } from '../domain/scoring';
import type { EntryBatch } from '../store/results';
import type { Context } from './context';
import { crashPoint } from './crash-points';

/**
 * Puts a match live (approved or adjusted): deltas from the snapshot ratings taken at submission,
 * added to the current ratings (spec 1.6). Runs inside the caller's transaction with the board
 * locked, so nothing is applied twice and ratings move in one step.
 */
export async function applyMatchRecord(
  ctx: Context,
  tx: EntityManager,
  board: Board,
  match: Match,
): Promise<void> {
  const roster = await ctx.repos.results.roster(match.pk, tx);
  const side = (n: 1 | 2) => roster.filter((slot) => slot.side === n);
  const current = await ctx.repos.results.entries(
    tx,
    board.pk,
    roster.map((slot) => slot.playerId),
  );
  const applied = applyMatch(
    current,
    {
      team1: side(1),
      team2: side(2),
      winner: match.winner,
      team1Score: match.team1Score,
      team2Score: match.team2Score,
      submittedAt: match.submittedAt,
    },
    board,
  );
  const why = {
    kind: 'match',
    at: appliedAt(ctx, match),
    ref: match.number,
    cause: matchCause(match.number, match.status),
  } as const;
  await ctx.repos.results.saveEntries(
    tx,
    board,
    applied.changes.map((change) => change.entry),
    why,
    current,
  );
  crashPoint('apply:after-entries');
  for (const [i, change] of applied.changes.entries()) {
    const slot = roster[i];
    if (slot)
      await ctx.repos.results.setDelta(tx, match.pk, slot.side, slot.position, change.eloDelta);
  }
}

/** Puts a score live with the board's operator (spec 2.3, 4.9). */
export async function applyScoreRecord(
  ctx: Context,
  tx: EntityManager,
  board: Board,
  score: Score,
  batch?: EntryBatch,
): Promise<void> {
  const operator = operatorOf(board.type, board.sort);
  if (operator === null || !isScoreOperator(operator)) {
    throw new TallyError('internal_error', `${board.type} boards take no scores`);
  }
  const cached = batch?.entries.get(score.playerId);
  const current =
    cached !== undefined
      ? (cached ?? undefined)
      : (await ctx.repos.results.entries(tx, board.pk, [score.playerId]))[0];
  const entry = applyScore(
    current,
    operator,
    score.score,
    score.submittedAt,
    score.playerId,
    score.playerName,
  );
  const why = {
    kind: 'score',
    at: appliedAt(ctx, score),
    ref: score.pk,
    cause: scoreCause(board, score.score, score.status),
  } as const;
  await ctx.repos.results.saveEntries(tx, board, [entry], why, current ? [current] : [], batch);
}

/**
 * When a result counts in history: an auto-applied one when it was queued (the season boundary
 * rules put it in the season open then, even when the worker applies it after the end), a
 * reviewed one now, when the moderator decides (spec 1.6 snapshots aside).
 */
const appliedAt = (ctx: Context, result: Pick<Match, 'reviewedBy' | 'submittedAt'>) =>
  result.reviewedBy === 'auto' ? result.submittedAt : ctx.now();
