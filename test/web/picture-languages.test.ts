import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { pictureLanguage } from '../../src/domain/picture-words';
import type { CardData, ChartData } from '../../src/render/types';
import { topEntriesText } from '../../src/web/contest-pictures';
import { topThreeText } from '../../src/web/pictures';
import { backendName } from '../support/backends';
import { startTestTally, type TestTally } from '../support/tally';
import { fetchPage, RecordingRenderer, servePages, type PagesApp } from './pages-app';
import { boardPath, clockFrom, custom, playerPath, playMatches } from './seed';

/** PICTURES_DE=<dir>: where to save the German pictures, to look at. */
const SHOTS = process.env.PICTURES_DE;
const LIMITLESS = { pagesPerMinute: 100_000, imagesPerMinute: 100_000 };
const cardPath = (b: Board) => `${boardPath(b)}/card.png`;
const chartPath = (b: Board) => `${playerPath(b, 'custom:Ann')}/chart.png`;

/**
 * Issue 32: a board's card and a player's chart in the language the page speaks: `?lang=`, the
 * switch's `tally_lang` cookie, else Accept-Language; an unshipped language reads English. Each
 * language is its own picture, with its own ETag, and the answer varies by what picked it.
 */
describe(`pictures in the page's language (${backendName})`, () => {
  let tally: TestTally;
  let renderer: RecordingRenderer;
  let pages: PagesApp;
  let league: Board;

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    renderer = new RecordingRenderer();
    pages = await servePages(tally.ctx, { renderer, limits: LIMITLESS });
    league = await tally.board({
      ownerId: await tally.owner(),
      type: 'League',
      name: 'Freitagsliga',
      windowHours: 0,
    });
    await playMatches(tally.ctx, league, clockFrom('2026-11-01T12:00:00Z'), [
      [custom('Ann'), custom('Bo'), [3, 1]],
      [custom('Cy'), custom('Ann'), [2, 2]],
    ]);
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  /** The data the last picture was drawn from. */
  const drawn = <T extends CardData | ChartData>() => renderer.calls.at(-1)!.data as T;

  it.each<[string, Record<string, string>, string, string, string]>([
    [
      'Accept-Language: de',
      { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
      'de',
      'Liga',
      '3 Spieler',
    ],
    ['?lang=es', {}, 'es', 'Liga', '3 jugadores'],
    ['the tally_lang cookie', { cookie: 'tally_lang=pt-BR' }, 'pt-BR', 'Liga', '3 jogadores'],
    ['Accept-Language: fr', { 'accept-language': 'fr-FR,fr;q=0.9' }, 'en', 'League', '3 players'],
  ])(
    'GIVEN %s THEN the card is drawn in its language',
    async (_, headers, language, type, players) => {
      const query = language === 'es' ? '?lang=es' : '';
      const res = await pages.get(`${cardPath(league)}${query}`, headers);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('vary')).toMatch(/Accept-Language/i);
      expect(res.headers.get('vary')).toMatch(/Cookie/i);
      const card = drawn<CardData>();
      expect(card.subtitle).toBe(type);
      expect(card.footer).toBe(players);
      expect(card.language ?? 'en').toBe(language);
      expect(renderer.calls.at(-1)!.key).toContain(res.headers.get('etag')!.replace(/^W\/|"/g, ''));
    },
  );

  it('GIVEN a German and an English reader THEN the chart speaks each one’s language, under ETags of their own', async () => {
    const german = await pages.get(chartPath(league), { 'accept-language': 'de' });
    expect(german.status, german.text).toBe(200);
    const chart = drawn<ChartData>();
    expect(chart.valueLabel).toBe('Punkte');
    expect(chart.language).toBe('de');
    expect(chart.words?.chart.last).toBe('aktuell {{value}}');
    const english = await pages.get(chartPath(league), { 'accept-language': 'en-US' });
    expect(drawn<ChartData>().valueLabel).toBe('points');
    expect(drawn<ChartData>().words).toBeUndefined(); // English: the renderer's own words
    expect(english.headers.get('etag')).not.toBe(german.headers.get('etag'));
    // The German ETag is no validator of the English picture, nor the English one of the German.
    const held = { 'if-none-match': german.headers.get('etag')! };
    expect((await pages.get(chartPath(league), { ...held, 'accept-language': 'en' })).status).toBe(
      200,
    );
    expect((await pages.get(chartPath(league), { ...held, 'accept-language': 'de' })).status).toBe(
      304,
    );
  });

  it('GIVEN the real renderer THEN the German card and chart are other bytes than the English ones, and each language gets its own every time', async () => {
    const served = `${tally.url}`;
    const get = (path: string, language: string) =>
      fetchPage(`${served}${path}`, { 'accept-language': language });
    for (const path of [cardPath(league), chartPath(league)]) {
      const de = await get(path, 'de');
      const en = await get(path, 'en');
      expect([de.status, en.status], path).toEqual([200, 200]);
      expect(de.headers.get('content-type')).toBe('image/png');
      expect(Buffer.compare(de.bytes, en.bytes), path).not.toBe(0);
      expect(Buffer.compare((await get(path, 'en')).bytes, en.bytes), path).toBe(0);
      expect(Buffer.compare((await get(path, 'de-AT')).bytes, de.bytes), path).toBe(0);
      expect(Buffer.compare((await get(path, 'ja')).bytes, en.bytes), path).toBe(0);
      // PICTURES_DE=<dir> saves what a German reader's browser is served, to look at.
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        writeFileSync(
          join(SHOTS, `served-${path.endsWith('card.png') ? 'card' : 'chart'}-de.png`),
          de.bytes,
        );
      }
    }
  });
});

describe("a shared link's preview line in the picture's language", () => {
  const tile = { place: '#1', title: 'Dusk', author: 'Ann', value: '8,43', thumbHash: 'x' };
  it.each([
    ['de', 'Top 1: Dusk von Ann (8,43)', 'Noch keine Einträge'],
    ['es-ES', 'Top 1: Dusk, de Ann (8,43)', 'Todavía no hay nadie'],
    ['pt-BR', 'Top 1: Dusk, de Ann (8,43)', 'Ainda não há ninguém'],
    ['ja', 'Top 1: Dusk by Ann (8,43)', 'No entries yet'],
  ])('GIVEN a card in %s THEN "%s", and "%s" without entries', (locale, line, none) => {
    const spec = { title: 'Photos', subtitle: 'Rating', ...pictureLanguage(locale) };
    expect(topEntriesText({ ...spec, tiles: [tile] })).toBe(line);
    expect(topEntriesText({ ...spec, tiles: [] })).toBe(none);
    expect(topThreeText({ ...spec, rows: [] })).toBe(none);
  });
});
