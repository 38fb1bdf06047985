import type { Board } from '../../entities/board';
import { CONTEST_DEFAULTS } from '../../src/domain/contest';
import type { Season } from '../../src/domain/season';
import type {
  ContestEntry,
  ContestPage,
  ContestSettings,
  RankedContestEntry,
  RoundPage,
} from '../../src/pipeline/contest-reads';
import { aBoard, AT } from './views';

/**
 * The fast tier's contest data (test/support/views.ts has the rest): a Rating board, its
 * settings, entries with a standing, a page of them, an ended round, made by hand.
 */
export const aRatingBoard = (parts: Partial<Board> = {}) =>
  aBoard({ type: 'Rating', displayName: 'Photo Contest', ...parts });

export const someSettings = (parts: Partial<ContestSettings> = {}): ContestSettings => ({
  boardPk: 7,
  entriesPerMember: CONTEST_DEFAULTS.entriesPerMember,
  approval: false,
  channelId: null,
  submissionsUntil: null,
  votingUntil: null,
  minVotes: 3,
  changedAt: null,
  ...parts,
});

/** An entry as the store returns it: live, by a member, with no votes unless `parts` says. */
export function aContestEntry(pk: number, parts: Partial<ContestEntry> = {}): ContestEntry {
  const entry: ContestEntry = {
    pk,
    boardPk: 7,
    authorId: `chat:11111111111111111${pk % 10}`,
    authorName: `Author ${pk}`,
    title: `Entry ${pk}`,
    imageHash: 'a'.repeat(64),
    thumbHash: 'b'.repeat(64),
    width: 1920,
    height: 1080,
    status: 'live',
    reason: null,
    votes: 0,
    voteSum: 0,
    reports: 0,
    createdAt: AT,
    decidedAt: AT,
    seasonPk: null,
    finalRank: null,
    postChannelId: null,
    postMessageId: null,
    postedVotes: 0,
    postedAt: null,
    postLease: null,
    reviewState: 'none',
    reviewChannelId: null,
    reviewMessageId: null,
    noticeState: 'none',
    ...parts,
  };
  return entry;
}

/** An entry with its standing: `rank` null is unranked; the average follows the votes given. */
export function aRankedEntry(
  pk: number,
  rank: number | null,
  score: number,
  votes: number,
  parts: Partial<ContestEntry> = {},
): RankedContestEntry {
  const average = parts.voteSum !== undefined && votes > 0 ? parts.voteSum / votes : null;
  return { ...aContestEntry(pk, { votes, ...parts }), rank, score, average };
}

export function aContestPage(
  entries: RankedContestEntry[],
  parts: Partial<ContestPage> = {},
): ContestPage {
  return {
    board: aRatingBoard(),
    settings: someSettings(),
    entries,
    from: 0,
    total: entries.length,
    more: false,
    ...parts,
  };
}

export const anEndedRound = (parts: Partial<Season> = {}): Season => ({
  pk: 41,
  boardPk: 7,
  number: 1,
  name: 'Autumn',
  startedAt: new Date('2026-09-01T00:00:00Z'),
  endsAt: new Date('2026-10-01T00:00:00Z'),
  endedAt: new Date('2026-10-01T00:00:00Z'),
  reset: 'hard',
  softPercent: 50,
  channelId: '900000000000000002',
  topN: 10,
  repeat: false,
  ...parts,
});

export const aRoundPage = (
  entries: RankedContestEntry[],
  parts: Partial<RoundPage> = {},
): RoundPage => ({ ...aContestPage(entries), season: anEndedRound(), ...parts });
