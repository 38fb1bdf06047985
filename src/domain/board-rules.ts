import type { Board } from './board';
import type { BoardSort, BoardType } from './vocabulary';

export type Operator = 'elo' | 'league_points' | 'accumulate' | 'keep_highest' | 'keep_lowest';

export interface WriteContract {
  endpoint: string;
  requires: string[];
  rejects: string[];
  operator: Operator;
  score_unit?: 'milliseconds';
  k_factor?: number;
  start_rating?: number;
  points_win?: number;
  points_draw?: number;
  points_loss?: number;
}

export const MATCH_TYPES: readonly BoardType[] = ['ELO', 'League'];
export const SCORE_TYPES: readonly BoardType[] = ['Classic', 'Highscore', 'Time'];

export const isMatchBoard = (board: Pick<Board, 'type'>) => MATCH_TYPES.includes(board.type);
export const isScoreBoard = (board: Pick<Board, 'type'>) => SCORE_TYPES.includes(board.type);

/** spec 2.2: auto-apply only when the validation window is 0 hours. */
export const autoApplies = (board: Pick<Board, 'validationWindowHours'>) =>
  board.validationWindowHours === 0;

/** spec 2.3 operator by type. */
export function operatorOf(type: BoardType, sort: BoardSort): Operator | null {
  switch (type) {
    case 'ELO':
      return 'elo';
    case 'League':
      return 'league_points';
    case 'Classic':
      return 'accumulate';
    case 'Highscore':
    case 'Time':
      return sort === 'desc' ? 'keep_highest' : 'keep_lowest';
    case 'Rating':
      return null;
  }
}

const SCORE_REJECTS = ['team1', 'team2', 'winner', 'team1_score', 'team2_score'];

/**
 * The derived WriteContract (spec 2.3); null on Rating and free-for-all boards, which take no
 * writes (DESIGN.md 3). Classic and Time lists equal Highscore's (DESIGN.md 3).
 */
export function writeContract(board: Board): WriteContract | null {
  const operator = operatorOf(board.type, board.sort);
  if (operator === null || board.freeForAll) return null;
  const base = `/v1/boards/${encodeURIComponent(board.id)}`;
  switch (board.type) {
    case 'ELO':
      return {
        endpoint: `${base}/matches`,
        requires: ['team1', 'team2', 'winner'],
        rejects: ['team1_score', 'team2_score', 'score'],
        operator,
        k_factor: board.kFactor ?? DEFAULTS.kFactor,
        start_rating: board.startRating ?? DEFAULTS.startRating,
      };
    case 'League':
      return {
        endpoint: `${base}/matches`,
        requires: ['team1', 'team2', 'team1_score', 'team2_score'],
        rejects: ['winner', 'score'],
        operator,
        points_win: board.pointsWin ?? DEFAULTS.points[0],
        points_draw: board.pointsDraw ?? DEFAULTS.points[1],
        points_loss: board.pointsLoss ?? DEFAULTS.points[2],
      };
    default:
      return {
        endpoint: `${base}/scores`,
        requires: ['player', 'score'],
        rejects: [...SCORE_REJECTS],
        operator,
        ...(board.type === 'Time' ? { score_unit: 'milliseconds' as const } : {}),
      };
  }
}

export const DEFAULTS = {
  kFactor: 32,
  startRating: 1000,
  points: [3, 1, 0] as const,
  validationWindowHours: 24,
  sortOf: (type: BoardType): BoardSort => (type === 'Time' ? 'asc' : 'desc'),
};

/** 999 means manual review with no countdown (spec 2.2). */
export const NO_EXPIRY_WINDOW = 999;

/**
 * When the moderators' validation window opened at `from` runs out: null on boards with none
 * (0 hours applies at once, 999 never expires).
 */
export function reviewExpiry(board: Pick<Board, 'validationWindowHours'>, from: Date): Date | null {
  const hours = board.validationWindowHours;
  if (autoApplies(board) || hours === NO_EXPIRY_WINDOW) return null;
  return new Date(from.getTime() + hours * 3_600_000);
}
