import type { Board } from '../../entities/board';
import type { Match } from '../../entities/match';
import type { MatchParticipant } from '../../entities/match-participant';
import type { Score } from '../../entities/score';
import type { Submission } from '../../entities/submission';
import { DISPLAY_DEFAULTS } from '../../src/domain/board-display';
import { DEFAULTS } from '../../src/domain/board-rules';
import type { BoardType } from '../../src/domain/vocabulary';
import type { ReviewView } from '../../src/pipeline/review-view';
import type { RankedEntry } from '../../src/pipeline/standings';

/**
 * The fast tier (issue 25 item 6): the data a use case returns, made by hand, so a message's
 * layout is tested without a database, a bot or the fake Discord (test/messages). Each maker
 * takes what the test cares about and fills the rest with plausible values.
 */
export const AT = new Date('2026-11-26T18:00:00Z');
export const GUILD = '804615273910462851';

export function aBoard(parts: Partial<Board> & { type?: BoardType } = {}): Board {
  const type = parts.type ?? 'ELO';
  return {
    pk: 7,
    ownerId: `guild:${GUILD}`,
    id: 'board_7',
    displayName: 'Ladder',
    type,
    sort: DEFAULTS.sortOf(type),
    teamSize: 1,
    fixedTeams: false,
    freeForAll: false,
    validationWindowHours: 24,
    kFactor: type === 'ELO' ? 32 : null,
    startRating: type === 'ELO' ? 1000 : null,
    pointsWin: type === 'League' ? 3 : null,
    pointsDraw: type === 'League' ? 1 : null,
    pointsLoss: type === 'League' ? 0 : null,
    moderatorChannelId: '900000000000000001',
    moderatorRoleId: null,
    evidenceRequired: false,
    private: false,
    ...DISPLAY_DEFAULTS,
    reviewMode: 'moderators',
    confirmWindowHours: 24,
    confirmOnSilence: 'confirm',
    createdAt: AT,
    ...parts,
  };
}

export function aSubmission(parts: Partial<Submission> = {}): Submission {
  return {
    id: 12,
    ownerId: `guild:${GUILD}`,
    boardPk: 7,
    kind: 'match',
    payload: {},
    status: 'pending_review',
    matchPk: 3,
    scorePk: null,
    failureReason: null,
    submittedBy: 'chat:111111111111111111',
    queuedAt: AT,
    claimedAt: AT,
    attempts: 1,
    expiresAt: new Date(AT.getTime() + 24 * 3_600_000),
    ...parts,
  };
}

export function aMatch(parts: Partial<Match> = {}): Match {
  return {
    pk: 3,
    boardPk: 7,
    number: 3,
    winner: 'team1',
    team1Score: null,
    team2Score: null,
    status: 'pending',
    submittedAt: AT,
    submittedBy: 'chat:111111111111111111',
    submissionId: 12,
    reviewedAt: null,
    reviewedBy: null,
    ...parts,
  };
}

/** One player a side: `[name, rating before, change]` each. */
export function aRoster(
  team1: [string, number | null, number | null][],
  team2: [string, number | null, number | null][],
): MatchParticipant[] {
  const side = (n: 1 | 2, players: typeof team1) =>
    players.map(([name, eloBefore, eloDelta], position) => ({
      matchPk: 3,
      side: n,
      position,
      boardPk: 7,
      matchNumber: 3,
      playerId: `custom:${name}`,
      playerName: name,
      eloBefore,
      eloDelta,
    }));
  return [...side(1, team1), ...side(2, team2)];
}

export function aScore(parts: Partial<Score> = {}): Score {
  return {
    pk: 5,
    boardPk: 7,
    playerId: 'custom:Maya',
    playerName: 'Maya',
    score: 62_500,
    status: 'pending',
    submittedAt: AT,
    submittedBy: 'api',
    submissionId: 12,
    reviewedAt: null,
    reviewedBy: null,
    ...parts,
  };
}

/** A review message's view of a match: pending unless `status` says otherwise. */
export function aMatchReview(
  roster: MatchParticipant[],
  parts: { board?: Board; match?: Partial<Match>; submission?: Partial<Submission> } = {},
): ReviewView {
  return {
    handle: 'sub_12',
    board: parts.board ?? aBoard(),
    submission: aSubmission(parts.submission),
    record: { kind: 'match', match: aMatch(parts.match), roster },
    corrected: null,
  };
}

export function anEntry(rank: number, name: string, parts: Partial<RankedEntry> = {}): RankedEntry {
  return {
    rank,
    playerId: `custom:${name}`,
    playerName: name,
    score: null,
    elo: 1000,
    rankKey: -1000,
    wins: 0,
    draws: 0,
    losses: 0,
    submissions: null,
    lastSub: AT,
    ...parts,
  };
}
