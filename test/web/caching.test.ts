import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { backendName } from '../support/backends';
import { startTestTally, type TestTally } from '../support/tally';
import { RecordingRenderer, servePages, type PagesApp } from './pages-app';
import { metaTag } from './read-html';
import { boardPath, clockFrom, custom, ownerPath, playerPath, playMatches } from './seed';

const LIMITLESS = { pagesPerMinute: 100_000, imagesPerMinute: 100_000 };

describe(`caching of the public pages and pictures (${backendName})`, () => {
  let tally: TestTally;
  let renderer: RecordingRenderer;
  let pages: PagesApp;
  let ladder: Board;
  const clock = clockFrom('2026-11-01T12:00:00Z');

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    renderer = new RecordingRenderer();
    pages = await servePages(tally.ctx, { renderer, limits: LIMITLESS });
    ladder = await tally.board({ ownerId: await tally.owner(), type: 'ELO', windowHours: 0 });
    await playMatches(tally.ctx, ladder, clock, [[custom('Ann'), custom('Bo'), 'team1']]);
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  it('GIVEN a page the visitor holds THEN If-None-Match gets a 304 without a body, until the standings move', async () => {
    for (const path of [
      boardPath(ladder),
      playerPath(ladder, 'custom:Ann'),
      `${playerPath(ladder, 'custom:Ann')}?vs=custom%3ABo`,
      ownerPath(ladder.ownerId),
    ]) {
      const first = await pages.get(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers.get('cache-control'), path).toBe('public, max-age=15');
      const again = await pages.get(path, { 'if-none-match': etag! });
      expect(again.status, path).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      // A list of validators, as caches send, matches too; another validator does not.
      expect((await pages.get(path, { 'if-none-match': `W/"x", ${etag}` })).status).toBe(304);
      expect((await pages.get(path, { 'if-none-match': 'W/"other"' })).status).toBe(200);
    }
    const before = (await pages.get(boardPath(ladder))).headers.get('etag')!;
    await playMatches(tally.ctx, ladder, clock, [[custom('Bo'), custom('Ann'), 'team1']]);
    const after = await pages.get(boardPath(ladder), { 'if-none-match': before });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
  });

  it('GIVEN a picture the client holds THEN a 304 comes before any rendering; a new version renders once', async () => {
    const page = await pages.get(boardPath(ladder));
    const image = new URL(metaTag(page.text, 'og:image')!);
    const path = `${image.pathname}${image.search}`;
    const first = await pages.get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toBe(`W/"${image.searchParams.get('v')}"`);
    const renders = renderer.calls.length;
    const again = await pages.get(path, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(renderer.calls.length).toBe(renders);
    // Without ?v= (or with an old one) the same picture may be kept only a minute.
    const plain = await pages.get(image.pathname);
    expect(plain.headers.get('etag')).toBe(etag);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=60');
    // The renderer is asked with a key naming the content, so it can keep one render per version.
    expect(new Set(renderer.calls.slice(renders).map((c) => c.key)).size).toBe(1);
  });

  it('GIVEN an ended season THEN its archive page may be kept longer than the live standings', async () => {
    const board = await tally.board({ ownerId: ladder.ownerId, type: 'ELO', windowHours: 0 });
    await playMatches(tally.ctx, board, clock, [[custom('Ann'), custom('Bo'), 'team1']]);
    await startSeason(tally.ctx, board.ownerId, board.id, {});
    await endSeason(tally.ctx, board.ownerId, board.id);
    const res = await pages.get(`${boardPath(board)}?season=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('GIVEN an error page THEN it is never stored and carries no validator', async () => {
    const res = await pages.get(playerPath(ladder, 'custom:Nobody'));
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
  });
});
