import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { addOwner } from '../../src/pipeline/owners';
import { backendName } from '../support/backends';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { servePages, type PagesApp } from './pages-app';
import { items, section, text, title } from './read-html';
import { clockFrom, custom, playerPath, playMatches } from './seed';

/**
 * A player's page in the reader's language (issue 32): the rank line, the numbers' labels,
 * the streak, the last matches and head to head, as German, Spanish and Brazilian readers
 * see them, and English for a Japanese one.
 */
const LIMITLESS = { pagesPerMinute: 100_000, imagesPerMinute: 100_000 };

describe(`a player's page in the reader's language (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;
  let ladder: Board;
  const ann = custom('Ann');
  const bo = custom('Bo');
  const cy = custom('Cy');

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    pages = await servePages(tally.ctx, { limits: LIMITLESS });
    const owner = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, owner, 'Test Server');
    ladder = await tally.board({ ownerId: owner, type: 'ELO', name: 'Ladder', windowHours: 0 });
    await playMatches(tally.ctx, ladder, clockFrom('2026-11-01T12:00:00Z'), [
      [ann, bo, 'team1'],
      [ann, cy, 'team1'],
      [bo, cy, 'team1'],
      [ann, bo, 'draw'],
      [cy, ann, 'team1'],
    ]);
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  const visit = (path: string, language: string) =>
    pages.get(path, { 'accept-language': language });
  const stats = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map((m) => [m[1], m[2]]),
    );
  const lastMatches = (html: string, heading: string) =>
    items(
      new RegExp(`<h2>${heading}</h2>\\s*<ol class="matches[^"]*">([\\s\\S]*?)</ol>`).exec(
        html,
      )?.[1] ?? '',
    );

  it('GIVEN a German reader THEN rank, labels, streak and matches are German, dates as Germans write them', async () => {
    const res = await visit(playerPath(ladder, 'custom:Ann'), 'de-DE');
    expect(res.status, res.text).toBe(200);
    expect(text(section(res.text, 'p', 'meta'))).toBe(
      'Platz 1 von 3 auf Ladder · für den neuesten Stand neu laden',
    );
    // W W D L: 2–1–1, a one-loss streak; 1000 +16 +15 −1 −19.
    expect(stats(res.text)).toEqual({
      Wertung: '1011',
      Höchstwert: '1031',
      'Siege–Unentschieden–Niederlagen': '2–1–1',
      Siegquote: '50\u00a0%', // a no-break space before %, as German writes it (Intl)
      Serie: '1 Niederlage',
      'Längste Siegesserie': '2',
    });
    expect(lastMatches(res.text, 'Letzte Matches')[0]).toBe(
      'N gegen Cy −19 Match Nr. 5 · 3. Nov. 2026',
    );
    expect(res.text).toContain('<label for="vs">Vergleichen mit</label>');
  });

  it('GIVEN head to head in Spanish and Portuguese THEN the record reads as a sentence of that language', async () => {
    const path = `${playerPath(ladder, 'custom:Ann')}?vs=custom:Bo`;
    const es = await visit(path, 'es-ES');
    expect(title(es.text)).toBe('Ann contra Bo — Ladder');
    expect(text(section(es.text, 'p', 'record-line'))).toBe(
      'Ann va por delante de Bo 1–0 (1 empate)',
    );
    const pt = await visit(path, 'pt-BR');
    expect(text(section(pt.text, 'p', 'record-line'))).toBe(
      'Ann está à frente de Bo por 1–0 (1 empate)',
    );
    expect(pt.text).toContain('<h2>Confronto direto: <bdi>Ann</bdi> contra ');
  });

  it('GIVEN a Japanese reader THEN the page is English, as before', async () => {
    const res = await visit(playerPath(ladder, 'custom:Ann'), 'ja');
    expect(text(section(res.text, 'p', 'meta'))).toBe('#1 of 3 on Ladder · refresh for the latest');
    expect(stats(res.text)).toMatchObject({ 'Win rate': '50%', Streak: '1 loss' });
    expect(lastMatches(res.text, 'Last matches')[0]).toBe('L vs Cy −19 Match #5 · 3 Nov 2026');
  });
});
