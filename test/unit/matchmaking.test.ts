import { describe, expect, it } from 'vitest';
import { eloDeltas, teamExpectedScore } from '../../src/domain/elo';
import { TallyError } from '../../src/domain/errors';
import {
  balancedSplit,
  checkQueueSettings,
  formTeamMatch,
  pairOneVsOne,
  QUEUE_DEFAULTS,
  queueValue,
  windowOf,
  type QueueSettings,
  type Waiting,
} from '../../src/domain/matchmaking';
import { seeded, shuffled, type Rng } from '../../src/demo/random';

/** Matchmaking's pure rules (issue 28 items 2 and 3). */
const NOW = new Date('2025-06-01T12:00:00Z');
const MINUTE = 60_000;
/** Someone at `rating` who has waited `minutes` at NOW. */
const w = (id: string, rating: number, minutes = 0): Waiting => ({
  id,
  rating,
  since: new Date(NOW.getTime() - minutes * MINUTE),
});
const later = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);
const ids = (pairs: Array<[Waiting, Waiting]>) => pairs.map(([a, b]) => `${a.id}-${b.id}`);
const idsOf = (side: readonly Waiting[]) => side.map((p) => p.id).sort();
const ratingsOf = (side: readonly Waiting[]) => side.map((p) => p.rating).sort((a, b) => b - a);
/** Wide enough that any gap is accepted: the split alone is under test. */
const WIDE: QueueSettings = { ...QUEUE_DEFAULTS, windowStart: 4000, windowMax: 4000 };

function normal(rng: Rng, mean: number, sd: number): number {
  const u = 1 - rng();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

function randomPlayers(rng: Rng, count: number, maxMinutes = 20): Waiting[] {
  return Array.from({ length: count }, (_, i) =>
    w(`p${i}`, Math.round(normal(rng, 1500, 300)), Math.floor(rng() * maxMinutes * 60) / 60),
  );
}

/** The most even split of all, by brute force over every assignment of the players. */
function bruteForceUnevenness(players: readonly Waiting[], teamSize: number): number {
  let best = Infinity;
  for (let mask = 0; mask < 1 << players.length; mask++) {
    const a = players.filter((_, i) => mask & (1 << i));
    if (a.length !== teamSize) continue;
    const b = players.filter((_, i) => !(mask & (1 << i)));
    const e = teamExpectedScore(
      a.map((p) => p.rating),
      b.map((p) => p.rating),
    );
    best = Math.min(best, Math.abs(e - 0.5));
  }
  return best;
}

describe('queue settings', () => {
  it('GIVEN the defaults THEN they are valid', () => {
    expect(checkQueueSettings({ ...QUEUE_DEFAULTS })).toEqual(QUEUE_DEFAULTS);
  });

  it.each<[string, Partial<QueueSettings>, RegExp]>([
    ['a negative start', { windowStart: -1 }, /window_start must be a whole number from 0 to 2000/],
    ['a fractional growth', { windowGrowthPerMinute: 2.5 }, /window_growth_per_minute/],
    [
      'a ceiling past 4000',
      { windowMax: 4001 },
      /window_max must be a whole number from 0 to 4000/,
    ],
    ['a ready check of 5 s', { readySeconds: 5 }, /ready_seconds must be .* from 15 to 600/],
    ['a report time of a month', { reportMinutes: 43_200 }, /report_minutes .* 5 to 10080/],
    ['a ceiling under the start', { windowStart: 300, windowMax: 200 }, /window_max \(200\)/],
    ['NaN', { windowStart: Number.NaN }, /window_start/],
  ])('GIVEN %s THEN invalid_request naming it', (_name, change, message) => {
    const check = () => checkQueueSettings({ ...QUEUE_DEFAULTS, ...change });
    expect(check).toThrow(TallyError);
    expect(check).toThrow(message);
    expect(() => check()).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });
});

describe('the window', () => {
  it.each<[string, QueueSettings, number, number]>([
    ['just joined', QUEUE_DEFAULTS, 0, 50],
    ['30 s', QUEUE_DEFAULTS, 0.5, 62.5],
    ['1 minute', QUEUE_DEFAULTS, 1, 75],
    ['6 minutes', QUEUE_DEFAULTS, 6, 200],
    ['14 minutes: the ceiling', QUEUE_DEFAULTS, 14, 400],
    ['an hour: still the ceiling', QUEUE_DEFAULTS, 60, 400],
    ['a clock behind the join (negative wait)', QUEUE_DEFAULTS, -3, 50],
    ['no growth', { ...QUEUE_DEFAULTS, windowGrowthPerMinute: 0 }, 30, 50],
    ['start = ceiling', { ...QUEUE_DEFAULTS, windowStart: 100, windowMax: 100 }, 10, 100],
  ])('GIVEN %s THEN %s', (_name, settings, minutes, expected) => {
    expect(windowOf(settings, minutes * MINUTE)).toBe(expected);
  });
});

describe('1v1 pairing', () => {
  it.each<[string, Waiting[], string[]]>([
    ['nobody', [], []],
    ['one player', [w('a', 1000)], []],
    ['a gap of 50 on joining (the window itself)', [w('a', 1000), w('b', 1050)], ['a-b']],
    ['a gap of 60 on joining', [w('a', 1000), w('b', 1060)], []],
    ['a gap of 60 after a minute each (75)', [w('a', 1000, 1), w('b', 1060, 1)], ['a-b']],
    [
      'a gap of 60, one waited 10 minutes (300) and one just joined (50): both must accept',
      [w('a', 1000, 10), w('b', 1060)],
      [],
    ],
    [
      'the closest gap first: b-c (15) before a-b (30)',
      [w('a', 1000), w('b', 1030), w('c', 1045)],
      ['b-c'],
    ],
    [
      'closest first across the queue, then the rest',
      [w('a', 1000), w('b', 1040), w('c', 1500), w('d', 1501), w('e', 1010)],
      ['c-d', 'a-e'],
    ],
    [
      'equal gaps: the pair whose longer waiter waited longest',
      [w('x', 1000, 1), w('y', 1040), w('z', 1080, 3)],
      ['z-y'],
    ],
    [
      'equal gaps and the same longest waiter: the pair whose other player waited longer',
      [w('a', 1000, 3), w('b', 1040, 1), w('c', 960, 0.5)],
      ['a-b'],
    ],
    [
      'all equal: by ids, the longer waiter first in each pair',
      [w('d', 1200), w('c', 1200), w('b', 1200, 1), w('a', 1200, 1)],
      ['a-b', 'c-d'],
    ],
    [
      'the far pair only within its windows: a-b at 400 after 14 minutes each',
      [w('a', 1000, 14), w('b', 1400, 14)],
      ['a-b'],
    ],
    ['never past the ceiling', [w('a', 1000, 600), w('b', 1401, 600)], []],
  ])('GIVEN %s THEN %j', (_name, waiting, expected) => {
    expect(ids(pairOneVsOne(waiting, NOW, QUEUE_DEFAULTS))).toEqual(expected);
  });

  it.each<[number, string[]]>([
    [0, []],
    [5, []], // windows 175
    [5.9, []],
    [6, ['a-b']], // windows 200: the gap
    [30, ['a-b']],
  ])('GIVEN 1000 and 1200 joined together, %d minutes later THEN %j', (minutes, expected) => {
    const waiting = [w('a', 1000), w('b', 1200)];
    expect(ids(pairOneVsOne(waiting, later(minutes), QUEUE_DEFAULTS))).toEqual(expected);
  });

  it('GIVEN a widening window THEN a near newcomer is paired first and the far pair later', () => {
    const waiting = [w('a', 1000), w('b', 1200)];
    expect(ids(pairOneVsOne([...waiting, w('c', 1030, -2)], later(2), QUEUE_DEFAULTS))).toEqual([
      'a-c',
    ]);
    expect(ids(pairOneVsOne([waiting[1]!, w('d', 1390, -6)], later(6), QUEUE_DEFAULTS))).toEqual(
      [],
    );
    expect(ids(pairOneVsOne([waiting[1]!, w('d', 1390, -6)], later(14), QUEUE_DEFAULTS))).toEqual([
      'b-d',
    ]);
  });

  it('GIVEN someone twice THEN it is refused', () => {
    expect(() => pairOneVsOne([w('a', 1000), w('a', 1000)], NOW, QUEUE_DEFAULTS)).toThrow(
      /waits twice/,
    );
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'GIVEN random queue %i THEN every pair is within both windows, nobody twice, the same in any order',
    (seed) => {
      const rng = seeded(seed);
      const waiting = randomPlayers(rng, 60);
      const pairs = pairOneVsOne(waiting, NOW, QUEUE_DEFAULTS);
      const seen = new Set<string>();
      for (const [a, b] of pairs) {
        const gap = Math.abs(a.rating - b.rating);
        for (const p of [a, b]) {
          expect(gap).toBeLessThanOrEqual(
            windowOf(QUEUE_DEFAULTS, NOW.getTime() - p.since.getTime()),
          );
          expect(seen.has(p.id)).toBe(false);
          seen.add(p.id);
        }
      }
      // Greedy closest-first: no two left waiting could have been paired.
      const left = waiting.filter((p) => !seen.has(p.id));
      expect(pairOneVsOne(left, NOW, QUEUE_DEFAULTS)).toEqual([]);
      expect(ids(pairOneVsOne(shuffled(rng, waiting), NOW, QUEUE_DEFAULTS))).toEqual(ids(pairs));
    },
  );
});

describe('the team prediction is the rating rule', () => {
  it.each([
    [[1000], [1000], 0.5],
    [[1400], [1000], 10 / 11],
    [[1200, 1000], [900, 1100], 1 / (1 + 10 ** (-100 / 400))], // means 1100 v 1000
    [[1800, 1100], [1600, 1500], 1 / (1 + 10 ** (100 / 400))], // means 1450 v 1550
  ])('GIVEN %j v %j THEN E = %d', (a, b, expected) => {
    expect(teamExpectedScore(a, b)).toBeCloseTo(expected, 12);
  });

  it.each([1, 2, 3, 4, 5])('GIVEN random sides (seed %i) THEN eloDeltas is K·(S − E)', (seed) => {
    const rng = seeded(seed);
    const a = Array.from({ length: 3 }, () => Math.round(normal(rng, 1500, 300)));
    const b = Array.from({ length: 3 }, () => Math.round(normal(rng, 1500, 300)));
    const e = teamExpectedScore(a, b);
    expect(eloDeltas({ team1: a, team2: b }, 'team1', 32)).toBe(Math.round(32 * (1 - e)));
  });
});

describe('team games', () => {
  it('GIVEN 1800, 1600, 1500, 1100 in 2v2 THEN 1800+1100 v 1600+1500, not the obvious splits', () => {
    const waiting = [w('a', 1800, 4), w('b', 1600, 3), w('c', 1500, 2), w('d', 1100, 1)];
    const match = formTeamMatch(waiting, 2, NOW, WIDE, teamExpectedScore)!;
    expect(match.sides.map(ratingsOf)).toEqual([
      [1800, 1100],
      [1600, 1500],
    ]);
    const chosen = Math.abs(match.predicted - 0.5);
    expect(match.predicted).toBeCloseTo(1 / (1 + 10 ** (100 / 400)), 12); // means 1450 v 1550
    const topTwo = teamExpectedScore([1800, 1600], [1500, 1100]); // also the join order
    const byRank = teamExpectedScore([1800, 1500], [1600, 1100]);
    expect(chosen).toBeLessThan(Math.abs(topTwo - 0.5));
    expect(chosen).toBeLessThan(Math.abs(byRank - 0.5));
  });

  it.each([
    ['five 1700s and five 1300s', [1700, 1700, 1700, 1700, 1700, 1300, 1300, 1300, 1300, 1300]],
    ['a ladder', [1900, 1800, 1700, 1600, 1500, 1400, 1300, 1200, 1100, 1000]],
  ])('GIVEN 5v5 with %s THEN the high-rated are never all on one team', (_name, ratings) => {
    const waiting = ratings.map((r, i) => w(`p${i}`, r, 10 - i));
    const { sides } = formTeamMatch(waiting, 5, NOW, WIDE, teamExpectedScore)!;
    const top = [...ratings].sort((a, b) => b - a).slice(0, 5);
    for (const side of sides) {
      const highs = side.filter((p) => top.includes(p.rating)).length;
      expect(highs).toBeGreaterThanOrEqual(2);
      expect(highs).toBeLessThanOrEqual(3);
    }
  });

  it('GIVEN 5v5 with two stars THEN they play on different sides', () => {
    const ratings = [2400, 2350, 1500, 1500, 1500, 1500, 1500, 1500, 1450, 1400];
    const waiting = ratings.map((r, i) => w(`p${i}`, r, 10 - i));
    const { sides } = formTeamMatch(waiting, 5, NOW, WIDE, teamExpectedScore)!;
    expect(sides.map((s) => s.filter((p) => p.rating >= 2350).length)).toEqual([1, 1]);
  });

  it.each<[string, Waiting[], number, Date, string[][] | null]>([
    ['too few', [w('a', 1000), w('b', 1000), w('c', 1000)], 2, NOW, null],
    [
      'enough, but none with three others within 50 on joining',
      [w('a', 1000), w('b', 1030), w('c', 1060), w('d', 1090)],
      2,
      NOW,
      null,
    ],
    [
      'the same a minute later (75): b and the three within 75 of b',
      [w('a', 1000), w('b', 1030), w('c', 1060), w('d', 1090)],
      2,
      later(1),
      [
        ['b', 'c'],
        ['a', 'd'],
      ],
    ],
    [
      'the longest waiter with the closest to them, not the first to come',
      [w('a', 1000, 10), w('b', 1300, 9), w('c', 1010, 1), w('d', 990, 1), w('e', 1005, 0.5)],
      2,
      NOW,
      [
        ['a', 'e'],
        ['c', 'd'],
      ],
    ],
    [
      "a long waiter's wide window does not drag in a newcomer outside their own",
      [w('a', 1000, 10), w('b', 1010, 1), w('c', 1020, 1), w('d', 1200)],
      2,
      NOW,
      null,
    ],
    [
      'a longest waiter far from everyone does not hold up the rest',
      [w('far', 2600, 20), w('a', 1000, 1), w('b', 1010, 1), w('c', 1020, 1), w('d', 1030, 1)],
      2,
      NOW,
      [
        ['a', 'd'],
        ['b', 'c'],
      ],
    ],
    [
      'teams of one: the longest waiter and the closest',
      [w('a', 1000, 5), w('b', 1100, 5), w('c', 950, 1)],
      1,
      NOW,
      [['a'], ['c']],
    ],
  ])('GIVEN %s THEN %j', (_name, waiting, teamSize, now, expected) => {
    const match = formTeamMatch(waiting, teamSize, now, QUEUE_DEFAULTS, teamExpectedScore);
    expect(match && match.sides.map(idsOf)).toEqual(expected);
  });

  it.each([1, 2, 3, 4, 5, 6])(
    'GIVEN random queues (seed %i) THEN everyone chosen is within the first on side A’s window and their own',
    (seed) => {
      const rng = seeded(seed);
      const waiting = randomPlayers(rng, 40);
      const match = formTeamMatch(waiting, 3, NOW, QUEUE_DEFAULTS, teamExpectedScore)!;
      const chosen = [...match.sides[0], ...match.sides[1]];
      const anchor = match.sides[0][0]!;
      const windowAt = (p: Waiting) => windowOf(QUEUE_DEFAULTS, NOW.getTime() - p.since.getTime());
      for (const p of chosen) {
        const gap = Math.abs(p.rating - anchor.rating);
        expect(gap).toBeLessThanOrEqual(windowAt(anchor));
        expect(gap).toBeLessThanOrEqual(windowAt(p));
      }
      expect(new Set(chosen.map((p) => p.id)).size).toBe(6);
    },
  );

  /** Exhaustive up to 5v5: the best split; the heuristic above: within 0.005 of it. */
  const SPLIT_CASES = [
    ...[1, 2, 3, 4, 5].map((teamSize) => ({ teamSize, cases: 8, tolerance: 1e-12 })),
    ...[6, 8].map((teamSize) => ({ teamSize, cases: 10, tolerance: 0.005 })),
  ].flatMap(({ teamSize, cases, tolerance }) =>
    Array.from({ length: cases }, (_, i) => [teamSize, 1000 * teamSize + i, tolerance] as const),
  );

  it.each(SPLIT_CASES)(
    'GIVEN teams of %i, random players (seed %i) THEN within %d of the best split of all',
    (teamSize, seed, tolerance) => {
      const players = randomPlayers(seeded(seed), 2 * teamSize);
      const match = balancedSplit(players, teamSize, teamExpectedScore);
      expect(match.sides.map((side) => side.length)).toEqual([teamSize, teamSize]);
      expect(match.sides[0][0]).toBe(players[0]);
      const best = bruteForceUnevenness(players, teamSize);
      expect(Math.abs(match.predicted - 0.5)).toBeLessThanOrEqual(best + tolerance);
    },
  );

  it.each([2, 3, 5, 6, 8])(
    'GIVEN teams of %i in any input order THEN the same match',
    (teamSize) => {
      const rng = seeded(teamSize);
      // Repeated ratings make ties: the tie-break must not depend on input order.
      const waiting = Array.from({ length: 2 * teamSize + 3 }, (_, i) =>
        w(`p${i}`, 1400 + 50 * Math.floor(rng() * 4), 5),
      );
      const first = formTeamMatch(waiting, teamSize, NOW, QUEUE_DEFAULTS, teamExpectedScore);
      for (let round = 0; round < 5; round++) {
        const again = formTeamMatch(
          shuffled(rng, waiting),
          teamSize,
          NOW,
          QUEUE_DEFAULTS,
          teamExpectedScore,
        );
        expect(again?.sides.map((s) => s.map((p) => p.id))).toEqual(
          first?.sides.map((s) => s.map((p) => p.id)),
        );
        expect(again?.predicted).toBe(first?.predicted);
      }
    },
  );
});

describe('the value a queue pairs on', () => {
  const elo = { type: 'ELO' as const, kFactor: null, startRating: 1200 };
  const league = { type: 'League' as const, kFactor: null, startRating: null };
  const record = (wins: number, draws: number, losses: number) => ({
    elo: null,
    wins,
    draws,
    losses,
  });

  it.each<[string, Parameters<typeof queueValue>[0], Parameters<typeof queueValue>[1], number]>([
    ['ELO: the rating', elo, { elo: 1337, wins: 3, draws: 0, losses: 1 }, 1337],
    ['ELO without an entry: the start rating', elo, undefined, 1200],
    ['ELO default start rating', { ...elo, startRating: null }, undefined, 1000],
    ['League newcomer: even', league, undefined, 1000],
    ['League 0-0-0: even', league, record(0, 0, 0), 1000],
    ['League 5-0-5: even', league, record(5, 0, 5), 1000],
    ['League three draws: even', league, record(0, 3, 0), 1000],
    ['League 1-0: +120, not the best of all', league, record(1, 0, 0), 1120],
    ['League 10-0: +417', league, record(10, 0, 0), 1417],
    ['League 0-10: −417', league, record(0, 0, 10), 583],
    ['League 7-2-1: s = 9/12', league, record(7, 2, 1), 1191],
    [
      'League with a start rating: centred on it',
      { ...league, startRating: 1500 },
      record(1, 0, 0),
      1620,
    ],
  ])('GIVEN %s THEN %d', (_name, board, entry, expected) => {
    expect(queueValue(board, entry)).toBe(expected);
  });

  it.each(['Classic', 'Highscore', 'Time', 'Rating'] as const)(
    'GIVEN a %s board THEN refused',
    (type) => {
      expect(() => queueValue({ type, kFactor: null, startRating: null }, undefined)).toThrow(
        expect.objectContaining({ code: 'board_type_mismatch' }),
      );
    },
  );
});
