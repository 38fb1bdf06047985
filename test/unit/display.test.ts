import { describe, expect, it } from 'vitest';
import {
  outcomeParts,
  outcomeSentence,
  rankedValue,
  ratingSwing,
  sideChances,
  sideVerb,
  signedDelta,
  utcDay,
  utcMinute,
  valueHeading,
  valueName,
} from '../../src/domain/display';
import type { BoardType, Winner } from '../../src/domain/vocabulary';

/**
 * The rules a member can see, one definition each (issue 25 item 2): chat, the public pages, the
 * audit lines and the CLI render from these, so what one says the others say.
 */
describe('the ranked value and its name', () => {
  it.each<[BoardType, number | null, string, string]>([
    ['ELO', 1016, 'rating', 'Rating'],
    ['League', 7, 'points', 'Points'],
    ['Classic', 3, 'score', 'Score'],
    ['Highscore', 3, 'score', 'Score'],
    ['Time', 3, 'time', 'Time'],
    ['Rating', 3, 'rating', 'Rating'],
  ])('GIVEN a %s board THEN it ranks by %s, called %s (%s)', (type, value, name, heading) => {
    expect(rankedValue({ type }, { elo: 1016, score: 3 }) ?? null).toBe(
      type === 'League' ? 3 : value,
    );
    expect(valueName(type)).toBe(name);
    expect(valueHeading(type)).toBe(heading);
  });

  it('GIVEN an ELO entry without a rating THEN no value (never the score)', () => {
    expect(rankedValue({ type: 'ELO' }, { elo: null, score: 5 })).toBeNull();
  });
});

describe('a signed change', () => {
  it.each<[number, string]>([
    [16, '+16'],
    [-16, '−16'],
    [0, '±0'],
    [-0, '±0'],
    [1_000_000, '+1000000'],
  ])('GIVEN %d THEN %s (one form of zero, a minus sign)', (delta, text) => {
    expect(signedDelta(delta)).toBe(text);
  });

  it.each<[number, string]>([
    [16, '±16'],
    [-16, '±16'],
    [0, '±0'],
  ])('GIVEN a swing of %d THEN %s', (delta, text) => {
    expect(ratingSwing(delta)).toBe(text);
  });
});

describe("a match's outcome", () => {
  const match = (winner: Winner | null, team1Score: number | null, team2Score: number | null) => ({
    winner,
    team1Score,
    team2Score,
  });
  it.each<[ReturnType<typeof match>, string]>([
    [match('team1', null, null), 'Ann beat Bo'],
    [match('team2', null, null), 'Bo beat Ann'],
    [match('draw', null, null), 'Ann drew with Bo'],
    [match('team1', 3, 1), 'Ann 3–1 Bo'],
    [match('team2', 1, 3), 'Bo 3–1 Ann'],
    [match(null, 1, 3), 'Bo 3–1 Ann'], // a League winner from its scoreline
    [match('draw', 2, 2), 'Ann 2–2 Bo'],
  ])('GIVEN %o THEN "%s", the winner first', (m, sentence) => {
    expect(outcomeSentence(m, 'Ann', 'Bo')).toBe(sentence);
  });

  it('GIVEN a draw THEN neither side is the winner; a win names the winning side first', () => {
    expect(outcomeParts(match('draw', null, null))).toMatchObject({ first: 1, decided: false });
    expect(outcomeParts(match('team2', null, null))).toMatchObject({ first: 2, decided: true });
  });

  it.each<[Winner, 1 | 2, string]>([
    ['team1', 1, 'won'],
    ['team1', 2, 'lost'],
    ['team2', 2, 'won'],
    ['draw', 1, 'drew'],
    ['draw', 2, 'drew'],
  ])('GIVEN %s THEN side %d %s', (winner, side, verb) => {
    expect(sideVerb(match(winner, null, null), side)).toBe(verb);
  });
});

describe("a queue match's chances", () => {
  it.each<[number, string, string]>([
    [0.5, '50%', '50%'],
    [0.625, '63%', '37%'],
    [0.375, '38%', '62%'],
    [0.909, '91%', '9%'],
    [0.996, '>99%', '<1%'],
    [0.004, '<1%', '>99%'],
    [1, '100%', '0%'],
    [0, '0%', '100%'],
  ])('GIVEN side 1 expects %d THEN %s against %s (whole percent adding up to 100)', (p, a, b) => {
    expect(sideChances(p)).toEqual([a, b]);
  });
});

describe('times in UTC', () => {
  it('GIVEN an instant THEN the minute and the day in UTC, whatever the zone', () => {
    const at = new Date('2026-11-26T23:59:59.999+00:00');
    expect(utcMinute(at)).toBe('2026-11-26 23:59 UTC');
    expect(utcDay(at)).toBe('2026-11-26');
  });
});
