import type { Board } from '../../entities/board';
import type { Submission } from '../../entities/submission';
import type { SubmissionState } from '../domain/display';
import { HANDLE_LIFETIME_MS, handleStatus } from '../domain/handle-status';
import { chatPlayerId, formatHandle } from '../domain/ids';
import type { MatchStatus } from '../domain/vocabulary';
import type { Context } from './context';
import { t } from '../domain/i18n';
import { EXPIRY_REASON } from './review';
import { recordOf, summaryOf } from './review-queue';

/** At most this many of a member's submissions are listed, newest first. */
export const MEMBER_SUBMISSIONS_LIMIT = 50;

/** One of a member's own submissions, as they read it on the dashboard. */
export interface MemberSubmission {
  handle: string;
  /** Null if the board was deleted since. */
  board: Pick<Board, 'id' | 'displayName'> | null;
  kind: Submission['kind'];
  /** `Ali beat Cy 3–1`, `Maya Chen 1:02.500` (review-queue.ts summaryOf). */
  summary: string;
  state: SubmissionState;
  /** Why it was declined, expired or failed, as recorded; null otherwise. */
  reason: string | null;
  submittedAt: Date;
}

/**
 * A member's own reports of scores and matches to a server's boards (those they sent from chat,
 * `chat:<id>`), newest first, over the 30 days a handle resolves (spec 3.1): what each was and
 * where it stands; the summaries in `locale`'s language (English when none is given).
 */
export async function memberSubmissions(
  ctx: Context,
  input: { ownerId: string; userId: string; limit?: number; locale?: string | null },
): Promise<MemberSubmission[]> {
  const since = new Date(ctx.now().getTime() - HANDLE_LIFETIME_MS);
  const rows = await ctx.repos.submissions.recentBy(
    input.ownerId,
    chatPlayerId(input.userId),
    since,
    input.limit ?? MEMBER_SUBMISSIONS_LIMIT,
  );
  const records = await ctx.repos.submissions.pendingRecords(rows);
  const boards = new Map<number, Board | null>();
  for (const pk of new Set(rows.map((r) => r.boardPk))) {
    boards.set(pk, await ctx.repos.boards.byPk(pk));
  }
  const recordStatus = (row: Submission): MatchStatus | null =>
    (row.matchPk !== null
      ? records.matches.find((m) => m.pk === row.matchPk)?.status
      : records.scores.find((s) => s.pk === row.scorePk)?.status) ?? null;
  return rows.map((row) => {
    const board = boards.get(row.boardPk) ?? null;
    const record = board ? recordOf(row, board, records) : null;
    const state = stateOf(row, recordStatus(row));
    return {
      handle: formatHandle(row.id),
      board: board && { id: board.id, displayName: board.displayName },
      kind: row.kind,
      summary: record
        ? summaryOf(record, input.locale ?? null)
        : t(input.locale, row.kind === 'match' ? 'review.list.aMatch' : 'review.list.aScore'),
      state,
      reason: ['declined', 'expired', 'failed'].includes(state) ? row.failureReason : null,
      submittedAt: row.queuedAt,
    };
  });
}

/** The handle's status (domain/handle-status.ts), told apart as its submitter needs it. */
function stateOf(row: Submission, record: MatchStatus | null): SubmissionState {
  const status = handleStatus(row.status, record);
  switch (status) {
    case 'queued':
    case 'processing':
      return 'recording';
    case 'pending_review':
      return row.confirmState === 'awaiting' ? 'awaiting_opponents' : 'awaiting_review';
    case 'approved':
      return record === 'adjusted' || record === 'set' ? 'corrected' : 'applied';
    case 'failed':
      return 'failed';
    case 'rejected':
      if (row.confirmState === 'withdrawn') return 'withdrawn';
      return row.failureReason === EXPIRY_REASON ? 'expired' : 'declined';
  }
}
