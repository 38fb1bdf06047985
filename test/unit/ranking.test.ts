import { describe, expect, it } from 'vitest';
import type { BoardSort, BoardType } from '../../src/domain/vocabulary';
import { TallyError } from '../../src/domain/errors';
import {
  compareEntries,
  compareIds,
  competitionRanks,
  entryRankKey,
  rankKeyOf,
  valueOf,
} from '../../src/domain/ranking';

describe('rank key (entities/entry.ts)', () => {
  it.each<[number, BoardSort, number]>([
    [10, 'asc', 10],
    [10, 'desc', -10],
    [-7, 'asc', -7],
    [-7, 'desc', 7],
    [Number.MAX_SAFE_INTEGER, 'desc', -Number.MAX_SAFE_INTEGER],
    [-Number.MAX_SAFE_INTEGER, 'desc', Number.MAX_SAFE_INTEGER],
  ])('GIVEN %d on a %s board THEN %d', (value, sort, key) => {
    expect(rankKeyOf(value, sort)).toBe(key);
  });

  it.each<BoardSort>(['asc', 'desc'])('GIVEN 0 on a %s board THEN +0, never -0', (sort) => {
    expect(Object.is(rankKeyOf(0, sort), 0)).toBe(true);
  });

  it('GIVEN a desc board THEN a higher value has a smaller key (ranks first)', () => {
    expect(rankKeyOf(1500, 'desc')).toBeLessThan(rankKeyOf(1400, 'desc'));
    expect(rankKeyOf(85000, 'asc')).toBeLessThan(rankKeyOf(90000, 'asc'));
  });
});

describe('entry value (DESIGN.md 3)', () => {
  const entry = { score: 12, elo: 1016 };
  it.each<[BoardType, number]>([
    ['ELO', 1016],
    ['League', 12],
    ['Classic', 12],
    ['Highscore', 12],
    ['Time', 12],
  ])('GIVEN a %s board THEN the value is %d', (type, value) => {
    expect(valueOf(entry, type)).toBe(value);
  });

  it('GIVEN an entry without its board value THEN an internal error', () => {
    expect(() => valueOf({ score: 3, elo: null }, 'ELO')).toThrow(TallyError);
    expect(() => valueOf({ score: null, elo: 1000 }, 'Classic')).toThrow(TallyError);
  });

  it('GIVEN an entry and its board THEN the rank key folds value and direction', () => {
    expect(entryRankKey(entry, { type: 'ELO', sort: 'desc' })).toBe(-1016);
    expect(entryRankKey(entry, { type: 'Time', sort: 'asc' })).toBe(12);
  });
});

describe('standard competition ranking', () => {
  it.each<[number[], number[]]>([
    [[], []],
    [[5], [1]],
    [
      [10, 9, 9, 8],
      [1, 2, 2, 4],
    ],
    [
      [3, 3, 3],
      [1, 1, 1],
    ],
    [
      [100, 50, 50, 50, 10, 10],
      [1, 2, 2, 2, 5, 5],
    ],
    [
      [1, 2, 2, 2, 5],
      [1, 2, 2, 2, 5],
    ],
  ])('GIVEN %j best-first THEN ranks %j', (values, ranks) => {
    expect(competitionRanks(values)).toEqual(ranks);
  });
});

describe('player id order is binary UTF-8 (SQLite BINARY, utf8mb4_bin)', () => {
  it.each<[string, string, string, -1 | 0 | 1]>([
    ['ascii', 'chat:a', 'chat:b', -1],
    ['upper before lower', 'custom:B', 'custom:a', -1],
    ['digits compare as text', 'chat:10', 'chat:2', -1],
    ['a prefix first', 'custom:ab', 'custom:abc', -1],
    ['equal', 'team:7', 'team:7', 0],
    ['é (C3 A9) after z (7A)', 'custom:é', 'custom:z', 1],
    ['U+FFFD (EF BF BD) before 😀 (F0 9F 98 80)', '\uFFFD', '\u{1F600}', -1],
    ['U+E000 (EE 80 80) before 😀', 'custom:\uE000', 'custom:\u{1F600}', -1],
  ])('GIVEN %s THEN %d', (_name, a, b, sign) => {
    expect(Math.sign(compareIds(a, b))).toBe(sign);
    expect(Math.sign(compareIds(b, a))).toBe(0 - sign);
  });

  it('GIVEN U+FFFD and 😀 THEN JS `<` (UTF-16 units) disagrees with the bytes', () => {
    expect('\u{1F600}' < '\uFFFD').toBe(true); // surrogate 0xD83D < 0xFFFD
    expect(compareIds('\uFFFD', '\u{1F600}')).toBeLessThan(0);
  });
});

describe('board order: rank key, then player id', () => {
  const rows = [
    { playerId: 'custom:zed', value: 1500 },
    { playerId: '\u{1F600}', value: 1400 },
    { playerId: 'chat:2', value: 1500 },
    { playerId: '\uFFFD', value: 1400 },
    { playerId: 'chat:10', value: 1500 },
    { playerId: 'custom:amy', value: 900 },
  ];

  it('GIVEN a desc board with ties THEN ties order by binary player id and ranks share', () => {
    const sorted = rows
      .map((row) => ({ ...row, rankKey: rankKeyOf(row.value, 'desc') }))
      .sort(compareEntries);
    expect(sorted.map((r) => r.playerId)).toEqual([
      'chat:10',
      'chat:2',
      'custom:zed',
      '\uFFFD',
      '\u{1F600}',
      'custom:amy',
    ]);
    const ranks = competitionRanks(sorted.map((r) => r.value));
    expect(ranks).toEqual([1, 1, 1, 4, 4, 6]);
    // rank = 1 + the number of entries strictly better (DESIGN.md 3)
    sorted.forEach((row, i) => {
      expect(ranks[i]).toBe(1 + sorted.filter((other) => other.rankKey < row.rankKey).length);
    });
  });

  it('GIVEN an asc board THEN the lowest value ranks first', () => {
    const sorted = rows
      .map((row) => ({ ...row, rankKey: rankKeyOf(row.value, 'asc') }))
      .sort(compareEntries);
    expect(sorted.map((r) => r.value)).toEqual([900, 1400, 1400, 1500, 1500, 1500]);
    expect(competitionRanks(sorted.map((r) => r.value))).toEqual([1, 2, 2, 4, 4, 4]);
  });
});
