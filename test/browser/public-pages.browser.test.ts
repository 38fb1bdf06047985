import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import type { Context } from '../../src/pipeline/context';
import { addOwner } from '../../src/pipeline/owners';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { createRenderer, type Renderer } from '../../src/render';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { fetchPage, servePages, type PagesApp } from '../web/pages-app';
import {
  boardPath,
  custom,
  ownerPath,
  playerPath,
  playMatches,
  postScores,
  type Clock,
} from '../web/seed';
import { Browser, SCREENS, pageBackground } from './chromium';
import { LIVE_SCRIPT } from '../../src/web/live';

/**
 * The public pages as visitors see them (issue 14 item 4): the landing, the index, a board with
 * its podium and recent matches, an ended season, a player with chart and head to head, the API's
 * error pages (issue 30 item 1); at desktop width
 * and on a 390 px phone, light and dark. No page may scroll sideways on the phone, every name
 * stays inside the screen, and every link on every page leads somewhere (200).
 * PUBLIC_PAGES_SCREENSHOTS=<dir> saves a full-page screenshot of each view there.
 */
const SHOTS = process.env.PUBLIC_PAGES_SCREENSHOTS;

const NAMES = [
  'Ann',
  'محمد علي',
  '山田太郎',
  'Zoë Ångström',
  'Nguyễn Thị Minh Khai',
  'xXx_TheUltimateSpeedrunnerChampionOfAllTime2026_xXx',
  'Bartholomew Maximilian von Habsburg-Lothringen the Third',
  '🎮 Gamer ✨',
];

/** A seeded round robin: every pair plays, the lower index mostly wins. */
function fixtures(count: number, seed: number): [number, number, 'team1' | 'team2' | 'draw'][] {
  const out: [number, number, 'team1' | 'team2' | 'draw'][] = [];
  let r = seed;
  const next = () => (r = (r * 48271) % 2147483647) / 2147483647;
  for (let round = 0; round < 2; round++)
    for (let a = 0; a < count; a++)
      for (let b = a + 1; b < count; b++) {
        const x = next();
        out.push([a, b, x < 0.1 ? 'draw' : x < 0.72 ? 'team1' : 'team2']);
      }
  return out;
}

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  /** Names (links with class "name") whose box leaves the screen. */
  offscreen: string[];
  scripts: number;
  hrefs: string[];
  background: string;
}

const LAYOUT = `(() => {
  const root = document.documentElement;
  const names = [...document.querySelectorAll('a.name')];
  return {
    scrollWidth: root.scrollWidth,
    clientWidth: root.clientWidth,
    offscreen: names
      .filter((a) => { const r = a.getBoundingClientRect(); return r.left < 0 || r.right > root.clientWidth + 0.5; })
      .map((a) => a.textContent),
    scripts: [...document.scripts].filter((s) => s.textContent !== ${JSON.stringify(LIVE_SCRIPT)}).length,
    hrefs: [...document.querySelectorAll('a[href]')].map((a) => a.href)
      .concat([...document.querySelectorAll('form[action]')].map((f) => f.action)),
    background: getComputedStyle(document.body).backgroundColor,
  };
})()`;

/**
 * What is wrong with the index's leader lines, one string each: a name that does not start beside
 * its avatar (a right-to-left name took the line's right end, a screen's width from its picture),
 * or a line drawn as a box of its own (the board's card rule reached its leaders: a bordered pill
 * per line, its value against the border).
 */
const LEADERS_WRONG = `[...document.querySelectorAll('.leaders li')].flatMap((li) => {
  const who = li.querySelector('.who');
  const avatar = li.querySelector('.avatar').getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(who);
  const style = getComputedStyle(li);
  const wrong = [];
  if (range.getBoundingClientRect().left - avatar.right > parseFloat(style.columnGap) + 1)
    wrong.push(who.textContent + ': apart from its avatar');
  if (style.borderTopStyle !== 'none' || style.backgroundColor !== 'rgba(0, 0, 0, 0)')
    wrong.push(who.textContent + ': a box of its own');
  return wrong;
})`;

describe('the public pages in headless Chromium, desktop and phone, light and dark', () => {
  let tally: TestTally;
  let renderer: Renderer;
  let pages: PagesApp;
  let browser: Browser;
  let ladder: Board;
  const views: Record<string, string> = {};

  async function season(ctx: Context, clock: Clock, board: Board, name?: string) {
    const at: Context = { ...ctx, now: () => clock.at };
    if (name === undefined) await endSeason(at, board.ownerId, board.id);
    else await startSeason(at, board.ownerId, board.id, { name });
    clock.at = new Date(clock.at.getTime() + 3_600_000);
  }

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    renderer = createRenderer();
    pages = await servePages(tally.ctx, {
      renderer,
      limits: { pagesPerMinute: 100_000, imagesPerMinute: 100_000 },
    });
    browser = await Browser.launch();
    const owner = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, owner, 'Café Ludique — مقهى الألعاب');
    ladder = await tally.board({
      ownerId: owner,
      type: 'ELO',
      name: 'Chess Ladder ♞',
      windowHours: 0,
    });
    const players = NAMES.map(custom);
    const clock: Clock = { at: new Date('2026-10-01T18:00:00Z'), stepMs: 5 * 3_600_000 };
    await season(tally.ctx, clock, ladder, 'Autumn');
    const play = (seed: number, count: number) =>
      playMatches(
        tally.ctx,
        ladder,
        clock,
        fixtures(count, seed).map(([a, b, w]) => [players[a]!, players[b]!, w]),
      );
    await play(7, NAMES.length);
    await season(tally.ctx, clock, ladder);
    await season(tally.ctx, clock, ladder, 'Winter');
    await play(11, NAMES.length);

    const football = await tally.board({
      ownerId: owner,
      type: 'League',
      teamSize: 2,
      name: '2v2 Football',
      windowHours: 0,
    });
    await playMatches(tally.ctx, football, clock, [
      [
        [players[0]!, players[1]!],
        [players[2]!, players[3]!],
        [3, 1],
      ],
      [
        [players[4]!, players[5]!],
        [players[6]!, players[7]!],
        [2, 2],
      ],
      [
        [players[2]!, players[5]!],
        [players[0]!, players[7]!],
        [0, 4],
      ],
    ]);
    const arcade = await tally.board({
      ownerId: owner,
      type: 'Highscore',
      name: 'Arcade',
      windowHours: 0,
    });
    await postScores(
      tally.ctx,
      arcade,
      clock,
      players.map((p, i) => [p, 1_000 + 137_911 * ((i * 5) % 8)]),
    );
    Object.assign(views, {
      index: ownerPath(owner),
      board: boardPath(ladder),
      season: `${boardPath(ladder)}?season=1`,
      player: playerPath(ladder, 'custom:Ann'),
      longname: playerPath(ladder, `custom:${NAMES[6]}`),
      h2h: `${playerPath(ladder, 'custom:Ann')}?vs=${encodeURIComponent(`custom:${NAMES[1]}`)}`,
      football: boardPath(football),
      arcade: boardPath(arcade),
      landing: '/',
      errors: '/errors',
      error: '/errors/invalid-request',
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
  async function expectLinksResolve(hrefs: string[]) {
    for (const href of hrefs) {
      if (!checked.has(href)) checked.set(href, (await fetchPage(href)).status);
      expect(checked.get(href), href).toBe(200);
    }
  }

  for (const screen of SCREENS)
    for (const dark of [false, true])
      it(`GIVEN a ${screen.name} (${screen.width} px) visitor who prefers ${dark ? 'dark' : 'light'} pages THEN every page fits the screen, shows every name and links only to pages that answer`, async () => {
        await browser.viewport(screen.width, screen.height, screen.mobile);
        await browser.preferDark(dark);
        for (const [name, path] of Object.entries(views)) {
          await browser.goto(`${pages.url}${path}`);
          const layout = await browser.evaluate<Layout>(LAYOUT);
          expect(layout.scrollWidth, `${name}: page wider than the screen`).toBeLessThanOrEqual(
            layout.clientWidth,
          );
          expect(layout.offscreen, `${name}: names off the screen`).toEqual([]);
          expect(layout.scripts, name).toBe(0);
          expect(layout.background, name).toBe(pageBackground(dark));
          await expectLinksResolve(layout.hrefs);
          if (name === 'index')
            expect(await browser.evaluate<string[]>(LEADERS_WRONG), 'index: leader lines').toEqual(
              [],
            );
          if (SHOTS)
            await browser.screenshotFull(
              join(SHOTS, `${name}-${screen.name}-${dark ? 'dark' : 'light'}.png`),
            );
        }
      });

  it('GIVEN the player page THEN the chart is drawn inline and follows the dark preference', async () => {
    await browser.viewport(1280, 900);
    const fill = `getComputedStyle(document.querySelector('.chart svg .tc-bg')).fill`;
    await browser.preferDark(true);
    await browser.goto(`${pages.url}${views.player}`);
    const darkFill = await browser.evaluate<string>(fill);
    await browser.preferDark(false);
    await browser.goto(`${pages.url}${views.player}`);
    expect(await browser.evaluate<string>(fill)).toBe('rgb(255, 255, 255)');
    expect(darkFill).toBe('rgb(33, 33, 40)');
    const caption = await browser.evaluate<string>(
      `document.querySelector('.chart figcaption').innerText`,
    );
    expect(caption).toBe('Rating in Season 2 “Winter”');
  });

  it('GIVEN JavaScript is off THEN picking an opponent in the head-to-head form shows the record between the two', async () => {
    await browser.disableScripts();
    await browser.goto(`${pages.url}${views.player}`);
    const option = await browser.evaluate<string>(
      `[...document.querySelectorAll('#vs option')].find((o) => o.textContent === ${JSON.stringify(NAMES[2])}).value`,
    );
    await browser.evaluate(`document.querySelector('#vs').value = ${JSON.stringify(option)}`);
    await browser.click('form.vs button');
    const shown = await browser.evaluate<{ path: string; heading: string }>(`({
      path: decodeURIComponent(location.pathname + location.search),
      heading: document.querySelector('h2').innerText,
    })`);
    expect(shown.path).toBe(
      `${decodeURIComponent(playerPath(ladder, 'custom:Ann'))}?vs=custom:${NAMES[2]}`,
    );
    expect(shown.heading).toBe(`Head to head: Ann vs ${NAMES[2]}`);
  });

  it('GIVEN the og:image of the board and the player THEN each is a PNG the server renders', async () => {
    for (const path of [views.board!, views.player!, views.season!]) {
      const page = await fetchPage(`${pages.url}${path}`);
      const image = /<meta property="og:image" content="([^"]*)">/.exec(page.text)?.[1];
      const url = new URL(image!.replace(/&amp;/g, '&'));
      const res = await fetchPage(`${pages.url}${url.pathname}${url.search}`);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      if (SHOTS) {
        const name =
          path === views.player ? 'chart' : path === views.season ? 'card-season' : 'card';
        (await import('node:fs')).writeFileSync(join(SHOTS, `${name}.png`), res.bytes);
      }
    }
  });
});
