import { describe, expect, it } from 'vitest';
import {
  formatScore,
  formatTime,
  parseCount,
  parseScoreline,
  parseScoreText,
  parseTime,
} from '../../src/domain/score-text';

/** Scores as typed and shown in chat, the Adjust form and the public pages: one rule. */
describe('score text', () => {
  it.each([
    ['1:30.250', 90_250],
    ['1:30.25', 90_250],
    ['1:30.2', 90_200],
    ['0:59', 59_000],
    ['1:02:03.004', 3_723_004],
    [' 12:00.000 ', 720_000],
    ['-0:00.000', 0],
  ])('GIVEN a Time board and %j THEN it is %i ms', (text, ms) => {
    expect(parseScoreText('Time', text)).toBe(ms);
  });

  // A negative time would top every lowest-wins board; the API's range is the spec's, not this.
  it.each([
    ['-1:00', -60_000],
    ['-0:01.500', -1_500],
    ['-0:00.001', -1],
    [' -1:02:03.004 ', -3_723_004],
  ])('GIVEN a Time board and %j THEN it is refused as below zero', (text, ms) => {
    expect(parseTime(text)).toBe(ms); // a time the pages show (formatTime) still reads back
    expect(() => parseScoreText('Time', text)).toThrow(
      `score: "${text}" is below zero, and a time cannot be; give how long it took, such as 1:30.250`,
    );
  });

  it.each(['90', '1:60', '1:3', '1:30.2500', 'abc', '--1:00', '+1:00', '1:00:60', ''])(
    'GIVEN a Time board and %j THEN it is refused',
    (text) => {
      expect(parseTime(text)).toBeNull();
      expect(() => parseScoreText('Time', text)).toThrow(/is not a time/);
    },
  );

  it('GIVEN other boards THEN whole numbers only', () => {
    expect(parseScoreText('Highscore', '-42')).toBe(-42);
    expect(parseScoreText('Classic', ' +7 ')).toBe(7);
    expect(() => parseScoreText('Classic', '1.5')).toThrow(/whole number/);
    expect(() => parseScoreText('Classic', '1:30')).toThrow(/whole number/);
  });

  it.each([
    [0, '0:00.000'],
    [999, '0:00.999'],
    [60_000, '1:00.000'],
    [90_250, '1:30.250'],
    [3_599_999, '59:59.999'],
    [3_600_000, '1:00:00.000'],
    [3_723_004, '1:02:03.004'],
    [-1_500, '-0:01.500'],
    [Number.MAX_SAFE_INTEGER, '2501999792:59:00.991'],
  ])('GIVEN %i ms THEN it reads %s, and that parses back to it', (ms, shown) => {
    expect(formatTime(ms)).toBe(shown);
    expect(parseTime(shown)).toBe(ms);
  });

  it('GIVEN a board type THEN values show as that board reads them', () => {
    expect(formatScore('Time', 90_250)).toBe('1:30.250');
    expect(formatScore('ELO', 1016)).toBe('1016');
    expect(formatScore('Classic', null)).toBe('—');
  });
});

describe('counts and scorelines as typed', () => {
  it.each([
    ['3-1', [3, 1]],
    [' 3 – 1 ', [3, 1]],
    ['0:0', [0, 0]],
    ['9007199254740991-0', [9_007_199_254_740_991, 0]],
    ['3-', null],
    ['-3-1', null],
    ['3.5-1', null],
    ['31', null],
  ] as const)('GIVEN %j THEN the scoreline is %j', (text, line) => {
    expect(parseScoreline(text)).toEqual(line);
  });

  it('GIVEN a count THEN digits only, up to 16 of them', () => {
    expect(parseCount(' 12 ')).toBe(12);
    expect(parseCount('-1')).toBeNull();
    expect(parseCount('12345678901234567')).toBeNull();
  });
});
