/**
 * The spec's vocabulary (spec 2, 3): board types and sorts, result and handle states, winners,
 * API access. Declared here, in the pure domain, so rules can use them without the TypeORM
 * entities (which import them to type their columns).
 */
export const BOARD_TYPES = ['Classic', 'Highscore', 'Time', 'ELO', 'League', 'Rating'] as const;
export type BoardType = (typeof BOARD_TYPES)[number];
export type BoardSort = 'asc' | 'desc';

/** A match's or score's status (spec 2.5, 2.6): `adjusted` and `set` are moderator records. */
export const RESULT_STATUSES = ['pending', 'approved', 'rejected', 'adjusted', 'set'] as const;
export type MatchStatus = (typeof RESULT_STATUSES)[number];
export type ScoreStatus = MatchStatus;
export const MATCH_STATUSES: readonly MatchStatus[] = RESULT_STATUSES;

export type Winner = 'team1' | 'team2' | 'draw';

/** Who checks members' reports: the moderators (spec 2.2's review), or the opponents first. */
export type ReviewMode = 'moderators' | 'opponents';

/** What silence until the end of the confirmation window does. */
export type OnSilence = 'confirm' | 'escalate';

/** A submission row's own state (DESIGN.md 3, handle status); the handle reads the live row. */
export type SubmissionStatus =
  'queued' | 'processing' | 'pending_review' | 'approved' | 'rejected' | 'failed';

export type ApiAccess = 'none' | 'requested' | 'open' | 'withdrawn';
