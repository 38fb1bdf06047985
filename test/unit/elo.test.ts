import { describe, expect, it } from 'vitest';
import type { Winner } from '../../src/domain/vocabulary';
import {
  eloDeltas,
  eloSettings,
  roundHalfAwayFromZero,
  snapshotRating,
} from '../../src/domain/elo';
import { TallyError } from '../../src/domain/errors';

describe('rounding half away from zero', () => {
  it.each([
    [2.5, 3],
    [-2.5, -3], // Math.round gives -2
    [0.5, 1],
    [-0.5, -1], // Math.round gives -0
    [16.5, 17],
    [-16.5, -17],
    [2.4999, 2],
    [-2.4999, -2],
    [2.6, 3],
    [-2.6, -3],
    [13.499999999999998, 14], // 33·(½ − 1/11) = 13.5 on paper, not in binary
    [13.4999, 13],
    [7, 7],
    [-7, -7],
  ])('GIVEN %d THEN %d', (x, expected) => {
    expect(roundHalfAwayFromZero(x)).toBe(expected);
  });

  it.each([0, -0, 0.4, -0.4, 0.0003, -0.0003])('GIVEN %d THEN +0, never -0', (x) => {
    expect(Object.is(roundHalfAwayFromZero(x), 0)).toBe(true);
  });
});

describe('ELO delta (DESIGN.md 3)', () => {
  type Case = [string, number[], number[], Winner, number, number];
  const cases: Case[] = [
    ['equal ratings and a win THEN +16 at K=32', [1000], [1000], 'team1', 32, 16],
    ['equal ratings and a loss THEN -16 at K=32', [1000], [1000], 'team2', 32, -16],
    ['equal ratings and a draw THEN 0', [1000], [1000], 'draw', 32, 0],
    ['equal ratings and a win at K=33 (16.5) THEN 17', [1000], [1000], 'team1', 33, 17],
    ['equal ratings and a loss at K=33 (-16.5) THEN -17', [1000], [1000], 'team2', 33, -17],
    ['equal ratings and a loss at K=5 (-2.5) THEN -3', [1500], [1500], 'team2', 5, -3],
    ['equal ratings and a loss at K=1 (-0.5) THEN -1', [1000], [1000], 'team2', 1, -1],
    ['an underdog by 400 draws at K=33 (13.5) THEN 14', [1000], [1400], 'draw', 33, 14],
    ['a favourite by 400 draws at K=33 (-13.5) THEN -14', [1400], [1000], 'draw', 33, -14],
    ['an underdog by 400 draws at K=11 (4.5) THEN 5', [1000], [1400], 'draw', 11, 5],
    ['an underdog by 400 wins (32·10/11) THEN 29', [1200], [1600], 'team1', 32, 29],
    ['a favourite by 400 wins (32·1/11) THEN 3', [1600], [1200], 'team1', 32, 3],
    ['an underdog by 400 loses THEN -3', [1200], [1600], 'team2', 32, -3],
    ['an underdog by 200 wins (32·0.7597) THEN 24', [1000], [1200], 'team1', 32, 24],
    ['a favourite by 200 is beaten THEN -24', [1200], [1000], 'team2', 32, -24],
    ['2v2 means 1000 v 1000 and a win THEN 16', [1100, 900], [1000, 1000], 'team1', 32, 16],
    ['2v2 means 1100 v 1000 and a win THEN 12', [1200, 1000], [900, 1100], 'team1', 32, 12],
    ['2v2 means 1100 v 1000 and a loss THEN -20', [1200, 1000], [900, 1100], 'team2', 32, -20],
    ['2v2 means 1100 v 1000 and a draw THEN -4', [1200, 1000], [900, 1100], 'draw', 32, -4],
    ['a 2000-point underdog wins THEN the whole K', [1000], [3000], 'team1', 32, 32],
    ['a 2000-point favourite loses THEN minus the whole K', [3000], [1000], 'team2', 32, -32],
    ['a 2000-point favourite draws THEN -16', [3000], [1000], 'draw', 32, -16],
    ['a gap beyond float range and an upset THEN exactly K', [0], [200000], 'team1', 32, 32],
  ];

  it.each(cases)('GIVEN %s', (_name, team1, team2, winner, k, expected) => {
    expect(eloDeltas({ team1, team2 }, winner, k)).toBe(expected);
  });

  it.each<[string, number[], number[], Winner]>([
    ['a 2000-point favourite wins', [3000], [1000], 'team1'],
    ['a 2000-point underdog loses', [1000], [3000], 'team2'],
  ])('GIVEN %s THEN the delta is +0 (0.0003 rounds away)', (_name, team1, team2, winner) => {
    expect(Object.is(eloDeltas({ team1, team2 }, winner, 32), 0)).toBe(true);
  });

  it('GIVEN swapped sides THEN the delta flips sign (symmetry)', () => {
    const pairs: [number, number][] = [
      [1000, 1000],
      [1000, 1400],
      [1234, 987],
      [2500, 1500],
    ];
    for (const [a, b] of pairs) {
      for (const k of [16, 32, 33]) {
        expect(eloDeltas({ team1: [a], team2: [b] }, 'team1', k)).toBe(
          0 - eloDeltas({ team1: [b], team2: [a] }, 'team2', k),
        );
        expect(eloDeltas({ team1: [a], team2: [b] }, 'draw', k)).toBe(
          0 - eloDeltas({ team1: [b], team2: [a] }, 'draw', k),
        );
      }
    }
  });

  it.each<[string, number[], number[], number]>([
    ['an empty side', [], [1000], 32],
    ['a NaN rating', [Number.NaN], [1000], 32],
    ['an infinite K', [1000], [1000], Number.POSITIVE_INFINITY],
  ])('GIVEN %s THEN an internal error', (_name, team1, team2, k) => {
    expect(() => eloDeltas({ team1, team2 }, 'team1', k)).toThrow(TallyError);
  });
});

describe('ELO settings and snapshots', () => {
  it('GIVEN a board without K or start THEN the WriteContract defaults 32 and 1000', () => {
    expect(eloSettings({ kFactor: null, startRating: null })).toEqual({ k: 32, startRating: 1000 });
    expect(eloSettings({ kFactor: 24, startRating: 1500 })).toEqual({ k: 24, startRating: 1500 });
  });

  it('GIVEN no entry THEN the snapshot is the start rating; GIVEN an entry THEN its elo', () => {
    expect(snapshotRating(undefined, 1200)).toBe(1200);
    expect(snapshotRating({ elo: null }, 1200)).toBe(1200);
    expect(snapshotRating({ elo: 1337 }, 1200)).toBe(1337);
  });
});
