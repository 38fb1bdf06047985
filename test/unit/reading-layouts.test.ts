import { describe, expect, it } from 'vitest';
import { boardListMessage, keyListMessage, teamListMessage } from '../../src/bot/list-message';
import { pageButtons } from '../../src/bot/page-button';
import { playedLine, profileEmbed } from '../../src/bot/profile-message';
import { standingsEmbed } from '../../src/bot/standings-message';
import type { KeySummary } from '../../src/pipeline/keys';
import type { PlayedMatch, Profile } from '../../src/pipeline/profile';
import { discordRefuses } from '../support/discord-check';
import { aBoard, anEntry, AT } from '../support/views';

/**
 * The reading layouts in each shipped language, from plain data (issue 32): the paging buttons'
 * labels, an empty standings page, the lists, a profile card and a played line. A locale no
 * catalogue serves (fr, ja) reads English, word for word as before.
 */
const labels = (rows: ReturnType<typeof pageButtons>) =>
  rows.flatMap((row) => row.components.map((b) => ('label' in b ? b.label : undefined)));
const both = { first: false, next: '5' };

describe('reading layouts in the member’s language', () => {
  it.each([
    ['de', ['Anfang', 'Weiter']],
    ['es-ES', ['Primera', 'Siguiente']],
    ['es-419', ['Primera', 'Siguiente']],
    ['pt-BR', ['Primeira', 'Próxima']],
    ['fr', ['First', 'Next']],
    [null, ['First', 'Next']],
  ])('GIVEN %s THEN the paging buttons read %j', (locale, want) => {
    expect(labels(pageButtons({ list: 'boards', scope: 0 }, both, locale))).toEqual(want);
  });

  it('GIVEN a Next id too long for Discord THEN the link instead is labelled in the language', () => {
    const more = 'http://localhost/boards/guild%3A1/board_1';
    const rows = pageButtons(
      { list: 'standings', scope: 1 },
      { ...both, next: 'x'.repeat(100), more },
      'de',
    );
    expect(labels(rows)).toEqual(['Anfang', 'Mehr']);
  });

  it.each([
    ['de', 'Ladder — Tabelle', 'Noch keine Einträge.', 'Keine weiteren Einträge.'],
    ['es-ES', 'Ladder — clasificación', 'Todavía no hay nadie en la clasificación.', 'No hay más.'],
    [
      'pt-BR',
      'Ladder — classificação',
      'Ainda não há ninguém na classificação.',
      'Não há mais nada.',
    ],
    ['ja', 'Ladder — standings', 'No entries yet.', 'No more entries.'],
  ])('GIVEN %s THEN an empty standings page says so in it', (locale, title, empty, noMore) => {
    const board = aBoard({ type: 'ELO', displayName: 'Ladder' });
    const first = standingsEmbed(board, [], 'http://localhost/b', true, locale);
    expect(first.title).toBe(title);
    expect(first.description).toBe(empty);
    expect(standingsEmbed(board, [], 'http://localhost/b', false, locale).description).toBe(noMore);
    // Names and the lines themselves are not words: the same in every language.
    const ranked = standingsEmbed(board, [anEntry(1, 'Ann', { elo: 1031 })], 'u', true, locale);
    expect(ranked.description).toBe('🥇 Ann — 1031 (0-0-0)');
  });

  it('GIVEN the lists in German THEN titles, empty pages and a revoked key read in German', () => {
    const board = aBoard({ displayName: 'Ladder' });
    expect(boardListMessage({ items: [], next: null }, true, 'de').embeds[0]).toEqual({
      title: 'Ranglisten',
      description:
        'Noch keine Ranglisten; jemand mit „Server verwalten“ legt eine mit `/board create` an.',
    });
    expect(teamListMessage(board, { items: [], next: null }, false, 'de').embeds[0]).toEqual({
      title: 'Teams von Ladder',
      description: 'Nichts weiter.',
    });
    const revoked: KeySummary = {
      id: 'key_1',
      owner: 'guild:1',
      type: 'live',
      hint: 'tly_live_…abcd',
      scopes: ['boards:read'],
      label: '',
      created_at: AT.toISOString(),
      revoked_at: AT.toISOString(),
    };
    const keys = keyListMessage([revoked], 0, 'pt-BR').embeds[0]!;
    expect(keys.title).toBe('Chaves de API');
    expect(keys.description).toBe('**key_1** tly_live_…abcd · boards:read · revogada');
  });

  it.each([
    ['es-ES', '`board_3` **Arcade** · Récord'],
    ['de', '`board_3` **Arcade** · Highscore'],
    ['fr', '`board_3` **Arcade** · Highscore'],
  ])(
    'GIVEN %s THEN /board list names a board’s type as /board create offers it',
    (locale, line) => {
      const arcade = aBoard({ id: 'board_3', type: 'Highscore', displayName: 'Arcade' });
      const list = boardListMessage({ items: [arcade], next: null }, true, locale);
      expect(list.embeds[0]?.description).toBe(line);
    },
  );

  const match: PlayedMatch = {
    number: 9,
    at: AT,
    result: 'L',
    teammates: [],
    opponents: [{ id: 'custom:Bo', name: 'Bo' }],
    score: '1–3',
    delta: -12,
    status: 'adjusted',
  };

  it.each([
    ['de', /^\*\*N\*\* 1–3 gegen Bo \(−12\) · <t:\d+:R> · angepasst$/],
    ['es-ES', /^\*\*D\*\* 1–3 contra Bo \(−12\) · <t:\d+:R> · ajustada$/],
    ['pt-BR', /^\*\*D\*\* 1–3 contra Bo \(−12\) · <t:\d+:R> · ajustada$/],
    ['fr', /^\*\*L\*\* 1–3 vs Bo \(−12\) · <t:\d+:R> · adjusted$/],
  ])('GIVEN %s THEN a lost, adjusted match reads %s', (locale, want) => {
    expect(playedLine(match, locale)).toMatch(want);
  });

  it('GIVEN a Spanish reader THEN the profile card, with its plurals, reads in Spanish within Discord’s limits', () => {
    const profile: Profile = {
      board: aBoard({ displayName: 'Ladder' }),
      player: { id: 'chat:1', name: 'Ann' },
      rank: null,
      of: 14,
      value: null,
      peak: 1031,
      record: { wins: 1, draws: 0, losses: 4 },
      winRate: 0.2,
      streaks: { current: { result: 'L', length: 1 }, longestWin: 1 },
      submissions: null,
      recent: [match],
      history: [],
    };
    const card = profileEmbed(profile, false, 'es-ES');
    expect(card.title).toBe('Ann en Ladder');
    expect(card.description?.split('\n')).toEqual([
      'Sin puesto esta temporada · mejor elo: **1031**',
      'Ganadas: 1, empatadas: 0, perdidas: 4 · 20 % de victorias',
      'Racha de 1 derrota · mejor racha de victorias: 1',
    ]);
    expect(card.fields?.[0]?.name).toBe('Últimas partidas');
    expect(discordRefuses({ embeds: [card] })).toEqual([]);
  });
});
