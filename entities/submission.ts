import { EntitySchema } from 'typeorm';
import { col } from './columns';

import type { SubmissionStatus } from '../src/domain/vocabulary';

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
  },
});
