import { EntitySchema } from 'typeorm';
import type { ContestEntry, ContestSettings } from '../src/domain/contest';
import { col } from './columns';

/** A Rating board's contest (src/domain/contest.ts): settings, entries, votes, reports, images. */
export type { ContestEntry, ContestSettings };

export const ContestSettingsEntity = new EntitySchema<ContestSettings>({
  name: 'ContestSettings',
  tableName: 'contest_settings',
  columns: {
    boardPk: { type: 'int', primary: true, name: 'board_pk' },
    entriesPerMember: { ...col.int(), name: 'entries_per_member' },
    approval: col.bool(),
    channelId: { ...col.text(20, true), name: 'channel_id' },
    submissionsUntil: { ...col.time(true), name: 'submissions_until' },
    votingUntil: { ...col.time(true), name: 'voting_until' },
    minVotes: { ...col.int(), name: 'min_votes' },
    changedAt: { ...col.time(true), name: 'changed_at' },
  },
});

export const ContestEntryEntity = new EntitySchema<ContestEntry>({
  name: 'ContestEntry',
  tableName: 'contest_entries',
  columns: {
    pk: col.id(),
    boardPk: { ...col.int(), name: 'board_pk' },
    authorId: { ...col.text(160), name: 'author_id' },
    authorName: { ...col.text(100), name: 'author_name' },
    title: col.text(100),
    imageHash: { ...col.text(64), name: 'image_hash' },
    thumbHash: { ...col.text(64), name: 'thumb_hash' },
    width: col.int(),
    height: col.int(),
    status: col.text(10),
    reason: col.text(200, true),
    votes: col.int(),
    voteSum: { ...col.int(), name: 'vote_sum' },
    reports: col.int(),
    createdAt: { ...col.time(), name: 'created_at' },
    decidedAt: { ...col.time(true), name: 'decided_at' },
    seasonPk: { ...col.int(true), name: 'season_pk' },
    finalRank: { ...col.int(true), name: 'final_rank' },
    postChannelId: { ...col.text(20, true), name: 'post_channel_id' },
    postMessageId: { ...col.text(20, true), name: 'post_message_id' },
    postedVotes: { ...col.int(), name: 'posted_votes' },
    postedAt: { ...col.time(true), name: 'posted_at' },
    postLease: { ...col.time(true), name: 'post_lease' },
    reviewState: { ...col.text(8), name: 'review_state' },
    reviewChannelId: { ...col.text(20, true), name: 'review_channel_id' },
    reviewMessageId: { ...col.text(20, true), name: 'review_message_id' },
    noticeState: { ...col.text(8), name: 'notice_state' },
  },
});

/** One member's vote on one entry: changed in place, never shown under the voter's name. */
export interface ContestVote {
  entryPk: number;
  voterId: string;
  value: number;
  at: Date;
}

export const ContestVoteEntity = new EntitySchema<ContestVote>({
  name: 'ContestVote',
  tableName: 'contest_votes',
  columns: {
    entryPk: { type: 'int', primary: true, name: 'entry_pk' },
    voterId: { ...col.text(160), primary: true, name: 'voter_id' },
    value: col.int(),
    at: col.time(),
  },
});

/** A member's report of an entry to the moderators (one per member and entry). */
export interface ContestReport {
  entryPk: number;
  reporterId: string;
  at: Date;
}

export const ContestReportEntity = new EntitySchema<ContestReport>({
  name: 'ContestReport',
  tableName: 'contest_reports',
  columns: {
    entryPk: { type: 'int', primary: true, name: 'entry_pk' },
    reporterId: { ...col.text(160), primary: true, name: 'reporter_id' },
    at: col.time(),
  },
});

/**
 * A stored picture, named by the SHA-256 of its WebP bytes (src/render/intake.ts): in the
 * database, so every process of a deployment serves the same image and a backup holds it.
 */
export interface StoredImageRow {
  hash: string;
  contentType: string;
  width: number;
  height: number;
  size: number;
  data: Buffer;
  createdAt: Date;
}

export const ImageEntity = new EntitySchema<StoredImageRow>({
  name: 'Image',
  tableName: 'images',
  columns: {
    hash: { ...col.text(64), primary: true },
    contentType: { ...col.text(20), name: 'content_type' },
    width: col.int(),
    height: col.int(),
    size: col.int(),
    data: { type: 'blob' },
    createdAt: { ...col.time(), name: 'created_at' },
  },
});
