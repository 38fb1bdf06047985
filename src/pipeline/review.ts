import type { Submission } from '../../entities/submission';
import { TallyError } from '../domain/errors';
import { HANDLE } from '../domain/ids';
import { applyMatchRecord, applyScoreRecord } from './apply';
import type { Context } from './context';

export type Decision = 'approve' | 'decline';

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
  options: { ownerId?: string; reason?: string } = {},
): Promise<ReviewOutcome> {
  const match = HANDLE.exec(handle);
  const id = match?.[1] ? Number(match[1]) : NaN;
  const found = Number.isSafeInteger(id) ? await ctx.repos.submissions.byId(id) : null;
  if (!found || (options.ownerId !== undefined && found.ownerId !== options.ownerId)) {
    throw new TallyError('not_found', `no submission ${handle}`);
  }
  const board = await ctx.repos.boards.byPk(found.boardPk);
  if (!board) throw new TallyError('not_found', `the board of ${handle} no longer exists`);
  return ctx.repos.db.transaction(async (tx) => {
    await ctx.repos.results.lockBoard(tx, board.pk, false);
    const submission = await ctx.repos.submissions.byId(id, tx);
    if (!submission || submission.status !== 'pending_review') {
      throw new TallyError(
        'invalid_request',
        `${handle} is not pending review (it is ${submission?.status ?? 'gone'})`,
      );
    }
    const now = ctx.now();
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const decided = { status, reviewedAt: now, reviewedBy: reviewer } as const;
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
    const fields = { status, expiresAt: null, failureReason: options.reason ?? null } as const;
    await ctx.repos.submissions.update(id, fields, tx);
    return { handle, status, submission: { ...submission, ...fields } };
  });
}

/** DESIGN.md 3: a window that runs out with no decision rejects the submission as expired. */
export async function expireOverdue(ctx: Context): Promise<ReviewOutcome[]> {
  const outcomes: ReviewOutcome[] = [];
  for (const submission of await ctx.repos.submissions.expired(ctx.now(), 100)) {
    try {
      outcomes.push(
        await review(ctx, `sub_${submission.id}`, 'decline', 'expired', {
          reason: 'the validation window ran out with no decision',
        }),
      );
    } catch (err) {
      if (!(err instanceof TallyError && err.code === 'invalid_request')) throw err; // decided meanwhile
    }
  }
  return outcomes;
}
