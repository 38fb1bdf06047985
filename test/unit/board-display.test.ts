import { describe, expect, it } from 'vitest';
import {
  checkStandingsSize,
  medalOf,
  showsPodium,
  standingsColumns,
  tableColumns,
} from '../../src/domain/board-display';
import type { BoardType } from '../../src/domain/vocabulary';

/** How a board's standings look (issue 27 item 9): the one rule chat and the pages render. */
describe('board display', () => {
  it.each([
    ['ELO', true, true, ['record']],
    ['League', true, false, ['played', 'record', 'goals', 'form']],
    ['League', false, true, []],
    ['ELO', false, true, []],
    ['Classic', true, true, ['submissions']],
    ['Highscore', false, true, ['submissions']],
    ['Time', true, false, []],
  ] as [BoardType, boolean, boolean, string[]][])(
    'GIVEN a %s board, record %s, submissions %s THEN the optional columns are %j',
    (type, showRecord, showSubmissions, columns) => {
      expect(standingsColumns({ type, showRecord, showSubmissions })).toEqual(columns);
    },
  );

  it.each([
    ['League', true, ['played', 'record', 'goals', 'value', 'form']],
    ['League', false, ['value']],
    ['ELO', true, ['value', 'record']],
    ['Time', true, ['value', 'submissions']],
  ] as [BoardType, boolean, string[]][])(
    'GIVEN a %s board, record and submissions %s THEN the table reads %j after rank and name',
    (type, shown, columns) => {
      expect(tableColumns({ type, showRecord: shown, showSubmissions: shown })).toEqual(columns);
    },
  );

  it.each([
    [true, 1, '🥇'],
    [true, 2, '🥈'],
    [true, 3, '🥉'],
    [true, 4, null],
    [true, 0, null],
    [false, 1, null],
  ])('GIVEN medals %s THEN rank %i shows %s', (medals, rank, medal) => {
    expect(medalOf({ medals }, rank)).toBe(medal);
    expect(showsPodium({ medals })).toBe(medals);
  });

  it.each([5, 10, 50])('GIVEN %i ranks a page THEN it is taken', (n) => {
    expect(checkStandingsSize(n)).toBe(n);
  });

  it.each([4, 51, 7.5])('GIVEN %s ranks a page THEN it is refused with the range', (n) => {
    expect(() => checkStandingsSize(n)).toThrow(
      'standings size must be a whole number from 5 to 50',
    );
  });
});
