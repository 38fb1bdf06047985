import { describe, expect, it } from 'vitest';
import {
  chatOwnerId,
  chatPlayerId,
  guildOf,
  formatHandle,
  HANDLE_SYNTAX,
  submissionIdOf,
} from '../../src/domain/ids';
import { winnerOf } from '../../src/domain/league';
import { scoreValue, scorelineValue, winnerValue } from '../../src/domain/write-request';

/** The id and value rules every front end shares (spec 2.1, 4.8, 8; DESIGN.md 3). */
describe('handles', () => {
  it.each([
    ['sub_1', 1],
    ['sub_9007199254740991', 9_007_199_254_740_991],
    ['sub_0', null], // well-formed, but no submission has id 0
    ['sub_007', null], // never issued: formatHandle writes no leading zero, so no alias of sub_7
    ['sub_9007199254740992', null], // past 2^53 − 1
    ['sub_', null],
    ['sub_1x', null],
    ['SUB_1', null],
    [' sub_1', null],
  ])('GIVEN %j THEN it names submission %s', (handle, id) => {
    expect(submissionIdOf(handle)).toBe(id);
    if (id !== null) expect(formatHandle(id)).toBe(handle);
  });

  it('GIVEN the spec pattern THEN well-formed but unissued handles still match it (404, not 422)', () => {
    expect(['sub_0', 'sub_007'].every((h) => HANDLE_SYNTAX.test(h))).toBe(true);
    expect(HANDLE_SYNTAX.test('sub_x')).toBe(false);
  });
});

describe('chat ids', () => {
  it('GIVEN a server THEN the workspace is the server; outside one, the member', () => {
    expect(chatOwnerId('804615273910462851', '111111111111111111')).toBe(
      'guild:804615273910462851',
    );
    expect(chatOwnerId(null, '111111111111111111')).toBe('user:111111111111111111');
    expect(chatPlayerId('111111111111111111')).toBe('chat:111111111111111111');
  });
});

describe('match and score values', () => {
  it.each([
    [3, 1, 'team1'],
    [1, 3, 'team2'],
    [2, 2, 'draw'],
    [0, 0, 'draw'],
  ] as const)('GIVEN the scoreline %i–%i THEN %s wins', (a, b, winner) => {
    expect(winnerOf(a, b)).toBe(winner);
  });

  it('GIVEN values at and past the spec ranges THEN the edges are accepted and the rest refused', () => {
    expect(scoreValue(-Number.MAX_SAFE_INTEGER)).toBe(-Number.MAX_SAFE_INTEGER);
    expect(() => scoreValue(Number.MAX_SAFE_INTEGER + 1)).toThrow(/score: must be from/);
    expect(() => scoreValue(1.5)).toThrow(/score: must be an integer/);
    expect(scorelineValue(0, 'team1_score')).toBe(0);
    expect(() => scorelineValue(-1, 'team2_score')).toThrow(/team2_score: must be from 0/);
    expect(winnerValue('draw')).toBe('draw');
    expect(() => winnerValue('team3')).toThrow(/winner: must be/);
  });
});

describe('the server of a workspace', () => {
  it.each<[string, string | null]>([
    ['guild:804615273910462851', '804615273910462851'],
    ['user:804615273910462851', null],
  ])('GIVEN %s THEN %s', (ownerId, guild) => {
    expect(guildOf(ownerId)).toBe(guild);
  });
});
