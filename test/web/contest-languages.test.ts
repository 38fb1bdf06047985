import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import type { ContestEntry } from '../../entities/contest';
import { addOwner } from '../../src/pipeline/owners';
import { backendName } from '../support/backends';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { anAuthor, enter, plainPng, vote } from './contest-seed';
import { servePages, type PagesApp } from './pages-app';
import { section, text } from './read-html';
import { boardPath } from './seed';

/**
 * A contest's gallery and an entry's page in the reader's language (issue 32): the board's
 * kind, the entries' count, the byline, the unranked heading and its note, the votes' chart,
 * and the entry's 404; English for a French reader.
 */
const LIMITLESS = { pagesPerMinute: 100_000, imagesPerMinute: 100_000, filesPerMinute: 100_000 };

describe(`a contest's pages in the reader's language (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;
  let board: Board;
  let dawn: ContestEntry;
  const ann = anAuthor('Ann');
  const bo = anAuthor('Bo');

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    pages = await servePages(tally.ctx, { limits: LIMITLESS });
    const ownerId = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, ownerId, 'Art Club');
    board = await tally.board({ ownerId, type: 'Rating', name: 'Skies' });
    dawn = await enter(tally.ctx, board, ann, 'Dawn', await plainPng(160, 90, '#ff7e5f'));
    const tide = await enter(tally.ctx, board, bo, 'Tide', await plainPng(50, 50, '#43cea2'));
    await vote(tally.ctx, board, dawn, [9, 9, 8, 10]);
    await vote(tally.ctx, board, tide, [10]);
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  const visit = (path: string, language: string) =>
    pages.get(path, { 'accept-language': language });
  const bylines = (html: string) =>
    [...html.matchAll(/<span class="by">([\s\S]*?)<\/span>\n/g)].map((m) => text(m[1]!));

  it('GIVEN a Brazilian reader THEN the gallery is Portuguese: kind, count, bylines, the unranked', async () => {
    const res = await visit(boardPath(board), 'pt-BR');
    expect(res.status).toBe(200);
    expect(text(section(res.text, 'p', 'meta'))).toBe(
      'Ranking de avaliação · concurso de imagens · 2 participações · recarregue para ver o mais recente',
    );
    expect(bylines(res.text)).toEqual(['por Ann', 'por Bo']);
    expect(res.text).toContain('<h2>Ainda sem posição</h2>');
    expect(text(section(res.text, 'p', 'note'))).toMatch(
      /^Uma participação entra no ranking quando tem /,
    );
  });

  it('GIVEN a German reader THEN an entry’s page is German, and a missing entry’s 404 too', async () => {
    const res = await visit(`${boardPath(board)}/entries/${dawn.pk}`, 'de');
    expect(res.status).toBe(200);
    expect(text(section(res.text, 'p', 'meta'))).toMatch(
      /^von Ann · eingereicht am \d+\. \S+ \d{4}$/,
    );
    expect(res.text).toContain('<h2>Stimmen</h2>');
    expect(res.text).toContain('<th scope="col">Stimme</th>');
    const gone = await visit(`${boardPath(board)}/entries/99999`, 'de');
    expect(gone.status).toBe(404);
    expect(/<h1>([^<]*)<\/h1>/.exec(gone.text)?.[1]).toBe('Beitrag nicht gefunden');
    expect(text(gone.text)).toContain('Alle Beiträge');
  });

  it('GIVEN a French reader THEN the pages are English, as before', async () => {
    const gallery = await visit(boardPath(board), 'fr');
    expect(text(section(gallery.text, 'p', 'meta'))).toBe(
      'Rating board · image contest · 2 entries · refresh for the latest',
    );
    expect(bylines(gallery.text)).toEqual(['by Ann', 'by Bo']);
    const entry = await visit(`${boardPath(board)}/entries/${dawn.pk}`, 'fr');
    expect(entry.text).toContain('<h2>Votes</h2>');
  });
});
