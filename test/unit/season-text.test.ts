import { describe, expect, it } from 'vitest';
import { roundStartLines } from '../../src/bot/winners-message';
import { describeContents } from '../../src/domain/board-deletion';
import { describeDecay } from '../../src/domain/decay';
import { describeReset, type Season, seasonTitle } from '../../src/domain/season';
import { aBoard } from '../support/views';

/**
 * Issue 32: a season's title, its reset, a deletion's contents and a decay rule in each shipped
 * language, each written once (domain/season.ts, board-deletion.ts, decay.ts); without a locale,
 * word for word the English the CLI and the audit always printed.
 */
const season = (parts: Partial<Season> = {}): Season => ({
  pk: 1,
  boardPk: 1,
  number: 3,
  name: 'Season 3',
  startedAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: null,
  endedAt: null,
  reset: 'soft',
  softPercent: 50,
  channelId: null,
  topN: 10,
  repeat: false,
  ...parts,
});
const elo = aBoard({ type: 'ELO', startRating: 1000 });
const CONTENTS = {
  entries: 1234,
  matches: 1,
  scores: 0,
  seasons: 2,
  contestEntries: 0,
  evidenceImages: 1,
};
const RULE = { amount: 15, percent: false, everyHours: 24, afterDays: 14, floor: 1000 };

describe('a season and a deletion in words', () => {
  it.each([
    ['en-US', 'Season 3', 'Season 3 “Winter”', 'ratings move 50% back toward 1000'],
    ['es-ES', 'Temporada 3', 'Temporada 3 «Winter»', 'el elo se acerca un 50 % a 1000'],
    ['pt-BR', 'Temporada 3', 'Temporada 3 “Winter”', 'os ratings se aproximam 50% de 1000'],
    ['de', 'Saison 3', 'Saison 3 „Winter“', 'die Wertungen rücken um 50 % an 1000 heran'],
    ['ja', 'Season 3', 'Season 3 “Winter”', 'ratings move 50% back toward 1000'],
  ])('GIVEN %s THEN titles and resets read %s, %s, %s', (locale, plain, named, reset) => {
    expect(seasonTitle(season(), locale)).toBe(plain);
    expect(seasonTitle(season({ name: 'Winter' }), locale)).toBe(named);
    expect(describeReset(season(), elo, locale)).toBe(reset);
  });

  it('GIVEN no locale THEN each reads the English the CLI and the audit always printed', () => {
    expect(seasonTitle(season())).toBe('Season 3');
    expect(seasonTitle(season({ name: 'Winter' }))).toBe('Season 3 “Winter”');
    expect(describeReset(season({ reset: 'hard' }), elo)).toBe('ratings reset to 1000');
    expect(describeReset(season({ reset: 'soft' }), elo)).toBe('ratings move 50% back toward 1000');
    expect(describeReset(season({ reset: 'keep' }), elo)).toBe('ratings kept, records reset');
    expect(describeReset(season(), aBoard({ type: 'Classic' }))).toBe('standings reset');
    expect(describeReset(season(), aBoard({ type: 'Rating' }))).toBe(
      'its entries are archived with their final rank',
    );
    const nothing = { ...CONTENTS, entries: 0, matches: 0, seasons: 0, evidenceImages: 0 };
    expect(describeContents({ ...CONTENTS, entries: 12, contestEntries: 1, scores: 3 })).toBe(
      '12 entries, 1 match, 3 scores, 2 seasons, 1 contest entry, 1 evidence image',
    );
    expect(describeContents(nothing)).toBe('nothing recorded yet');
    expect(describeDecay({ ...RULE, roleFloor: false })).toBe(
      '15 points every 24 h after 14 days without a result, not below 1000',
    );
    expect(describeDecay({ ...RULE, percent: true, amount: 5, roleFloor: true })).toBe(
      '5% every 24 h after 14 days without a result, not below 1000 nor below the rank role a rating has reached',
    );
  });

  it('GIVEN counts THEN plurals and numbers are the language’s own', () => {
    expect(describeContents(CONTENTS, 'de')).toBe(
      '1.234 Einträge, 1 Match, 2 Saisons, 1 Beweisbild',
    );
    expect(describeContents(CONTENTS, 'es-419')).toBe(
      '1234 participantes, 1 partida, 2 temporadas, 1 imagen de prueba',
    );
    expect(describeContents(CONTENTS, 'pt-BR')).toBe(
      '1.234 participantes, 1 partida, 2 temporadas, 1 imagem de prova',
    );
    expect(describeDecay({ ...RULE, roleFloor: false }, 'de')).toBe(
      '15 Punkte alle 24 h nach 14 Tagen ohne Ergebnis, nicht unter 1000',
    );
  });

  it('GIVEN a contest round’s start THEN its lines are the server’s language', () => {
    const rating = aBoard({ type: 'Rating', displayName: 'Fotos', id: 'board_9' });
    expect(roundStartLines(rating, season(), 'pt-BR')).toEqual([
      '**Fotos** começa uma nova rodada de concurso.',
      'Ela segue até os moderadores a encerrarem.',
      'Envie uma inscrição com `/contest submit board:board_9` e avalie as outras; no fim, as inscrições são classificadas para sempre e os vencedores aparecem aqui.',
    ]);
    expect(roundStartLines(rating, season())[0]).toBe('**Fotos** starts a new contest round.');
  });
});
