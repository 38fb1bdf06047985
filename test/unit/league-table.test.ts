import { describe, expect, it } from 'vitest';
import {
  FORM_LENGTH,
  formLabel,
  formOf,
  goalDifferenceText,
  playedOf,
  type FormMatch,
} from '../../src/domain/league-table';
import type { Result } from '../../src/domain/record';

/** A League table's played, goal difference and form (issue 29 item 5): one rule, one table. */
const m = (side: 1 | 2, team1Score: number, team2Score: number): FormMatch => ({
  side,
  winner: null,
  team1Score,
  team2Score,
});

describe('a League table row', () => {
  it.each([
    [{ wins: 3, draws: 1, losses: 2 }, 6],
    [{ wins: 0, draws: 0, losses: 0 }, 0],
    [{ wins: null, draws: 2, losses: null }, 2],
  ])('GIVEN the record %j THEN %i played', (record, played) => {
    expect(playedOf(record)).toBe(played);
  });

  it.each([
    [7, 3, '+4'],
    [2, 5, '−3'],
    [4, 4, '0'],
    [0, 0, '0'],
  ])('GIVEN %i scored and %i conceded THEN the goal difference reads %s', (gf, ga, text) => {
    expect(goalDifferenceText(gf, ga)).toBe(text);
  });

  it.each<[string, FormMatch[], Result[]]>([
    ['no matches', [], []],
    // Newest first as read: a 3–1 win as team 2 is a loss, 1–1 a draw from either side.
    ['a loss, then a draw (newest)', [m(1, 1, 1), m(2, 3, 1)], ['L', 'D']],
    ['a win as team 2', [m(2, 0, 4)], ['W']],
    [
      'seven matches: the newest five, oldest first',
      [m(1, 1, 0), m(1, 0, 1), m(1, 2, 2), m(1, 3, 0), m(1, 0, 3), m(1, 5, 0), m(1, 5, 0)],
      ['L', 'W', 'D', 'L', 'W'],
    ],
  ])('GIVEN %s THEN the form is %j', (_, newestFirst, form) => {
    expect(formOf(newestFirst)).toEqual(form);
    expect(formOf(newestFirst).length).toBeLessThanOrEqual(FORM_LENGTH);
  });

  it('GIVEN a decided match without a scoreline THEN its winner decides the mark', () => {
    expect(formOf([{ side: 1, winner: 'team2', team1Score: null, team2Score: null }])).toEqual([
      'L',
    ]);
  });

  it.each<[Result[], string]>([
    [['W', 'D', 'L'], 'Last 3, oldest first: won, drew, lost'],
    [[], 'No matches yet'],
  ])('GIVEN the form %j THEN a screen reader hears "%s"', (form, words) => {
    expect(formLabel(form)).toBe(words);
  });

  it.each<[string, Result[], string]>([
    ['de', ['W', 'D', 'L'], 'Letzte 3, älteste zuerst: gewonnen, unentschieden, verloren'],
    ['es-ES', [], 'Aún no hay partidas'],
    ['pt-BR', ['W'], 'Última partida: venceu'],
    ['pt-BR', ['W', 'L'], 'Últimas 2, da mais antiga para a mais recente: venceu, perdeu'],
    ['fr', ['L'], 'Last 1, oldest first: lost'],
  ])(
    'GIVEN a reader in %s and the form %j THEN a screen reader hears "%s"',
    (locale, form, words) => {
      expect(formLabel(form, locale)).toBe(words);
    },
  );
});
