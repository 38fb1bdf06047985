import { EntitySchema } from 'typeorm';
import type { QueueSettings } from '../src/domain/matchmaking';
import { col } from './columns';

/**
 * A board's matchmaking queue (issue 28; src/pipeline/queues.ts): its settings, and where its
 * message with Join and Leave lives. `version` moves on with every change a member could see
 * (who waits, the settings, the place); the bot edits the message until `shownVersion` catches
 * up, one process at a time (`leasedUntil`), backing off (`retryAt`) or, refused for good
 * (`refused`), leaving it until the message is placed again.
 */
export interface Queue extends QueueSettings {
  pk: number;
  boardPk: number;
  ownerId: string;
  channelId: string | null;
  messageId: string | null;
  version: number;
  shownVersion: number;
  posts: number;
  leasedUntil: Date | null;
  retryAt: Date | null;
  attempts: number;
  refused: string | null;
  /** When an admin closed it; a closed queue takes nobody, and its message says so. */
  closedAt: Date | null;
  createdAt: Date;
}

/**
 * Someone waiting in a queue: a member (`chat:<id>`), or on a fixed-teams board a team
 * (`team:<pk>`) queued by a member (`joinedBy`, who is pinged and presses Ready). One row per
 * entrant and one per member across every queue: a member waits in one queue at a time.
 * `since` is when they joined, or the place they kept when a ready check failed for someone else.
 */
export interface QueueWait {
  entrant: string;
  joinedBy: string;
  queuePk: number;
  since: Date;
}

export type QueueMatchState = 'ready' | 'playing' | 'reporting' | 'reported' | 'cancelled';

/**
 * A match the queue formed: its sides as the queue split them, side 1's predicted score
 * (the board's own rule, from the ratings then), and where it stands: a ready check until
 * `readyBy`, then played until `reportBy`, then reported as `submissionId` (which goes through
 * the board's confirmation or review) or cancelled (`reason`). Its message is posted and edited
 * as the queue's is (`version`, `shownVersion`, the lease).
 */
export interface QueueMatch {
  pk: number;
  queuePk: number;
  boardPk: number;
  state: QueueMatchState;
  /** Side 1's expected score, in millionths (one portable integer column on both databases). */
  predictedPpm: number;
  readyBy: Date;
  reportBy: Date | null;
  submissionId: number | null;
  reportedBy: string | null;
  reason: string | null;
  channelId: string | null;
  messageId: string | null;
  version: number;
  shownVersion: number;
  leasedUntil: Date | null;
  retryAt: Date | null;
  attempts: number;
  createdAt: Date;
}

/**
 * One entrant of a formed match: their side (1 or 2), rating when matched, since when they
 * waited (their place if they go back in), when they pressed Ready. `busy` is the member while
 * the match is open and null after: a unique column, so no member is ever in two open matches,
 * whichever process formed them.
 */
export interface QueuePlayer {
  matchPk: number;
  entrant: string;
  joinedBy: string;
  side: number;
  rating: number;
  since: Date;
  readyAt: Date | null;
  busy: string | null;
}

export const QueueEntity = new EntitySchema<Queue>({
  name: 'Queue',
  tableName: 'queues',
  columns: {
    pk: col.id(),
    boardPk: { ...col.int(), name: 'board_pk' },
    ownerId: { ...col.text(40), name: 'owner_id' },
    channelId: { ...col.text(20, true), name: 'channel_id' },
    messageId: { ...col.text(20, true), name: 'message_id' },
    windowStart: { ...col.int(), name: 'window_start' },
    windowGrowthPerMinute: { ...col.int(), name: 'window_growth' },
    windowMax: { ...col.int(), name: 'window_max' },
    readySeconds: { ...col.int(), name: 'ready_seconds' },
    reportMinutes: { ...col.int(), name: 'report_minutes' },
    version: { ...col.int(), default: 0 },
    shownVersion: { ...col.int(), name: 'shown_version', default: 0 },
    posts: { ...col.int(), default: 0 },
    leasedUntil: { ...col.time(true), name: 'leased_until' },
    retryAt: { ...col.time(true), name: 'retry_at' },
    attempts: { ...col.int(), default: 0 },
    refused: col.text(200, true),
    closedAt: { ...col.time(true), name: 'closed_at' },
    createdAt: { ...col.time(), name: 'created_at' },
  },
});

export const QueueWaitEntity = new EntitySchema<QueueWait>({
  name: 'QueueWait',
  tableName: 'queue_waits',
  columns: {
    entrant: { ...col.text(40), primary: true },
    joinedBy: { ...col.text(40), name: 'joined_by' },
    queuePk: { ...col.int(), name: 'queue_pk' },
    since: col.time(),
  },
});

export const QueueMatchEntity = new EntitySchema<QueueMatch>({
  name: 'QueueMatch',
  tableName: 'queue_matches',
  columns: {
    pk: col.id(),
    queuePk: { ...col.int(), name: 'queue_pk' },
    boardPk: { ...col.int(), name: 'board_pk' },
    state: col.text(10),
    predictedPpm: { ...col.int(), name: 'predicted_ppm' },
    readyBy: { ...col.time(), name: 'ready_by' },
    reportBy: { ...col.time(true), name: 'report_by' },
    submissionId: { ...col.int(true), name: 'submission_id' },
    reportedBy: { ...col.text(40, true), name: 'reported_by' },
    reason: col.text(500, true),
    channelId: { ...col.text(20, true), name: 'channel_id' },
    messageId: { ...col.text(20, true), name: 'message_id' },
    version: { ...col.int(), default: 0 },
    shownVersion: { ...col.int(), name: 'shown_version', default: 0 },
    leasedUntil: { ...col.time(true), name: 'leased_until' },
    retryAt: { ...col.time(true), name: 'retry_at' },
    attempts: { ...col.int(), default: 0 },
    createdAt: { ...col.time(), name: 'created_at' },
  },
});

export const QueuePlayerEntity = new EntitySchema<QueuePlayer>({
  name: 'QueuePlayer',
  tableName: 'queue_players',
  columns: {
    matchPk: { type: 'int', primary: true, name: 'match_pk' },
    entrant: { ...col.text(40), primary: true },
    joinedBy: { ...col.text(40), name: 'joined_by' },
    side: col.int(),
    rating: col.int(),
    since: col.time(),
    readyAt: { ...col.time(true), name: 'ready_at' },
    busy: col.text(40, true),
  },
});
