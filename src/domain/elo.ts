import type { Board } from './board';
import type { Winner } from './vocabulary';
import { DEFAULTS } from './board-rules';
import { TallyError } from './errors';

/** Snapshot ratings of both sides, taken when the match was submitted (spec 1.6). */
export interface EloSides {
  team1: readonly number[];
  team2: readonly number[];
}

export interface EloSettings {
  k: number;
  startRating: number;
}

/** The board's K and start rating, with the defaults the WriteContract shows (board-rules). */
export function eloSettings(board: Pick<Board, 'kFactor' | 'startRating'>): EloSettings {
  return {
    k: board.kFactor ?? DEFAULTS.kFactor,
    startRating: board.startRating ?? DEFAULTS.startRating,
  };
}

/**
 * The rating to snapshot for a participant at submission time: the current rating, or the
 * board's start rating for someone without an entry yet (DESIGN.md 3).
 */
export function snapshotRating(
  entry: { elo: number | null } | undefined,
  startRating: number,
): number {
  return entry?.elo ?? startRating;
}

/**
 * Floating point turns some exact halves into x.4999999999999998 (K=33, a 400-point gap and a
 * draw is exactly 13.5 on paper). A fraction within this relative distance of ½ counts as ½, so
 * the rounding follows the formula rather than the binary representation. The arithmetic error
 * is a few ulps (~1e-16 relative); 1e-12 is far above it and far below any real fraction.
 */
const HALF_TOLERANCE = 1e-12;

/** Round half away from zero (2.5 → 3, −2.5 → −3); Math.round would give −2. Never returns −0. */
export function roundHalfAwayFromZero(x: number): number {
  const magnitude = Math.abs(x);
  const floor = Math.floor(magnitude);
  const fraction = magnitude - floor;
  const isHalf = Math.abs(fraction - 0.5) <= HALF_TOLERANCE * Math.max(1, magnitude);
  const rounded = isHalf || fraction > 0.5 ? floor + 1 : floor;
  return x < 0 && rounded !== 0 ? -rounded : rounded;
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

const SCORE_OF: Record<Winner, number> = { team1: 1, draw: 0.5, team2: 0 };

/**
 * DESIGN.md 3: team1's expected score against team2, each side rated by its mean snapshot
 * rating: E1 = 1/(1+10^((R2−R1)/400)). The one rule eloDeltas rates with, so anything that
 * predicts a match (the matchmaking queue's team split) predicts what the rating will do.
 */
export function teamExpectedScore(team1: readonly number[], team2: readonly number[]): number {
  return 1 / (1 + 10 ** ((mean(team2) - mean(team1)) / 400));
}

/**
 * DESIGN.md 3: side rating = mean snapshot rating; E1 = 1/(1+10^((R2−R1)/400)); S1 = 1, ½, 0;
 * delta = round(K·(S1−E1)), half away from zero. Every team1 participant gains the returned
 * delta and every team2 participant loses it, so equal-sized sides are zero-sum.
 */
export function eloDeltas(sides: EloSides, winner: Winner, k: number): number {
  const ratings = [...sides.team1, ...sides.team2];
  if (sides.team1.length === 0 || sides.team2.length === 0) {
    throw new TallyError('internal_error', 'ELO: each side needs at least one rating');
  }
  if (!ratings.every(Number.isFinite) || !Number.isFinite(k)) {
    throw new TallyError('internal_error', 'ELO: ratings and K must be finite numbers');
  }
  const expected1 = teamExpectedScore(sides.team1, sides.team2);
  return roundHalfAwayFromZero(k * (SCORE_OF[winner] - expected1));
}
