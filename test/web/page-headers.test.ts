import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { addOwner } from '../../src/pipeline/owners';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { backendName } from '../support/backends';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { RecordingRenderer, servePages, type Page, type PagesApp } from './pages-app';
import { metaTag } from './read-html';
import { boardPath, clockFrom, custom, ownerPath, playerPath, playMatches } from './seed';

const LIMITLESS = { pagesPerMinute: 100_000, imagesPerMinute: 100_000 };
/** The pages' own policy (no script, forms to this site only), which framing must not replace. */
const PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'self'",
];

const directives = (page: Page) =>
  (page.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim());

/** Nobody may frame it, and it tells no other site where its visitor came from. */
function expectUnframedAndUnreferred(page: Page, what: string) {
  expect(directives(page), what).toContain("frame-ancestors 'none'");
  expect(page.headers.get('x-frame-options'), what).toBe('DENY');
  expect(page.headers.get('referrer-policy'), what).toBe('no-referrer');
}

describe(`framing and referrer headers of the public pages (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;
  let ladder: Board;
  let archived: Board;

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    pages = await servePages(tally.ctx, { renderer: new RecordingRenderer(), limits: LIMITLESS });
    const ownerId = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, ownerId, 'Header Server');
    ladder = await tally.board({ ownerId, type: 'ELO', name: 'Ladder', windowHours: 0 });
    await playMatches(tally.ctx, ladder, clockFrom('2026-11-01T12:00:00Z'), [
      [custom('Ann'), custom('Bo'), 'team1'],
    ]);
    archived = await tally.board({ ownerId, type: 'ELO', name: 'Cup', windowHours: 0 });
    await playMatches(tally.ctx, archived, clockFrom('2026-10-01T12:00:00Z'), [
      [custom('Ann'), custom('Bo'), 'team1'],
    ]);
    await startSeason(tally.ctx, ownerId, archived.id, { name: 'Autumn' });
    await endSeason(tally.ctx, ownerId, archived.id);
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  it('GIVEN each kind of page, found or not THEN it may not be framed, sends no referrer, and keeps its own policy', async () => {
    const cases: [string, number][] = [
      [ownerPath(ladder.ownerId), 200],
      [boardPath(ladder), 200],
      [`${boardPath(archived)}?season=1`, 200],
      [playerPath(ladder, 'custom:Ann'), 200],
      [`${playerPath(ladder, 'custom:Ann')}?vs=custom%3ABo`, 200],
      [`${boardPath(archived)}?season=9`, 404], // the season page's own refusal
      [playerPath(ladder, 'custom:Nobody'), 404],
      [`${boardPath(ladder)}?cursor=junk`, 400],
      ['/boards/nobody', 404],
      ['/boards/x/y/z/nowhere', 404],
    ];
    for (const [path, status] of cases) {
      const page = await pages.get(path);
      expect(page.status, path).toBe(status);
      expect(page.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expectUnframedAndUnreferred(page, path);
      expect(directives(page), path).toEqual(expect.arrayContaining(PAGE_POLICY));
    }
  });

  it('GIVEN a page the visitor holds (304) THEN the answer says the same', async () => {
    const first = await pages.get(boardPath(ladder));
    const again = await pages.get(boardPath(ladder), {
      'If-None-Match': first.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
    expectUnframedAndUnreferred(again, '304');
  });

  it('GIVEN the pictures and their text faults THEN none may be framed or send a referrer', async () => {
    const card = metaTag((await pages.get(boardPath(ladder))).text, 'og:image')!;
    const chart = metaTag((await pages.get(playerPath(ladder, 'custom:Ann'))).text, 'og:image')!;
    const cases: [string, number][] = [
      [new URL(card).pathname + new URL(card).search, 200],
      [new URL(chart).pathname + new URL(chart).search, 200],
      [`${boardPath(archived)}/card.png?season=1`, 200],
      [`${boardPath(ladder)}/card.png?season=7`, 404],
      [`${playerPath(ladder, 'nope')}/chart.png`, 400],
    ];
    for (const [path, status] of cases) {
      const res = await pages.get(path);
      expect(res.status, path).toBe(status);
      expectUnframedAndUnreferred(res, path);
      expect(directives(res), path).toContain("default-src 'none'");
    }
  });

  it('GIVEN a visitor over the limit THEN the refusal carries the headers too', async () => {
    const tight = await servePages(tally.ctx, { limits: { pagesPerMinute: 1 } });
    try {
      await tight.get(boardPath(ladder));
      const refused = await tight.get(boardPath(ladder));
      expect(refused.status).toBe(429);
      expectUnframedAndUnreferred(refused, '429');
    } finally {
      await tight.close();
    }
  });
});
