import type { Board } from '../../entities/board';
import type { HistoryKind } from '../domain/history';

/**
 * What a player's profile and a head-to-head read (issue 14 item 2): the same values for the
 * chat command, the public player page and the pictures.
 */

export type { HistoryKind };

/** One change of a participant's value on a board, with its cause. */
export interface HistoryPoint {
  at: Date;
  /** The ranking value after the change (rating on ELO boards, else score or points); null: cleared by a season's hard reset. */
  value: number | null;
  /** The change; null where there was no value before. */
  delta: number | null;
  kind: HistoryKind;
  /** For people: "Match #12 (adjusted by a moderator)", "Decay: no result for 7+ days". */
  cause: string;
}

export interface Participant {
  id: string;
  name: string;
}

/** A match seen from one participant's side. */
export interface PlayedMatch {
  number: number;
  /** When it was submitted (the match's time). */
  at: Date;
  result: 'W' | 'D' | 'L';
  teammates: Participant[];
  opponents: Participant[];
  /** "3–1" from this side's view, or null without a scoreline. */
  score: string | null;
  /** This side's rating change on ELO boards; null on League boards. */
  delta: number | null;
  /** 'approved' | 'adjusted' | 'set' (spec 2.5 statuses of an applied match). */
  status: string;
}

export interface Streaks {
  /** The run the player is on now (null before any match). */
  current: { result: 'W' | 'D' | 'L'; length: number } | null;
  longestWin: number;
}

export interface Profile {
  board: Board;
  player: Participant;
  /** Live rank (ties share it); null when the player has no entry this season. */
  rank: number | null;
  /** Players ranked on the board. */
  of: number;
  /** The current value (rating, points, score); null when none. */
  value: number | null;
  /** The best value the player ever held on this board (direction-aware); null when none. */
  peak: number | null;
  /** Match boards only (null on score boards). */
  record: { wins: number; draws: number; losses: number } | null;
  /** wins / (wins + draws + losses), 0..1; null without a match. */
  winRate: number | null;
  streaks: Streaks | null;
  /** Applied submissions counted on score boards; null on match boards. */
  submissions: number | null;
  /** Newest first, at most 10 (match boards). */
  recent: PlayedMatch[];
  /** The value over time since the standings began (the running season, or the last one's end), oldest first (at most 200 points). */
  history: HistoryPoint[];
}

export interface HeadToHead {
  board: Board;
  a: Participant;
  b: Participant;
  /** From a's side: matches where a and b were on opposite sides. */
  wins: number;
  draws: number;
  losses: number;
  /** a's rating change summed over these matches (ELO boards), else null. */
  net: number | null;
  /** Newest first, at most 10, from a's side. */
  matches: PlayedMatch[];
}

/** A board's recent applied match, both sides (the board page's "Recent matches"). */
export interface BoardMatch {
  number: number;
  at: Date;
  team1: Participant[];
  team2: Participant[];
  winner: 'team1' | 'team2' | 'draw';
  /** The scoreline of a League match; null on other boards. */
  team1Score: number | null;
  team2Score: number | null;
  /** team1's rating change on ELO boards (team2's is its negative); null on League boards. */
  delta: number | null;
  status: string;
}
