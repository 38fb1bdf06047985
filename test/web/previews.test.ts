import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { addOwner } from '../../src/pipeline/owners';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import type { CardData, ChartData } from '../../src/render/types';
import { backendName } from '../support/backends';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { RecordingRenderer, servePages, type PagesApp } from './pages-app';
import { metaTag } from './read-html';
import { boardPath, clockFrom, custom, playerPath, playMatches } from './seed';

const LIMITLESS = { pagesPerMinute: 100_000, imagesPerMinute: 100_000 };
const PUBLIC = 'http://tally.test'; // PUBLIC_URL of the test Tally

/** The path and query of an absolute URL on this Tally (what an unfurler would fetch). */
const local = (url: string | undefined) => {
  expect(url?.startsWith(`${PUBLIC}/`), url).toBe(true);
  const parsed = new URL(url!);
  return `${parsed.pathname}${parsed.search}`;
};

describe(`link previews and pictures of the public pages (${backendName})`, () => {
  let tally: TestTally;
  let renderer: RecordingRenderer;
  let pages: PagesApp;
  let ladder: Board;

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    renderer = new RecordingRenderer();
    pages = await servePages(tally.ctx, { renderer, limits: LIMITLESS, renderTimeoutMs: 200 });
    const owner = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, owner, 'Preview Server');
    ladder = await tally.board({ ownerId: owner, type: 'ELO', name: 'Ladder', windowHours: 0 });
    const [ann, bo, cy, mo] = ['Ann', 'Bo', 'Cy', 'محمد'].map(custom);
    await playMatches(tally.ctx, ladder, clockFrom('2026-11-01T12:00:00Z'), [
      [ann!, bo!, 'team1'],
      [ann!, cy!, 'team1'],
      [bo!, mo!, 'team1'],
    ]);
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  it('GIVEN a board page THEN its OpenGraph tags name the board, its top 3, its address and its card, which answers 200 image/png', async () => {
    const page = await pages.get(boardPath(ladder));
    expect(metaTag(page.text, 'og:title')).toBe('Ladder');
    expect(metaTag(page.text, 'og:description')).toBe('Top 3: Ann (1031) · Bo (1001) · Cy (985)');
    expect(metaTag(page.text, 'og:url')).toBe(`${PUBLIC}${boardPath(ladder)}`);
    expect(metaTag(page.text, 'twitter:card')).toBe('summary_large_image');
    const image = metaTag(page.text, 'og:image');
    expect(local(image)).toMatch(new RegExp(`^${boardPath(ladder)}/card\\.png\\?v=[\\w-]+$`));

    const card = await pages.get(local(image));
    expect(card.status, card.text).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(card.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    // The link names this very content: it may be kept for a day.
    expect(card.headers.get('cache-control')).toBe('public, max-age=86400');
    const drawn = renderer.calls.at(-1)!;
    expect(drawn.kind).toBe('card');
    expect(drawn.data as CardData).toEqual({
      title: 'Ladder',
      subtitle: 'ELO',
      footer: '4 players',
      rows: [
        { rank: 1, name: 'Ann', value: '1031', record: '2–0–0' },
        { rank: 2, name: 'Bo', value: '1001', record: '1–0–1' },
        { rank: 3, name: 'Cy', value: '985', record: '0–0–1' },
        { rank: 4, name: 'محمد', value: '983', record: '0–0–1' },
      ].map((row) => ({
        ...row,
        // No Discord member: no picture to fetch, their initial instead (issue 29 item 2).
        avatar: { url: null, initial: [...row.name][0], colour: expect.stringMatching(/^#/) },
      })),
    });
  });

  it('GIVEN a player page THEN its tags describe the player and og:image is their chart, 200 image/png', async () => {
    const page = await pages.get(playerPath(ladder, 'custom:Bo'));
    expect(metaTag(page.text, 'og:title')).toBe('Bo — Ladder');
    expect(metaTag(page.text, 'og:description')).toBe(
      'Rank 2 of 4 · Rating 1001 · 1–0–1 on Ladder',
    );
    expect(metaTag(page.text, 'og:url')).toBe(`${PUBLIC}${playerPath(ladder, 'custom:Bo')}`);
    expect(metaTag(page.text, 'twitter:card')).toBe('summary_large_image');
    const image = local(metaTag(page.text, 'og:image'));
    expect(image).toMatch(/\/players\/custom%3ABo\/chart\.png\?v=[\w-]+$/);
    const chart = await pages.get(image);
    expect(chart.status, chart.text).toBe(200);
    expect(chart.headers.get('content-type')).toBe('image/png');
    const data = renderer.calls.at(-1)!.data as ChartData;
    expect(data.title).toBe('Bo · Ladder');
    expect(data.valueLabel).toBe('rating');
    expect(data.points.map((p) => p.value)).toEqual([984, 1001]);
  });

  it('GIVEN an ended season THEN its archive page previews its own final card', async () => {
    const board = await tally.board({ ownerId: ladder.ownerId, type: 'ELO', windowHours: 0 });
    await playMatches(tally.ctx, board, clockFrom('2026-10-01T12:00:00Z'), [
      [custom('Ann'), custom('Bo'), 'team1'],
    ]);
    await startSeason(tally.ctx, board.ownerId, board.id, { name: 'Autumn' });
    await endSeason(tally.ctx, board.ownerId, board.id);
    const page = await pages.get(`${boardPath(board)}?season=1`);
    expect(metaTag(page.text, 'og:title')).toBe(`${board.id} — Season 1 “Autumn”`);
    expect(metaTag(page.text, 'og:url')).toBe(`${PUBLIC}${boardPath(board)}?season=1`);
    const image = local(metaTag(page.text, 'og:image'));
    expect(image).toMatch(/\/card\.png\?season=1&v=[\w-]+$/);
    expect((await pages.get(image)).status).toBe(200);
    const data = renderer.calls.at(-1)!.data as CardData;
    expect(data.subtitle).toBe('ELO · Season 1 “Autumn” · final standings');
    expect(data.rows.map((r) => r.name)).toEqual(['Ann', 'Bo']);
  });

  it('GIVEN the renderer fails or hangs THEN the pictures answer 503 in text with Retry-After, and the pages still answer with their tags', async () => {
    const failing = new RecordingRenderer();
    failing.failing = true;
    const hanging = {
      card: () => new Promise<Buffer>(() => {}),
      chart: () => new Promise<Buffer>(() => {}),
      gallery: () => new Promise<Buffer>(() => {}),
    };
    for (const broken of [failing, hanging]) {
      const app = await servePages(tally.ctx, {
        renderer: broken,
        limits: LIMITLESS,
        renderTimeoutMs: 50,
      });
      try {
        for (const path of [boardPath(ladder), playerPath(ladder, 'custom:Ann')]) {
          const page = await app.get(path);
          expect(page.status, path).toBe(200);
          const image = local(metaTag(page.text, 'og:image'));
          const res = await app.get(image);
          expect(res.status, image).toBe(503);
          expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
          expect(res.headers.get('retry-after')).toBe('60');
          expect(res.headers.get('cache-control')).toBe('no-store');
          expect(res.headers.get('etag')).toBeNull();
          expect(res.text).toMatch(/could not be made/);
        }
      } finally {
        await app.close();
      }
    }
  });

  it('GIVEN no renderer THEN the pages name no picture and the picture addresses answer 503', async () => {
    const app = await servePages(tally.ctx, { limits: LIMITLESS });
    try {
      const page = await app.get(boardPath(ladder));
      expect(page.status).toBe(200);
      expect(metaTag(page.text, 'og:image')).toBeUndefined();
      expect(metaTag(page.text, 'twitter:card')).toBe('summary');
      expect(metaTag(page.text, 'og:title')).toBe('Ladder');
      expect((await app.get(`${boardPath(ladder)}/card.png`)).status).toBe(503);
    } finally {
      await app.close();
    }
  });

  it('GIVEN a picture of a missing board or player, or a malformed id THEN a 404 or 400 in text', async () => {
    const rating = await tally.board({ ownerId: ladder.ownerId, type: 'Rating' });
    const cases: [string, number][] = [
      [`${boardPath({ ownerId: ladder.ownerId, id: 'board_999999' })}/card.png`, 404],
      [`${boardPath(rating)}/card.png?season=1`, 404],
      [`${boardPath(ladder)}/card.png?season=7`, 404],
      [`${boardPath(ladder)}/card.png?season=x`, 422],
      [`${playerPath(ladder, 'custom:Nobody')}/chart.png`, 404],
      [`${playerPath(ladder, 'nope')}/chart.png`, 400],
    ];
    for (const [path, status] of cases) {
      const res = await pages.get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-type'), path).toBe('text/plain; charset=utf-8');
    }
  });
});
