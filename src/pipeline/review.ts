import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import type { Match } from '../../entities/match';
import type { Submission } from '../../entities/submission';
import { refusal, TallyError } from '../domain/errors';
import { formatHandle, submissionIdOf } from '../domain/ids';
import { winnerOf } from '../domain/league';
import { scoreValue, scorelineValue, winnerValue } from '../domain/write-request';
import { applyMatchRecord, applyScoreRecord } from './apply';
import { recordAudit } from './audit';
import { matchResult, reviewLine, scoreResult, type ReviewAuditOutcome } from './audit-lines';
import { actsFor, type Actor, type Context } from './context';
import { closeDueSeasons } from './seasons';
import { utcMinute } from '../domain/display';

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
  /** The row as the decision left it, and its board: what a redrawn message shows. */
  submission: Submission;
  board: Board;
}

/**
 * The submission and its board as the caller already read them (a moderator's press checks
 * them first): the decision reads neither again before it locks the board, only the pending row
 * under the lock.
 */
export interface Known {
  submission: Submission;
  board: Board;
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
  options: { reason?: string; guard?: Guard; known?: Known } = {},
): Promise<ReviewOutcome> {
  return decide(
    ctx,
    handle,
    actor,
    (tx, board, submission) =>
      settle(ctx, tx, board, submission, decision, reviewer, options.reason ?? null),
    {
      applies: decision === 'approve',
      ...(options.guard ? { guard: options.guard } : {}),
      ...(options.known ? { known: options.known } : {}),
    },
  );
}

/**
 * A further condition on the pending row, checked with the board locked (opponent confirmation,
 * src/pipeline/confirm.ts): it throws to refuse, or returns fields written with the decision.
 */
export type Guard = (pending: Submission) => Partial<Submission>;

/** Applies (approve) or only closes (decline) the submission's match or score record. */
async function settle(
  ctx: Context,
  tx: EntityManager,
  board: Board,
  submission: Submission,
  decision: Decision,
  reviewer: string,
  reason: string | null,
): Promise<Settled> {
  const handle = formatHandle(submission.id);
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const decided = { status, reviewedAt: ctx.now(), reviewedBy: reviewer } as const;
  if (submission.matchPk !== null) {
    const record = await ctx.repos.results.match(submission.matchPk, tx);
    if (!record) throw new TallyError('internal_error', `${handle} has no match`);
    if (decision === 'approve') await applyMatchRecord(ctx, tx, board, record);
    await ctx.repos.results.updateMatch(tx, record.pk, decided);
    const roster = await ctx.repos.results.roster(record.pk, tx);
    const result = (locale: string) => matchResult(board, record, roster, locale);
    await auditReview(ctx, tx, board, handle, reviewer, result, reason, decision);
  } else if (submission.scorePk !== null) {
    const record = await ctx.repos.results.score(submission.scorePk, tx);
    if (!record) throw new TallyError('internal_error', `${handle} has no score`);
    if (decision === 'approve') await applyScoreRecord(ctx, tx, board, record);
    await ctx.repos.results.updateScore(tx, record.pk, decided);
    const result = (locale: string) => scoreResult(board, record, locale);
    await auditReview(ctx, tx, board, handle, reviewer, result, reason, decision);
  }
  return { status, reason };
}

type Settled = { status: 'approved' | 'rejected'; reason: string | null };

/** The decision's audit line, in its transaction (README "Audit channel"). */
async function auditReview(
  ctx: Context,
  tx: EntityManager,
  board: Board,
  handle: string,
  reviewer: string,
  result: (locale: string) => string,
  reason: string | null,
  decision: Decision | 'adjust',
) {
  const outcome: ReviewAuditOutcome =
    reviewer === 'expired'
      ? 'expired'
      : decision === 'approve'
        ? 'approved'
        : decision === 'adjust'
          ? 'adjusted'
          : 'declined';
  // Written in the server's language (recordAudit asks it), the result's words too.
  await recordAudit(ctx, tx, board.ownerId, (locale) =>
    reviewLine({ outcome, by: reviewer, handle, board, result: result(locale), reason }, locale),
  );
}

export const EXPIRY_REASON = 'the validation window ran out with no decision';

/** The window has run out (999-hour boards have none): only the expiry may close it now. */
const overdue = (submission: Submission, now: Date) =>
  submission.expiresAt !== null && submission.expiresAt.getTime() <= now.getTime();

/** `2026-11-23 14:05 UTC`: how a refusal names the moment a window ran out, chat and CLI alike. */

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
  known?: Known,
): Promise<ReviewOutcome> {
  const options = known ? { known } : {};
  return decide(
    ctx,
    handle,
    actor,
    async (tx, board, submission) => {
      const decided = { status: 'adjusted', reviewedAt: ctx.now(), reviewedBy: reviewer } as const;
      if (submission.matchPk !== null) {
        const record = await ctx.repos.results.match(submission.matchPk, tx);
        if (!record) throw new TallyError('internal_error', `${handle} has no match`);
        const fields = { ...correctedMatch(board, correction), ...decided };
        await applyMatchRecord(ctx, tx, board, { ...record, ...fields });
        await ctx.repos.results.updateMatch(tx, record.pk, fields);
        const roster = await ctx.repos.results.roster(record.pk, tx);
        const result = (locale: string) =>
          matchResult(board, { ...record, ...fields }, roster, locale);
        await auditReview(ctx, tx, board, handle, reviewer, result, null, 'adjust');
      } else if (submission.scorePk !== null) {
        const record = await ctx.repos.results.score(submission.scorePk, tx);
        if (!record) throw new TallyError('internal_error', `${handle} has no score`);
        const score = scoreValue(required(correction.score, 'score'));
        await applyScoreRecord(ctx, tx, board, { ...record, score, status: 'adjusted' });
        await ctx.repos.results.updateScore(tx, record.pk, { ...decided, score });
        const result = (locale: string) => scoreResult(board, { ...record, score }, locale);
        await auditReview(ctx, tx, board, handle, reviewer, result, null, 'adjust');
      }
      return { status: 'approved', reason: null };
    },
    options,
  );
}

/** A field the Adjust form must carry; its range is the write's (src/domain/write-request.ts). */
export function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new TallyError('invalid_request', `${field}: required`);
  return value;
}

/** spec 4.8: ELO boards take a winner, League boards a scoreline that decides the winner. */
export function correctedMatch(
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
  apply: (tx: EntityManager, board: Board, submission: Submission) => Promise<Settled>,
  options: {
    /** The expiry sweep: an overdue submission is its work, not a refusal. */
    expiring?: boolean;
    /** The decision changes standings (approve, adjust). */
    applies?: boolean;
    guard?: Guard;
    known?: Known;
  } = {},
): Promise<ReviewOutcome> {
  const { expiring = false, applies = true, known } = options;
  const id = submissionIdOf(handle);
  const found =
    id === null
      ? null
      : known?.submission.id === id
        ? known.submission
        : await ctx.repos.submissions.byId(id);
  if (!found || !actsFor(actor, found.ownerId)) {
    throw refusal('not_found', 'review.decide.noSubmission', { handle });
  }
  const board =
    known?.board.pk === found.boardPk ? known.board : await ctx.repos.boards.byPk(found.boardPk);
  if (!board) throw refusal('not_found', 'review.decide.boardGone', { handle });
  const outcome = await ctx.repos.db.transaction(async (tx) => {
    await ctx.repos.results.lockBoard(tx, board.pk, false);
    // A decision after a season's end counts in the next season (src/domain/season.ts); while
    // the ended season waits for results queued before its end, an approval waits too.
    if ((await closeDueSeasons(ctx, tx, board, ctx.now())).waiting && applies) {
      throw refusal('board_locked', 'review.decide.seasonClosing', { handle });
    }
    const submission = await ctx.repos.submissions.byId(found.id, tx);
    if (!submission || submission.status !== 'pending_review') {
      const status = submission?.status ?? 'gone';
      throw refusal('invalid_request', 'review.decide.notPending', { handle, status });
    }
    // A decision after the window is refused, and the expiry the sweep would have made is made
    // now: without a worker running, an overdue submission still expires at its first touch.
    const guarded = options.guard?.(submission) ?? {};
    const expiredAt = overdue(submission, ctx.now()) ? submission.expiresAt : null;
    const { status, reason } = expiredAt
      ? await settle(ctx, tx, board, submission, 'decline', 'expired', EXPIRY_REASON)
      : await apply(tx, board, submission);
    // A member who reported it in chat is told the outcome by DM (src/bot/review-poster.ts).
    const noticeState = submission.submittedBy.startsWith('chat:') ? 'due' : null;
    const fields = {
      ...guarded,
      status,
      expiresAt: null,
      failureReason: reason,
      noticeState,
    } as const;
    await ctx.repos.submissions.update(found.id, fields, tx);
    return { handle, status, submission: { ...submission, ...fields }, board, expiredAt };
  });
  const { expiredAt, ...decided } = outcome;
  if (expiredAt && !expiring) {
    const when = utcMinute(expiredAt);
    throw refusal('invalid_request', 'review.decide.expired', { handle, when });
  }
  return decided;
}

/** DESIGN.md 3: a window that runs out with no decision rejects the submission as expired. */
export async function expireOverdue(ctx: Context): Promise<ReviewOutcome[]> {
  const outcomes: ReviewOutcome[] = [];
  for (const submission of await ctx.repos.submissions.expired(ctx.now(), 100)) {
    try {
      const handle = formatHandle(submission.id);
      const expire = (tx: EntityManager, board: Board, pending: Submission) =>
        settle(ctx, tx, board, pending, 'decline', 'expired', EXPIRY_REASON);
      outcomes.push(
        await decide(ctx, handle, 'operator', expire, { expiring: true, applies: false }),
      );
    } catch (err) {
      if (!(err instanceof TallyError && err.code === 'invalid_request')) throw err; // decided meanwhile
    }
  }
  return outcomes;
}
