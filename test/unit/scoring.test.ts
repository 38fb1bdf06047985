import { describe, expect, it } from 'vitest';
import type { Winner } from '../../src/domain/vocabulary';
import { eloDeltas } from '../../src/domain/elo';
import { TallyError } from '../../src/domain/errors';
import { outcomeFor, winnerOf } from '../../src/domain/league';
import {
  applyMatch,
  ScoreOutOfRangeError,
  type EntryState,
  type MatchBoard,
  type MatchResult,
  type MatchSlot,
} from '../../src/domain/scoring';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const T1 = new Date('2026-03-01T12:00:01.000Z');
const T2 = new Date('2026-03-01T12:00:02.000Z');

const ELO: MatchBoard = {
  type: 'ELO',
  kFactor: 32,
  startRating: 1000,
  pointsWin: null,
  pointsDraw: null,
  pointsLoss: null,
};
const LEAGUE: MatchBoard = {
  type: 'League',
  kFactor: null,
  startRating: null,
  pointsWin: 3,
  pointsDraw: 1,
  pointsLoss: 0,
};

const slot = (playerId: string, eloBefore: number | null = null): MatchSlot => ({
  playerId,
  playerName: playerId.toUpperCase(),
  eloBefore,
});

const eloMatch = (
  team1: MatchSlot[],
  team2: MatchSlot[],
  winner: Winner,
  submittedAt = T1,
): MatchResult => ({ team1, team2, winner, team1Score: null, team2Score: null, submittedAt });

const leagueMatch = (team1: string[], team2: string[], s1: number, s2: number): MatchResult => ({
  team1: team1.map((id) => slot(id)),
  team2: team2.map((id) => slot(id)),
  winner: null,
  team1Score: s1,
  team2Score: s2,
  submittedAt: T1,
});

const eloEntry = (playerId: string, elo: number, wins = 0, lastSub = T0): EntryState => ({
  playerId,
  playerName: playerId.toUpperCase(),
  score: null,
  elo,
  wins,
  draws: 0,
  losses: 0,
  submissions: null,
  lastSub,
});

const byPlayer = (entries: EntryState[]) => Object.fromEntries(entries.map((e) => [e.playerId, e]));

describe('league outcome', () => {
  it.each<[number, number, Winner]>([
    [2, 1, 'team1'],
    [0, 3, 'team2'],
    [2, 2, 'draw'],
    [0, 0, 'draw'],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1, 'team1'],
  ])('GIVEN %d–%d THEN %s', (s1, s2, winner) => {
    expect(winnerOf(s1, s2)).toBe(winner);
  });

  it.each<[Winner, 1 | 2, string]>([
    ['team1', 1, 'win'],
    ['team1', 2, 'loss'],
    ['team2', 1, 'loss'],
    ['team2', 2, 'win'],
    ['draw', 1, 'draw'],
    ['draw', 2, 'draw'],
  ])('GIVEN winner %s THEN side %d has a %s', (winner, side, outcome) => {
    expect(outcomeFor(winner, side)).toBe(outcome);
  });
});

describe('applying an ELO match', () => {
  it('GIVEN two new players and a win THEN 1016 / 984 and a win / loss each', () => {
    const applied = applyMatch([], eloMatch([slot('a', 1000)], [slot('b', 1000)], 'team1'), ELO);
    expect(applied.eloDelta).toBe(16);
    expect(applied.changes).toEqual([
      {
        side: 1,
        playerId: 'a',
        eloDelta: 16,
        entry: {
          playerId: 'a',
          playerName: 'A',
          score: null,
          elo: 1016,
          wins: 1,
          draws: 0,
          losses: 0,
          submissions: null,
          lastSub: T1,
        },
      },
      {
        side: 2,
        playerId: 'b',
        eloDelta: -16,
        entry: {
          playerId: 'b',
          playerName: 'B',
          score: null,
          elo: 984,
          wins: 0,
          draws: 0,
          losses: 1,
          submissions: null,
          lastSub: T1,
        },
      },
    ]);
  });

  it('GIVEN ratings that moved since submission THEN the snapshot delta lands on the current rating', () => {
    const current = [eloEntry('a', 1100, 3), eloEntry('b', 950)];
    const applied = applyMatch(
      current,
      eloMatch([slot('a', 1000)], [slot('b', 1000)], 'team1'),
      ELO,
    );
    const after = byPlayer(applied.changes.map((c) => c.entry));
    expect(after.a).toMatchObject({ elo: 1116, wins: 4, draws: 0, losses: 0 });
    expect(after.b).toMatchObject({ elo: 934, wins: 0, draws: 0, losses: 1 });
  });

  it('GIVEN no snapshot on a slot THEN the start rating is its snapshot', () => {
    const board = { ...ELO, startRating: 1500 };
    const applied = applyMatch([], eloMatch([slot('a')], [slot('b', 1900)], 'team1'), board);
    expect(applied.eloDelta).toBe(29); // 1500 beats 1900: 32·10/11
    expect(applied.changes.map((c) => c.entry.elo)).toEqual([1529, 1471]);
  });

  it('GIVEN a board without K THEN K is the default 32', () => {
    const applied = applyMatch([], eloMatch([slot('a')], [slot('b')], 'team2'), {
      ...ELO,
      kFactor: null,
      startRating: null,
    });
    expect(applied.changes.map((c) => c.entry.elo)).toEqual([984, 1016]);
  });

  it('GIVEN a draw at equal ratings THEN ratings stay and both count a draw', () => {
    const applied = applyMatch([], eloMatch([slot('a', 1000)], [slot('b', 1000)], 'draw'), ELO);
    expect(applied.changes.map((c) => [c.eloDelta, c.entry.elo, c.entry.draws])).toEqual([
      [0, 1000, 1],
      [0, 1000, 1],
    ]);
    expect(applied.changes.every((c) => Object.is(c.eloDelta, 0))).toBe(true);
  });

  it('GIVEN a 2v2 THEN every team1 player gains and every team2 player loses the same delta', () => {
    const match = eloMatch(
      [slot('a', 1200), slot('b', 1000)],
      [slot('c', 900), slot('d', 1100)],
      'team1',
    );
    const applied = applyMatch([], match, ELO);
    expect(applied.changes.map((c) => [c.playerId, c.side, c.eloDelta])).toEqual([
      ['a', 1, 12],
      ['b', 1, 12],
      ['c', 2, -12],
      ['d', 2, -12],
    ]);
    expect(applied.changes.reduce((sum, c) => sum + (c.eloDelta ?? 0), 0)).toBe(0);
  });

  it('GIVEN entries THEN they are not mutated and new objects come back', () => {
    const current = [Object.freeze(eloEntry('a', 1100))];
    const applied = applyMatch(current, eloMatch([slot('a')], [slot('b')], 'team1'), ELO);
    expect(current[0]).toEqual(eloEntry('a', 1100));
    expect(applied.changes[0]?.entry).not.toBe(current[0]);
  });
});

describe('applying a League match', () => {
  it.each<[string, number, number, Winner, number[], [number, number, number][]]>([
    [
      '2–1',
      2,
      1,
      'team1',
      [3, 3, 0, 0],
      [
        [1, 0, 0],
        [1, 0, 0],
        [0, 0, 1],
        [0, 0, 1],
      ],
    ],
    [
      '0–3',
      0,
      3,
      'team2',
      [0, 0, 3, 3],
      [
        [0, 0, 1],
        [0, 0, 1],
        [1, 0, 0],
        [1, 0, 0],
      ],
    ],
    [
      '1–1',
      1,
      1,
      'draw',
      [1, 1, 1, 1],
      [
        [0, 1, 0],
        [0, 1, 0],
        [0, 1, 0],
        [0, 1, 0],
      ],
    ],
  ])(
    'GIVEN a 2v2 scoreline %s THEN points and records follow the outcome per participant',
    (_n, s1, s2, winner, points, records) => {
      const applied = applyMatch([], leagueMatch(['a', 'b'], ['c', 'd'], s1, s2), LEAGUE);
      expect(applied.winner).toBe(winner);
      expect(applied.eloDelta).toBeNull();
      expect(applied.changes.map((c) => c.entry.score)).toEqual(points);
      expect(applied.changes.map((c) => [c.entry.wins, c.entry.draws, c.entry.losses])).toEqual(
        records,
      );
      for (const { entry, eloDelta } of applied.changes) {
        expect([entry.elo, entry.submissions, eloDelta, entry.lastSub]).toEqual([
          null,
          null,
          null,
          T1,
        ]);
      }
    },
  );

  it('GIVEN a winner field that contradicts the scoreline THEN the scoreline wins', () => {
    const match = { ...leagueMatch(['a'], ['b'], 0, 3), winner: 'team1' as const };
    expect(applyMatch([], match, LEAGUE).winner).toBe('team2');
  });

  it('GIVEN existing points THEN the outcome points are added; defaults are 3/1/0', () => {
    const existing: EntryState = {
      playerId: 'a',
      playerName: 'A',
      score: 10,
      elo: null,
      wins: 3,
      draws: 1,
      losses: 2,
      submissions: null,
      lastSub: T0,
    };
    const board = { ...LEAGUE, pointsWin: null, pointsDraw: null, pointsLoss: null };
    const applied = applyMatch([existing], leagueMatch(['a'], ['b'], 5, 5), board);
    expect(applied.changes[0]?.entry).toMatchObject({ score: 11, wins: 3, draws: 2, losses: 2 });
  });

  it('GIVEN points that would pass 2^53−1 THEN ScoreOutOfRangeError', () => {
    const existing: EntryState = {
      playerId: 'a',
      playerName: 'A',
      score: Number.MAX_SAFE_INTEGER - 1,
      elo: null,
      wins: 0,
      draws: 0,
      losses: 0,
      submissions: null,
      lastSub: T0,
    };
    const run = () => applyMatch([existing], leagueMatch(['a'], ['b'], 1, 0), LEAGUE);
    expect(run).toThrow(ScoreOutOfRangeError);
    expect(run).toThrow('9007199254740993');
  });
});

describe('last_sub and names', () => {
  it('GIVEN an older submission applied late THEN last_sub and name stay the newer ones', () => {
    const current = [{ ...eloEntry('a', 1000, 0, T2), playerName: 'Newer name' }];
    const applied = applyMatch(current, eloMatch([slot('a')], [slot('b')], 'team1', T1), ELO);
    expect(applied.changes[0]?.entry).toMatchObject({ lastSub: T2, playerName: 'Newer name' });
    expect(applied.changes[1]?.entry.lastSub).toEqual(T1);
  });

  it('GIVEN a newer submission THEN last_sub and name follow it', () => {
    const current = [{ ...eloEntry('a', 1000, 0, T0), playerName: 'Old name' }];
    const applied = applyMatch(current, eloMatch([slot('a')], [slot('b')], 'team1', T1), ELO);
    expect(applied.changes[0]?.entry).toMatchObject({ lastSub: T1, playerName: 'A' });
  });
});

describe('refusals', () => {
  it.each<[string, MatchResult, MatchBoard]>([
    ['a score board', eloMatch([slot('a')], [slot('b')], 'team1'), { ...ELO, type: 'Classic' }],
    [
      'an ELO match without a winner',
      { ...eloMatch([slot('a')], [slot('b')], 'draw'), winner: null },
      ELO,
    ],
    [
      'a League match without a scoreline',
      { ...leagueMatch(['a'], ['b'], 1, 0), team2Score: null },
      LEAGUE,
    ],
    ['the same player twice', eloMatch([slot('a')], [slot('a')], 'team1'), ELO],
  ])('GIVEN %s THEN an internal error', (_name, match, board) => {
    expect(() => applyMatch([], match, board)).toThrow(TallyError);
  });
});

describe('snapshot semantics (spec 1.6)', () => {
  // a holds 1200, b 1000. Two matches are submitted back to back, before either is approved, so
  // both snapshot 1200 v 1000: M1 a beats b (+8 for a), M2 b beats a (−24 for a).
  const current = [eloEntry('a', 1200), eloEntry('b', 1000)];
  const m1 = eloMatch([slot('a', 1200)], [slot('b', 1000)], 'team1', T1);
  const m2 = eloMatch([slot('a', 1200)], [slot('b', 1000)], 'team2', T2);

  const applyInOrder = (first: MatchResult, second: MatchResult) => {
    const afterFirst = applyMatch(current, first, ELO).changes.map((c) => c.entry);
    return byPlayer(applyMatch(afterFirst, second, ELO).changes.map((c) => c.entry));
  };

  it('GIVEN the two snapshots THEN each delta comes from its own snapshot', () => {
    expect([applyMatch(current, m1, ELO).eloDelta, applyMatch(current, m2, ELO).eloDelta]).toEqual([
      8, -24,
    ]);
    // Recomputing M2 from the ratings after M1 (1208 v 992) would give −25, not −24.
    expect(eloDeltas({ team1: [1208], team2: [992] }, 'team2', 32)).toBe(-25);
  });

  it.each([
    ['M1 then M2', m1, m2],
    ['M2 then M1', m2, m1],
  ])('GIVEN approval order %s THEN a ends on 1184 and b on 1016', (_order, first, second) => {
    const final = applyInOrder(first, second);
    expect(final.a).toMatchObject({ elo: 1184, wins: 1, draws: 0, losses: 1, lastSub: T2 });
    expect(final.b).toMatchObject({ elo: 1016, wins: 1, draws: 0, losses: 1, lastSub: T2 });
  });
});
