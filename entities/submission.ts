import { EntitySchema } from 'typeorm';
import { col } from './columns';

import type { SubmissionStatus } from '../src/domain/vocabulary';
import type { ConfirmState } from '../src/domain/confirmation';

/**
 * A submission handle, and the queue item itself (DESIGN.md 1: transactional outbox).
 * `payload` is the validated write as the pipeline reads it.
 */
export interface Submission {
  id: number; // sub_<id>
  ownerId: string;
  boardPk: number;
  kind: 'match' | 'score';
  payload: object;
  status: SubmissionStatus;
  matchPk: number | null;
  scorePk: number | null;
  failureReason: string | null;
  submittedBy: string;
  queuedAt: Date;
  claimedAt: Date | null;
  attempts: number;
  expiresAt: Date | null;
  // The review message (src/bot/review-poster.ts); written only by the bot, so optional on insert.
  /** `open`: a message is posted and must show the outcome; `closed`: it does. */
  reviewState?: 'open' | 'closed' | null;
  reviewChannelId?: string | null;
  reviewMessageId?: string | null;
  reviewPostedAt?: Date | null;
  /** Failed posts or edits in a row; the next try waits longer. */
  reviewAttempts?: number;
  /** No post or edit before this time: a retry backoff, or the lease of the process posting. */
  reviewRetryAt?: Date | null;
  // Opponent confirmation (src/domain/confirmation.ts, src/bot/confirm-poster.ts); null otherwise.
  confirmState?: ConfirmState | null;
  /** `chat:<id>` of who confirmed, disputed or withdrew; `silence` when the window ran out. */
  confirmBy?: string | null;
  confirmDueAt?: Date | null;
  /** The channel it was reported in, where the opponents' message goes. */
  confirmChannelId?: string | null;
  confirmMessageId?: string | null;
  /** `open`: shows the buttons; `moved`: says it went to the moderators; `closed`: the outcome. */
  confirmMessageState?: 'open' | 'moved' | 'closed' | null;
  // Evidence of a chat report (src/domain/evidence.ts): a link, and an attachment's CDN address.
  evidenceLink?: string | null;
  evidenceFileUrl?: string | null;
  evidenceFileKind?: 'image' | 'file' | null;
  /**
   * The chat submitter's DM about a review's outcome (src/bot/decision-notice.ts): `due` once
   * decided, then `done` (sent, or nothing to tell) or `refused` (Discord refused it for good).
   */
  noticeState?: 'due' | 'done' | 'refused' | null;
}

export const SubmissionEntity = new EntitySchema<Submission>({
  name: 'Submission',
  tableName: 'submissions',
  columns: {
    id: col.id(),
    ownerId: { ...col.text(40), name: 'owner_id' },
    boardPk: { ...col.int(), name: 'board_pk' },
    kind: col.text(5),
    payload: col.json(),
    status: col.text(16),
    matchPk: { ...col.int(true), name: 'match_pk' },
    scorePk: { ...col.int(true), name: 'score_pk' },
    failureReason: { ...col.text(300, true), name: 'failure_reason' },
    submittedBy: { ...col.text(40), name: 'submitted_by' },
    queuedAt: { ...col.time(), name: 'queued_at' },
    claimedAt: { ...col.time(true), name: 'claimed_at' },
    attempts: col.int(),
    expiresAt: { ...col.time(true), name: 'expires_at' },
    reviewState: { ...col.text(6, true), name: 'review_state' },
    reviewChannelId: { ...col.text(20, true), name: 'review_channel_id' },
    reviewMessageId: { ...col.text(20, true), name: 'review_message_id' },
    reviewPostedAt: { ...col.time(true), name: 'review_posted_at' },
    reviewAttempts: { ...col.int(), name: 'review_attempts', default: 0 },
    reviewRetryAt: { ...col.time(true), name: 'review_retry_at' },
    confirmState: { ...col.text(9, true), name: 'confirm_state' },
    confirmBy: { ...col.text(40, true), name: 'confirm_by' },
    confirmDueAt: { ...col.time(true), name: 'confirm_due_at' },
    confirmChannelId: { ...col.text(20, true), name: 'confirm_channel_id' },
    confirmMessageId: { ...col.text(20, true), name: 'confirm_message_id' },
    confirmMessageState: { ...col.text(6, true), name: 'confirm_message_state' },
    evidenceLink: { ...col.text(500, true), name: 'evidence_link' },
    evidenceFileUrl: { ...col.text(1000, true), name: 'evidence_file_url' },
    evidenceFileKind: { ...col.text(5, true), name: 'evidence_file_kind' },
    noticeState: { ...col.text(7, true), name: 'notice_state' },
  },
});
