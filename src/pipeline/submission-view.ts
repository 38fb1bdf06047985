import type { Board } from '../../entities/board';
import type { Submission } from '../../entities/submission';
import { boardUrl } from '../domain/board-url';
import { invalidSaid, refusal } from '../domain/errors';
import { HANDLE_LIFETIME_MS, handleStatus, isApplied } from '../domain/handle-status';
import { formatHandle, HANDLE_SYNTAX, submissionIdOf } from '../domain/ids';
import type { MatchStatus, SubmissionStatus } from '../domain/vocabulary';
import type { Context } from './context';

/** A handle's view (spec 2.8): the fields of the Submission resource, in domain names. */
export interface SubmissionView {
  handle: string;
  status: SubmissionStatus;
  /** The board's public id ('' if the board is gone). */
  board: string;
  match: { id: number; url: string; applied: boolean } | null;
}

/** The match or score a submission created, as a handle shows it. */
export interface RecordRef {
  status: MatchStatus;
  /** The match's per-board number, or the score's pk (a score's "match" id). */
  id: number;
}

/** The live state of a handle (spec 2.8): read from the match or score row once one exists. */
export async function viewOf(ctx: Context, submission: Submission): Promise<SubmissionView> {
  const board = await ctx.repos.boards.byPk(submission.boardPk);
  const record =
    submission.matchPk !== null
      ? await ctx.repos.results.match(submission.matchPk)
      : submission.scorePk !== null
        ? await ctx.repos.results.score(submission.scorePk)
        : null;
  const ref = record && {
    status: record.status,
    id: 'number' in record ? record.number : record.pk,
  };
  return viewFrom(ctx, submission, board, ref);
}

/** The view from rows already read: the submission, its board (null if gone) and its record. */
export function viewFrom(
  ctx: Context,
  submission: Pick<Submission, 'id' | 'status'>,
  board: Pick<Board, 'ownerId' | 'id'> | null,
  record: RecordRef | null,
): SubmissionView {
  return {
    handle: formatHandle(submission.id),
    status: handleStatus(submission.status, record?.status ?? null),
    board: board?.id ?? '',
    match:
      record && board
        ? {
            id: record.id,
            url: boardUrl(ctx.config.publicUrl, board),
            applied: isApplied(record.status),
          }
        : null,
  };
}

/**
 * A handle as its owner resolves it (spec 4.10): a malformed handle is a 422; another owner's,
 * an unknown or one older than 30 days (spec 3.1) is the same 404.
 */
export async function submissionByHandle(
  ctx: Context,
  ownerId: string,
  handle: string,
): Promise<SubmissionView> {
  if (!HANDLE_SYNTAX.test(handle)) {
    throw invalidSaid('review.decide.badHandle');
  }
  const id = submissionIdOf(handle);
  const submission = id === null ? null : await ctx.repos.submissions.byId(id);
  const expired =
    submission && ctx.now().getTime() - submission.queuedAt.getTime() > HANDLE_LIFETIME_MS;
  if (!submission || submission.ownerId !== ownerId || expired) {
    throw refusal('not_found', 'review.decide.noHandle', { handle });
  }
  return viewOf(ctx, submission);
}
