import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import type { ContestEntry } from '../../entities/contest';
import { addOwner } from '../../src/pipeline/owners';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { createRenderer, type Renderer } from '../../src/render';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { anAuthor, artPng, enter, vote } from '../web/contest-seed';
import { fetchPage, servePages, type PagesApp } from '../web/pages-app';
import { boardPath, playerPath } from '../web/seed';
import { Browser, SCREENS, pageBackground } from './chromium';
import { LIVE_SCRIPT } from '../../src/web/live';

/**
 * A contest's pages as visitors see them (issue 26): the gallery, an ended round, an entry's page
 * (a wide and a tall picture), an author's entries and an empty contest; at desktop width and on
 * a 390 px phone, light and dark. No page may scroll sideways on the phone, every picture loads
 * and stays inside the screen, the entry's picture keeps the shape its width and height say, and
 * every link and picture on every page answers 200.
 * PUBLIC_PAGES_SCREENSHOTS=<dir> saves a full-page screenshot of each view there, and the card.
 */
const SHOTS = process.env.PUBLIC_PAGES_SCREENSHOTS;

/** Authors, titles and picture sizes: long, right-to-left, CJK, emoji; wide, tall, tiny. */
const WORKS: [string, string, number, number, number[]][] = [
  ['Ann', 'Dawn over the harbour', 1600, 900, [9, 9, 10, 8, 9, 10]],
  ['محمد علي', 'غروب الشمس', 900, 1400, [8, 9, 8, 9]],
  ['山田太郎', '夏の空', 1200, 1200, [7, 8, 9, 8]],
  [
    'Bartholomew Maximilian von Habsburg-Lothringen the Third',
    'The Extraordinarily Long Title Of A Painting That Goes On And On For Ever',
    2400,
    600,
    [6, 7, 7],
  ],
  ['Zoë 🎨', '🌅✨', 640, 480, [10, 10, 9]],
  ['xXx_TheUltimateSpeedrunnerChampionOfAllTime2026_xXx', 'Pixel', 160, 120, [5, 6, 7]],
  ['Nguyễn Thị Minh Khai', 'Mùa thu', 1080, 1920, [9]],
  ['Bo', 'Sketch', 800, 600, []],
];

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  /** Pictures and names whose box leaves the screen sideways. */
  offscreen: string[];
  /** Pictures that did not load. */
  broken: string[];
  scripts: number;
  urls: string[];
  background: string;
}

const LAYOUT = `(() => {
  const root = document.documentElement;
  const outside = (el) => { const r = el.getBoundingClientRect(); return r.left < -0.5 || r.right > root.clientWidth + 0.5; };
  const images = [...document.images];
  return {
    scrollWidth: root.scrollWidth,
    clientWidth: root.clientWidth,
    offscreen: [...images, ...document.querySelectorAll('a.name, .title')].filter(outside)
      .map((el) => el.getAttribute('src') || el.textContent),
    broken: images.filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src),
    scripts: [...document.scripts].filter((s) => s.textContent !== ${JSON.stringify(LIVE_SCRIPT)}).length,
    urls: [...document.querySelectorAll('a[href]')].map((a) => a.href).concat(images.map((i) => i.src)),
    background: getComputedStyle(document.body).backgroundColor,
  };
})()`;

/** Scrolls the whole page past the screen so lazy thumbnails load, then waits until all have. */
async function loadEveryPicture(browser: Browser): Promise<void> {
  const height = await browser.evaluate<number>('document.documentElement.scrollHeight');
  for (let y = 0; y <= height; y += 600) await browser.evaluate(`window.scrollTo(0, ${y})`);
  for (let i = 0; i < 100; i++) {
    const done = await browser.evaluate<boolean>('[...document.images].every((i) => i.complete)');
    if (done) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await browser.evaluate('window.scrollTo(0, 0)');
}

describe("a contest's pages in headless Chromium, desktop and phone, light and dark", () => {
  let tally: TestTally;
  let renderer: Renderer;
  let pages: PagesApp;
  let browser: Browser;
  let board: Board;
  const entries: ContestEntry[] = [];
  const views: Record<string, string> = {};

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    renderer = createRenderer();
    pages = await servePages(tally.ctx, {
      renderer,
      limits: { pagesPerMinute: 100_000, imagesPerMinute: 100_000, filesPerMinute: 100_000 },
    });
    browser = await Browser.launch();
    const ownerId = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, ownerId, 'Café Ludique — مقهى الألعاب');
    board = await tally.board({ ownerId, type: 'Rating', name: 'Sky Paintings 🎨' });
    const authors = WORKS.map(([name]) => anAuthor(name));
    await startSeason(tally.ctx, ownerId, board.id, { name: 'Spring' });
    const spring = await enter(
      tally.ctx,
      board,
      authors[0]!,
      'First light',
      await artPng(9, 1200, 800),
    );
    await vote(tally.ctx, board, spring, [8, 9, 9]);
    await endSeason(tally.ctx, ownerId, board.id);
    await startSeason(tally.ctx, ownerId, board.id, { name: 'Summer' });
    for (const [i, [, title, width, height, votes]] of WORKS.entries()) {
      const entry = await enter(
        tally.ctx,
        board,
        authors[i]!,
        title,
        await artPng(i, width, height),
      );
      await vote(tally.ctx, board, entry, votes);
      entries.push(entry);
    }
    const empty = await tally.board({ ownerId, type: 'Rating', name: 'Empty Contest' });
    Object.assign(views, {
      gallery: boardPath(board),
      season: `${boardPath(board)}?season=1`,
      'entry-wide': `${boardPath(board)}/entries/${entries[0]!.pk}`,
      'entry-tall': `${boardPath(board)}/entries/${entries[6]!.pk}`,
      'entry-long': `${boardPath(board)}/entries/${entries[3]!.pk}`,
      'entry-archived': `${boardPath(board)}/entries/${spring.pk}`,
      author: playerPath(board, authors[0]!.id),
      'author-long': playerPath(board, authors[3]!.id),
      empty: boardPath(empty),
    });
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await pages?.close();
    await renderer?.close();
    await tally?.stop();
  });

  const checked = new Map<string, number>();
  async function expectUrlsResolve(urls: string[]) {
    for (const url of urls) {
      if (!checked.has(url)) checked.set(url, (await fetchPage(url)).status);
      expect(checked.get(url), url).toBe(200);
    }
  }

  for (const screen of SCREENS)
    for (const dark of [false, true])
      it(`GIVEN a ${screen.name} (${screen.width} px) visitor who prefers ${dark ? 'dark' : 'light'} pages THEN every contest page fits the screen, every picture loads inside it, and every link answers`, async () => {
        await browser.viewport(screen.width, screen.height, screen.mobile);
        await browser.preferDark(dark);
        for (const [name, path] of Object.entries(views)) {
          await browser.goto(`${pages.url}${path}`);
          await loadEveryPicture(browser);
          const layout = await browser.evaluate<Layout>(LAYOUT);
          expect(layout.scrollWidth, `${name}: page wider than the screen`).toBeLessThanOrEqual(
            layout.clientWidth,
          );
          expect(layout.offscreen, `${name}: off the screen`).toEqual([]);
          expect(layout.broken, `${name}: pictures that did not load`).toEqual([]);
          expect(layout.scripts, name).toBe(0);
          expect(layout.background, name).toBe(pageBackground(dark));
          await expectUrlsResolve(layout.urls);
          if (SHOTS)
            await browser.screenshotFull(
              join(SHOTS, `${name}-${screen.name}-${dark ? 'dark' : 'light'}.png`),
            );
        }
      });

  it("GIVEN an entry's page THEN its picture is laid out in the shape its width and height say, before and after it loads", async () => {
    await browser.viewport(1280, 900);
    for (const view of ['entry-wide', 'entry-long']) {
      await browser.goto(`${pages.url}${views[view]}`);
      const box = await browser.evaluate<{ w: number; h: number; ratio: number }>(`(() => {
        const img = document.querySelector('.artwork img');
        const r = img.getBoundingClientRect();
        return { w: r.width, h: r.height, ratio: img.width / img.height };
      })()`);
      expect(Math.abs(box.w / box.h - box.ratio), view).toBeLessThan(0.02);
    }
  });

  it("GIVEN the gallery's og:image THEN it is the contest's card, a PNG the server renders", async () => {
    const page = await fetchPage(`${pages.url}${views.gallery}`);
    const image = /<meta property="og:image" content="([^"]*)">/.exec(page.text)?.[1];
    const url = new URL(image!.replace(/&amp;/g, '&'));
    const res = await fetchPage(`${pages.url}${url.pathname}${url.search}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    if (SHOTS) writeFileSync(join(SHOTS, 'contest-card.png'), res.bytes);
  });
});
