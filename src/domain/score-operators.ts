import type { Operator } from './board-rules';
import { TallyError } from './errors';
import { checkedAdd, ScoreOutOfRangeError, touch, type EntryState } from './scoring';

/** The operators of score boards (spec 2.3): Classic, Highscore and Time. */
export type ScoreOperator = Extract<Operator, 'accumulate' | 'keep_highest' | 'keep_lowest'>;

export const SCORE_OPERATORS: readonly ScoreOperator[] = [
  'accumulate',
  'keep_highest',
  'keep_lowest',
];

export const isScoreOperator = (operator: Operator): operator is ScoreOperator =>
  (SCORE_OPERATORS as readonly Operator[]).includes(operator);

function combine(playerId: string, operator: ScoreOperator, previous: number, value: number) {
  switch (operator) {
    case 'accumulate':
      return checkedAdd(playerId, previous, value);
    case 'keep_highest':
      return Math.max(previous, value);
    case 'keep_lowest':
      return Math.min(previous, value);
  }
}

/**
 * DESIGN.md 3: the first value sets the score; then accumulate adds, keep_highest keeps the max,
 * keep_lowest the min. `submissions` counts every applied submission, improving or not, and
 * last_sub follows the latest submission time. Returns a new entry; `current` is not mutated.
 * Throws ScoreOutOfRangeError when the value or the running total leaves ±(2^53−1) (spec 8).
 */
export function applyScore(
  current: EntryState | undefined,
  operator: ScoreOperator,
  value: number,
  submittedAt: Date,
  playerId: string,
  playerName: string,
): EntryState {
  if (!Number.isSafeInteger(value)) throw new ScoreOutOfRangeError(playerId, String(value));
  if (current && current.playerId !== playerId) {
    throw new TallyError('internal_error', `entry of ${current.playerId} applied to ${playerId}`);
  }
  const previous = current?.score ?? null;
  value = value === 0 ? 0 : value; // a JSON -0 is stored as 0
  return {
    playerId,
    ...touch(current, playerName, submittedAt),
    score: previous === null ? value : combine(playerId, operator, previous, value),
    elo: null,
    wins: null,
    draws: null,
    losses: null,
    submissions: (current?.submissions ?? 0) + 1,
  };
}
