import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import type { Match } from '../../entities/match';
import type { Submission } from '../../entities/submission';
import { TallyError } from '../domain/errors';
import { formatHandle, submissionIdOf } from '../domain/ids';
import { winnerOf } from '../domain/league';
import { scoreValue, scorelineValue, winnerValue } from '../domain/write-request';
import { applyMatchRecord, applyScoreRecord } from './apply';
import { actsFor, type Actor, type Context } from './context';

export type Decision = 'approve' | 'decline';

/** A moderator's corrected result: the fields a write of that board type carries (spec 4.8, 4.9). */
export interface Correction {
  winner?: string;
  team1Score?: number;
  team2Score?: number;
  score?: number;
}

export interface ReviewOutcome {
  handle: string;
  status: 'approved' | 'rejected';
  submission: Submission;
}

/**
 * A moderator's decision on a pending submission: the same code for the Discord buttons and
 * `tally review`. Approving applies the match or score with the board locked; declining applies
 * nothing. A decision on a submission that is no longer pending is refused, so nothing applies twice.
 */
export async function review(
  ctx: Context,
  handle: string,
  decision: Decision,
  reviewer: string,
  actor: Actor,
  options: { reason?: string } = {},
): Promise<ReviewOutcome> {
  return decide(ctx, handle, actor, async (tx, board, submission) => {
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const decided = { status, reviewedAt: ctx.now(), reviewedBy: reviewer } as const;
    if (submission.matchPk !== null) {
      const record = await ctx.repos.results.match(submission.matchPk, tx);
      if (!record) throw new TallyError('internal_error', `${handle} has no match`);
      if (decision === 'approve') await applyMatchRecord(ctx, tx, board, record);
      await ctx.repos.results.updateMatch(tx, record.pk, decided);
    } else if (submission.scorePk !== null) {
      const record = await ctx.repos.results.score(submission.scorePk, tx);
      if (!record) throw new TallyError('internal_error', `${handle} has no score`);
      if (decision === 'approve') await applyScoreRecord(ctx, tx, board, record);
      await ctx.repos.results.updateScore(tx, record.pk, decided);
    }
    return { status, reason: options.reason ?? null };
  });
}

/**
 * DESIGN.md 3 `adjusted`: a moderator corrects the result (winner, scoreline or score) and
 * approves it in one step. The correction is checked like a write's fields (spec 4.8, 4.9);
 * the rosters and the snapshot ratings stay as submitted.
 */
export async function adjust(
  ctx: Context,
  handle: string,
  correction: Correction,
  reviewer: string,
  actor: Actor,
): Promise<ReviewOutcome> {
  return decide(ctx, handle, actor, async (tx, board, submission) => {
    const decided = { status: 'adjusted', reviewedAt: ctx.now(), reviewedBy: reviewer } as const;
    if (submission.matchPk !== null) {
      const record = await ctx.repos.results.match(submission.matchPk, tx);
      if (!record) throw new TallyError('internal_error', `${handle} has no match`);
      const fields = { ...correctedMatch(board, correction), ...decided };
      await applyMatchRecord(ctx, tx, board, { ...record, ...fields });
      await ctx.repos.results.updateMatch(tx, record.pk, fields);
    } else if (submission.scorePk !== null) {
      const record = await ctx.repos.results.score(submission.scorePk, tx);
      if (!record) throw new TallyError('internal_error', `${handle} has no score`);
      const score = scoreValue(required(correction.score, 'score'));
      await applyScoreRecord(ctx, tx, board, { ...record, score });
      await ctx.repos.results.updateScore(tx, record.pk, { ...decided, score });
    }
    return { status: 'approved', reason: null };
  });
}

/** A field the Adjust form must carry; its range is the write's (src/domain/write-request.ts). */
function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new TallyError('invalid_request', `${field}: required`);
  return value;
}

/** spec 4.8: ELO boards take a winner, League boards a scoreline that decides the winner. */
function correctedMatch(
  board: Board,
  correction: Correction,
): Pick<Match, 'winner' | 'team1Score' | 'team2Score'> {
  if (board.type === 'League') {
    const team1Score = scorelineValue(
      required(correction.team1Score, 'team1_score'),
      'team1_score',
    );
    const team2Score = scorelineValue(
      required(correction.team2Score, 'team2_score'),
      'team2_score',
    );
    return { winner: winnerOf(team1Score, team2Score), team1Score, team2Score };
  }
  return { winner: winnerValue(correction.winner), team1Score: null, team2Score: null };
}

/**
 * Runs one decision on a pending submission with its board locked; a submission that is no
 * longer pending is refused, so nothing applies twice.
 */
async function decide(
  ctx: Context,
  handle: string,
  actor: Actor,
  apply: (
    tx: EntityManager,
    board: Board,
    submission: Submission,
  ) => Promise<{ status: 'approved' | 'rejected'; reason: string | null }>,
): Promise<ReviewOutcome> {
  const id = submissionIdOf(handle);
  const found = id === null ? null : await ctx.repos.submissions.byId(id);
  if (!found || !actsFor(actor, found.ownerId)) {
    throw new TallyError('not_found', `no submission ${handle}`);
  }
  const board = await ctx.repos.boards.byPk(found.boardPk);
  if (!board) throw new TallyError('not_found', `the board of ${handle} no longer exists`);
  return ctx.repos.db.transaction(async (tx) => {
    await ctx.repos.results.lockBoard(tx, board.pk, false);
    const submission = await ctx.repos.submissions.byId(found.id, tx);
    if (!submission || submission.status !== 'pending_review') {
      throw new TallyError(
        'invalid_request',
        `${handle} is not pending review (it is ${submission?.status ?? 'gone'})`,
      );
    }
    const { status, reason } = await apply(tx, board, submission);
    const fields = { status, expiresAt: null, failureReason: reason } as const;
    await ctx.repos.submissions.update(found.id, fields, tx);
    return { handle, status, submission: { ...submission, ...fields } };
  });
}

/** DESIGN.md 3: a window that runs out with no decision rejects the submission as expired. */
export async function expireOverdue(ctx: Context): Promise<ReviewOutcome[]> {
  const outcomes: ReviewOutcome[] = [];
  for (const submission of await ctx.repos.submissions.expired(ctx.now(), 100)) {
    try {
      outcomes.push(
        await review(ctx, formatHandle(submission.id), 'decline', 'expired', 'operator', {
          reason: 'the validation window ran out with no decision',
        }),
      );
    } catch (err) {
      if (!(err instanceof TallyError && err.code === 'invalid_request')) throw err; // decided meanwhile
    }
  }
  return outcomes;
}
