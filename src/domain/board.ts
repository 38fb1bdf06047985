import type { BoardSort, BoardType, OnSilence, ReviewMode } from './vocabulary';

/** A board and its rules (spec 2.2), as the domain reads it; entities/board.ts stores it. */
export interface Board {
  pk: number;
  ownerId: string;
  /** The public, immutable id (spec 2.1): `board_<n>` or an older free-form id. */
  id: string;
  displayName: string;
  type: BoardType;
  sort: BoardSort;
  teamSize: number;
  fixedTeams: boolean;
  freeForAll: boolean;
  validationWindowHours: number;
  kFactor: number | null;
  startRating: number | null;
  pointsWin: number | null;
  pointsDraw: number | null;
  pointsLoss: number | null;
  moderatorChannelId: string | null;
  moderatorRoleId: string | null;
  /** Chat reports must carry a link or an attachment; API writes are unaffected (README). */
  evidenceRequired: boolean;
  /** Members' match reports wait for their opponents first (src/domain/confirmation.ts). */
  reviewMode: ReviewMode;
  confirmWindowHours: number;
  confirmOnSilence: OnSilence;
  /**
   * Off the public pages (issue 27 item 6): its pages, pictures and index line are a 404 to all
   * but signed-in members of its server (src/pipeline/public-reads.ts mayView); the API is as before.
   */
  private: boolean;
  /** How its standings look (src/domain/board-display.ts): medals on the top three and the podium. */
  medals: boolean;
  /** Ranks on a page of standings in chat: /leaderboard's pages, the live standings message. */
  standingsSize: number;
  /** The optional columns: a match board's record, another board's submissions count. */
  showRecord: boolean;
  showSubmissions: boolean;
  createdAt: Date;
}
