/**
 * Live ranks in logarithmic time (issue 3): an order-statistics tree over rank_key kept in SQL.
 *
 * rank_key is an integer within ±(2^53−1). Shifted by 2^53 it is a 54-bit unsigned number u.
 * Level 0 counts entries per exact rank_key; level L ≥ 1 counts entries per u >> (BITS·L), so
 * every level-L bucket splits into FANOUT buckets of level L−1. The number of entries strictly
 * better than a key is the sum, over the levels, of its left siblings under the same parent:
 * at most LEVELS range reads of fewer than FANOUT rows each, however large the board.
 */
export const BITS = 9;
export const FANOUT = 1 << BITS;
/** Levels 0 … 5; level 5 buckets are u >> 45 < 512, all children of one implicit root. */
export const LEVELS = 6;

const OFFSET = 2n ** 53n;

/** The bucket of a rank_key at a level: the key itself on level 0. */
export function bucketOf(rankKey: number, level: number): number {
  if (level === 0) return rankKey;
  return Number((BigInt(rankKey) + OFFSET) >> BigInt(BITS * level));
}

/** The buckets one entry counts in, bottom up. */
export function pathOf(rankKey: number): number[] {
  return Array.from({ length: LEVELS }, (_, level) => bucketOf(rankKey, level));
}

export interface CountChange {
  level: number;
  bucket: number;
  delta: number;
}

/** An entry's rank key before and after a change: null before, a new entry; null after, removed. */
export interface RankMove {
  from: number | null;
  to: number | null;
}

/**
 * The counter changes for entries moving from one rank_key to another (`from` null for a new
 * entry). Shared ancestors cancel out, so a small rating change touches one or two levels.
 */
export function countChanges(moves: RankMove[]): CountChange[] {
  const deltas = new Map<string, CountChange>();
  const add = (rankKey: number, delta: number) => {
    pathOf(rankKey).forEach((bucket, level) => {
      const id = `${level}:${bucket}`;
      const change = deltas.get(id) ?? { level, bucket, delta: 0 };
      change.delta += delta;
      deltas.set(id, change);
    });
  };
  for (const move of moves) {
    if (move.from === move.to) continue;
    if (move.from !== null) add(move.from, -1);
    if (move.to !== null) add(move.to, 1);
  }
  return [...deltas.values()].filter((c) => c.delta !== 0);
}

export interface BucketRange {
  level: number;
  /** Inclusive. */
  from: number;
  /** Exclusive. */
  to: number;
}

/**
 * The bucket ranges whose counts add up to the number of entries with a rank_key strictly
 * below `rankKey`: on each level, the siblings left of the key's own bucket.
 */
export function betterRanges(rankKey: number): BucketRange[] {
  const ranges: BucketRange[] = [];
  const u = BigInt(rankKey) + OFFSET;
  for (let level = 0; level < LEVELS; level++) {
    const own = u >> BigInt(BITS * level);
    const firstSibling = (own >> BigInt(BITS)) << BigInt(BITS);
    if (firstSibling === own) continue;
    const shift = level === 0 ? -OFFSET : 0n;
    ranges.push({ level, from: Number(firstSibling + shift), to: Number(own + shift) });
  }
  return ranges;
}
