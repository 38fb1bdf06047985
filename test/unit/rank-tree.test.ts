import { describe, expect, it } from 'vitest';
import { betterRanges, bucketOf, countChanges, FANOUT, LEVELS } from '../../src/domain/rank-tree';

const MAX = Number.MAX_SAFE_INTEGER;

/** The tree's counters in memory, driven only through the module's own functions. */
class Counters {
  private readonly n = new Map<string, number>();
  move(from: number | null, to: number) {
    for (const c of countChanges([{ from, to }])) {
      const id = `${c.level}:${c.bucket}`;
      this.n.set(id, (this.n.get(id) ?? 0) + c.delta);
    }
  }
  better(key: number): number {
    let sum = 0;
    for (const r of betterRanges(key))
      for (const [id, count] of this.n) {
        const [level, bucket] = id.split(':').map(Number) as [number, number];
        if (level === r.level && bucket >= r.from && bucket < r.to) sum += count;
      }
    return sum;
  }
}

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('the rank tree (order statistics over rank_key)', () => {
  it('puts the extremes ±(2^53−1) and 0 in distinct top-level buckets, all below the fan-out', () => {
    const top = LEVELS - 1;
    for (const key of [-MAX, 0, MAX]) expect(bucketOf(key, top)).toBeLessThan(FANOUT);
    expect(bucketOf(-MAX, top)).toBeLessThan(bucketOf(0, top));
    expect(bucketOf(0, top)).toBeLessThan(bucketOf(MAX, top));
    expect(bucketOf(-MAX, 0)).toBe(-MAX);
  });

  it('cancels the shared part of a small move: only the lowest levels change', () => {
    const changes = countChanges([{ from: 1000, to: 1016 }]);
    expect(changes.map((c) => c.level).sort()).toEqual([0, 0]);
    expect(changes.reduce((s, c) => s + c.delta, 0)).toBe(0);
    expect(countChanges([{ from: 5, to: 5 }])).toEqual([]);
    expect(countChanges([{ from: null, to: 5 }])).toHaveLength(LEVELS);
  });

  it('reads at most one range per level, each narrower than the fan-out', () => {
    for (const key of [-MAX, -1, 0, 1, 511, 512, MAX]) {
      const ranges = betterRanges(key);
      expect(ranges.length).toBeLessThanOrEqual(LEVELS);
      for (const r of ranges) {
        expect(r.to - r.from).toBeGreaterThan(0);
        expect(r.to - r.from).toBeLessThanOrEqual(FANOUT);
      }
    }
  });

  for (const seed of [1, 2, 3]) {
    it(`counts the entries strictly better than any key, through inserts and moves (seed ${seed})`, () => {
      const next = random(seed);
      const spread = [10, 5000, 2 ** 40, MAX][seed % 4]!;
      const value = () => Math.round((next() * 2 - 1) * spread);
      const keys: number[] = [];
      const counters = new Counters();
      for (let i = 0; i < 400; i++) {
        const key = value();
        keys.push(key);
        counters.move(null, key);
      }
      for (let i = 0; i < 200; i++) {
        const at = Math.floor(next() * keys.length);
        const to = next() < 0.5 ? value() : keys[at]! + Math.round(next() * 40 - 20);
        counters.move(keys[at]!, to);
        keys[at] = to;
      }
      for (const probe of [...keys.slice(0, 60), -MAX, MAX, 0, value()]) {
        expect(counters.better(probe), `key ${probe}`).toBe(keys.filter((k) => k < probe).length);
      }
    });
  }
});
