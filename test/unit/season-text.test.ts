import { describe, expect, it } from 'vitest';
import { roundStartLines } from '../../src/bot/winners-message';
import { describeContents } from '../../src/domain/board-deletion';
import { describeDecay } from '../../src/domain/decay';
import { describeReset, seasonTitle, type Season } from '../../src/domain/season';
import { contentsIn, decayIn, resetIn, seasonTitleIn } from '../../src/domain/season-text';
import { aBoard } from '../support/views';

/**
 * Issue 32: a season's title, its reset, a deletion's contents and a decay rule in each shipped
 * language; English is word for word what the CLI's English rules say.
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
    expect(seasonTitleIn(locale, season())).toBe(plain);
    expect(seasonTitleIn(locale, season({ name: 'Winter' }))).toBe(named);
    expect(resetIn(locale, season(), elo)).toBe(reset);
  });

  it('GIVEN English THEN each says what the English rules say', () => {
    for (const s of [season(), season({ name: 'Winter' })]) {
      expect(seasonTitleIn('en-US', s)).toBe(seasonTitle(s));
    }
    for (const reset of ['hard', 'soft', 'keep'] as const) {
      for (const board of [elo, aBoard({ type: 'Classic' }), aBoard({ type: 'Rating' })]) {
        expect(resetIn(null, season({ reset }), board)).toBe(
          describeReset(season({ reset }), board),
        );
      }
    }
    const nothing = { ...CONTENTS, entries: 0, matches: 0, seasons: 0, evidenceImages: 0 };
    expect(contentsIn(null, { ...CONTENTS, entries: 12 })).toBe(
      describeContents({ ...CONTENTS, entries: 12 }),
    );
    expect(contentsIn(null, nothing)).toBe(describeContents(nothing));
    for (const rule of [
      { ...RULE, roleFloor: false },
      { ...RULE, percent: true, amount: 5, roleFloor: true },
    ]) {
      expect(decayIn(null, rule)).toBe(describeDecay({ ...rule, boardPk: 1, since: new Date(0) }));
    }
  });

  it('GIVEN counts THEN plurals and numbers are the language’s own', () => {
    expect(contentsIn('de', CONTENTS)).toBe('1.234 Einträge, 1 Match, 2 Saisons, 1 Beweisbild');
    expect(contentsIn('es-419', CONTENTS)).toBe(
      '1234 participantes, 1 partida, 2 temporadas, 1 imagen de prueba',
    );
    expect(contentsIn('pt-BR', CONTENTS)).toBe(
      '1.234 participantes, 1 partida, 2 temporadas, 1 imagem de prova',
    );
    expect(decayIn('de', { ...RULE, roleFloor: false })).toBe(
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
