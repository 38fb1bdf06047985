import type { Board } from './board';
import { formatScore } from './score-text';
import type { MatchStatus } from './vocabulary';

/**
 * A participant's value over time (issue 14 item 1): every change recorded with its time and
 * cause, so profiles and charts have a series on every board type.
 */
export type HistoryKind = 'match' | 'score' | 'decay' | 'season';

/** Why a set of entries moved, given by whoever moves them (one per saveEntries call). */
export interface HistoryCause {
  kind: HistoryKind;
  at: Date;
  /** The match number or the score's pk; null for decay and seasons. */
  ref: number | null;
  cause: string;
}

/** One row of history as stored (entities/entry-history.ts adds its keys). */
export interface HistoryRow {
  playerId: string;
  at: Date;
  /** The ranking value after the change (rating on ELO boards, else score or points); null: cleared. */
  value: number | null;
  /** The change; null where there was no value before. */
  delta: number | null;
  kind: HistoryKind;
  /** The match number (per board) or the score's pk that made the change; null otherwise. */
  ref: number | null;
  cause: string;
}

export { rankedValue } from './display';

const MODERATED: Partial<Record<MatchStatus, string>> = {
  adjusted: ' (adjusted by a moderator)',
  set: ' (set by a moderator)',
};

export function matchCause(number: number, status: MatchStatus): string {
  return `Match #${number}${MODERATED[status] ?? ''}`;
}

export function scoreCause(board: Pick<Board, 'type'>, score: number, status: MatchStatus) {
  return `Score ${formatScore(board.type, score)}${MODERATED[status] ?? ''}`;
}

/** Rows for the states a cause moved: the value after, and the change from the value before. */
export function historyRows(
  board: Pick<Board, 'type'>,
  why: HistoryCause,
  moves: { before: number | null; after: number | null; playerId: string }[],
): HistoryRow[] {
  return moves.map(({ before, after, playerId }) => ({
    playerId,
    at: why.at,
    value: after,
    delta: before === null || after === null ? null : after - before,
    kind: why.kind,
    ref: why.ref,
    cause: why.cause.slice(0, 200),
  }));
}
