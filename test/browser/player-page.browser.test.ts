import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { addOwner } from '../../src/pipeline/owners';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { servePages, type PagesApp } from '../web/pages-app';
import { custom, playerPath, playMatches, postScores, type Clock } from '../web/seed';
import { Browser, SCREENS, pageBackground } from './chromium';

/**
 * The player page as a visitor sees it (issue 29): the chart's labels readable on a phone, a
 * history of one day dated, one match drawn as more than a dot, every match and every submission
 * reachable, head to head first when asked for with the two players side by side and its score
 * in one piece, and a Classic profile that never shows one number twice. At 1366 and 390 px,
 * light and dark, measured in Chromium. PLAYER_PAGE_SCREENSHOTS=<dir> saves each view.
 */
const SHOTS = process.env.PLAYER_PAGE_SCREENSHOTS;

const LONG = 'Bartholomew Maximilian von Habsburg-Lothringen the Third';

/** The chart shown (wide or narrow, whichever CSS displays) and its labels as drawn. */
const CHART = `(() => {
  const svg = [...document.querySelectorAll('.chart svg')].find((s) => s.getBoundingClientRect().width > 0);
  if (!svg) return null;
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const texts = [...svg.querySelectorAll('text')];
  return {
    labels: texts.map((t) => t.textContent),
    /** What each label measures on screen, in CSS pixels. */
    sizes: texts.map((t) => Number(getComputedStyle(t).fontSize.replace('px', '')) * scale),
    heights: texts.map((t) => t.getBoundingClientRect().height),
    lines: [...svg.querySelectorAll('path.tc-line')].map((p) => p.getBoundingClientRect().width),
    markers: svg.querySelectorAll('circle.tc-last').length,
  };
})()`;

interface Chart {
  labels: string[];
  sizes: number[];
  heights: number[];
  lines: number[];
  markers: number;
}

const LAYOUT = `(() => {
  const root = document.documentElement;
  return {
    scrollWidth: root.scrollWidth,
    clientWidth: root.clientWidth,
    background: getComputedStyle(document.body).backgroundColor,
    stats: [...document.querySelectorAll('.stats div')].map((d) => [d.querySelector('dt').innerText, d.querySelector('dd').innerText]),
  };
})()`;

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  background: string;
  stats: [string, string][];
}

describe('the player page in headless Chromium, desktop and phone, light and dark', () => {
  let tally: TestTally;
  let pages: PagesApp;
  let browser: Browser;
  let ladder: Board;
  let classic: Board;

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    pages = await servePages(tally.ctx, {
      limits: { pagesPerMinute: 100_000, imagesPerMinute: 100_000 },
    });
    browser = await Browser.launch();
    const owner = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, owner, 'Café Ludique');
    ladder = await tally.board({ ownerId: owner, type: 'ELO', name: 'Ladder', windowHours: 0 });
    // Twelve matches in one afternoon: a history of one day, more than the page's last ten.
    const clock: Clock = { at: new Date('2026-11-03T12:00:00Z'), stepMs: 20 * 60_000 };
    const [ann, bo] = [custom('Ann'), custom(LONG)];
    await playMatches(
      tally.ctx,
      ladder,
      clock,
      Array.from({ length: 12 }, (_, i) => [ann, bo, i % 4 === 3 ? 'team2' : 'team1'] as const).map(
        ([a, b, w]) => [a, b, w],
      ),
    );
    // One match and no more.
    await playMatches(tally.ctx, ladder, clock, [[custom('Solo'), custom('Cy'), 'team1']]);
    classic = await tally.board({ ownerId: owner, type: 'Classic', name: 'Quiz', windowHours: 0 });
    const days: Clock = { at: new Date('2026-11-01T09:00:00Z'), stepMs: 86_400_000 };
    await postScores(
      tally.ctx,
      classic,
      days,
      Array.from({ length: 12 }, (_, i) => [ann, 10 + i] as [typeof ann, number]),
    );
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await pages?.close();
    await tally?.stop();
  });

  async function visit(
    path: string,
    shot: string,
    screen: (typeof SCREENS)[number],
    dark: boolean,
  ) {
    await browser.goto(`${pages.url}${path}`);
    const layout = await browser.evaluate<Layout>(LAYOUT);
    expect(layout.scrollWidth, `${shot}: wider than the screen`).toBeLessThanOrEqual(
      layout.clientWidth,
    );
    expect(layout.background, shot).toBe(pageBackground(dark));
    if (SHOTS)
      await browser.screenshotFull(
        join(SHOTS, `${shot}-${screen.name}-${dark ? 'dark' : 'light'}.png`),
      );
    return layout;
  }

  for (const screen of SCREENS)
    for (const dark of [false, true])
      describe(`at ${screen.width} px, ${dark ? 'dark' : 'light'}`, () => {
        beforeAll(async () => {
          await browser.viewport(screen.width, screen.height, screen.mobile);
          await browser.preferDark(dark);
        });

        it('GIVEN a history of one afternoon THEN the chart labels are at least 12 px and the x axis says its date', async () => {
          await visit(playerPath(ladder, 'custom:Ann'), 'player', screen, dark);
          const chart = (await browser.evaluate<Chart>(CHART))!;
          expect(chart).not.toBeNull();
          for (const [i, size] of chart.sizes.entries())
            expect(size, `"${chart.labels[i]}" drawn at ${size} px`).toBeGreaterThanOrEqual(12);
          expect(Math.min(...chart.heights)).toBeGreaterThanOrEqual(12);
          expect(chart.labels).toContain('3 Nov 2026');
          expect(chart.labels.filter((l) => /^\d\d:\d\d$/.test(l)).length).toBeGreaterThan(1);
        });

        it('GIVEN a player with one match THEN the chart steps from the start rating to a marked, labelled value, not a lone dot', async () => {
          await visit(playerPath(ladder, 'custom:Solo'), 'one-match', screen, dark);
          const chart = (await browser.evaluate<Chart>(CHART))!;
          expect(chart.markers).toBe(1);
          expect(Math.max(...chart.lines)).toBeGreaterThan(40);
          expect(chart.labels).toEqual(expect.arrayContaining(['1,016', '1,000']));
          for (const size of chart.sizes) expect(size).toBeGreaterThanOrEqual(12);
        });

        it('GIVEN more than ten matches THEN "All matches" pages through every one with the API cursors', async () => {
          await browser.goto(`${pages.url}${playerPath(ladder, 'custom:Ann')}`);
          const last = await browser.evaluate<number>(
            `document.querySelectorAll('.matches.played li').length`,
          );
          expect(last).toBe(10);
          await browser.click('p.more a');
          const all = await browser.evaluate<{ path: string; items: number; next: boolean }>(`({
            path: location.pathname,
            items: document.querySelectorAll('.matches.played li').length,
            next: !!document.querySelector('a[rel="next"]'),
          })`);
          expect(all).toEqual({
            path: `${playerPath(ladder, 'custom:Ann')}/matches`,
            items: 12,
            next: false,
          });
          await visit(
            `${playerPath(ladder, 'custom:Ann')}/matches?limit=5`,
            'all-matches',
            screen,
            dark,
          );
          const seen: string[] = [];
          for (;;) {
            seen.push(
              ...(await browser.evaluate<string[]>(
                `[...document.querySelectorAll('.matches.played .when')].map((w) => w.innerText.split(' · ')[0])`,
              )),
            );
            const more = await browser.evaluate<boolean>(
              `!!document.querySelector('a[rel="next"]')`,
            );
            if (!more) break;
            await browser.click('a[rel="next"]');
            expect(await browser.evaluate<string>('location.search')).toMatch(
              /^\?cursor=[A-Za-z0-9_-]+&limit=5$/,
            );
          }
          expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `Match #${12 - i}`));
        });

        it('GIVEN ?vs= THEN head to head comes before the chart, on the first screen, its score in one piece, both players side by side', async () => {
          const path = `${playerPath(ladder, 'custom:Ann')}?vs=${encodeURIComponent(`custom:${LONG}`)}`;
          await visit(path, 'head-to-head', screen, dark);
          const h2h = await browser.evaluate<{
            above: boolean;
            top: number;
            screen: number;
            scoreLines: number[];
            record: string;
            heads: string[];
            rows: string[][];
            table: { left: number; right: number };
            split: string[];
          }>(`(() => {
            const section = document.querySelector('section.h2h');
            const chart = document.querySelector('figure.chart');
            const table = document.querySelector('table.compare').getBoundingClientRect();
            return {
              above: section.getBoundingClientRect().bottom <= chart.getBoundingClientRect().top || section.compareDocumentPosition(chart) === Node.DOCUMENT_POSITION_FOLLOWING,
              top: section.querySelector('h2').getBoundingClientRect().top,
              screen: innerHeight,
              scoreLines: [...section.querySelectorAll('.nowrap')].map((s) => s.getClientRects().length),
              record: section.querySelector('.record-line').innerText,
              heads: [...document.querySelectorAll('table.compare thead th')].map((th) => th.innerText),
              rows: [...document.querySelectorAll('table.compare tbody tr')].map((tr) => [...tr.children].map((c) => c.innerText)),
              table: { left: table.left, right: table.right },
              /* Words of the names over the columns that break across lines (at a hyphen is fine). */
              split: [...document.querySelectorAll('table.compare thead th')].flatMap((th) => {
                const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
                const split = [];
                for (let n = walker.nextNode(); n; n = walker.nextNode())
                  for (const m of n.data.matchAll(/[^\\s-]+/g)) {
                    const word = document.createRange();
                    word.setStart(n, m.index);
                    word.setEnd(n, m.index + m[0].length);
                    if (word.getClientRects().length > 1) split.push(m[0]);
                  }
                return split;
              }),
            };
          })()`);
          expect(h2h.above).toBe(true);
          expect(h2h.top).toBeLessThan(h2h.screen);
          expect(h2h.scoreLines.every((n) => n === 1)).toBe(true);
          expect(h2h.record).toBe(`Ann leads ${LONG} 9–3`);
          expect(h2h.heads).toEqual(['Ann', LONG]);
          expect(h2h.rows.map((r) => r[0])).toEqual([
            'Rating',
            'Rank',
            'W–D–L',
            'Win rate',
            'Streak',
          ]);
          expect(h2h.rows[1]).toEqual(['Rank', '#1 of 4', '#4 of 4']);
          expect(h2h.rows[2]).toEqual(['W–D–L', '9–0–3', '3–0–9']);
          expect(h2h.rows[3]).toEqual(['Win rate', '75%', '25%']);
          expect(h2h.table.left).toBeGreaterThanOrEqual(0);
          expect(h2h.table.right).toBeLessThanOrEqual(screen.width);
          expect(h2h.split, 'a name over the columns broken mid-word').toEqual([]);
        });

        it('GIVEN a Classic player THEN Score and Best never repeat one number, and their submissions are listed newest first and paged', async () => {
          const layout = await visit(playerPath(classic, 'custom:Ann'), 'classic', screen, dark);
          const values = layout.stats.map(([, v]) => v);
          expect(layout.stats[0]).toEqual(['Score', '186']);
          expect(new Set(values.filter((v) => v === '186')).size).toBe(1);
          expect(values.filter((v) => v === '186')).toHaveLength(1);
          const list = await browser.evaluate<string[]>(
            `[...document.querySelectorAll('ol.submitted .value')].map((v) => v.innerText)`,
          );
          expect(list).toEqual([
            '+21',
            '+20',
            '+19',
            '+18',
            '+17',
            '+16',
            '+15',
            '+14',
            '+13',
            '+12',
          ]);
          await browser.click('p.more a');
          const all = await browser.evaluate<string[]>(
            `[...document.querySelectorAll('ol.submitted .value')].map((v) => v.innerText)`,
          );
          expect(all).toHaveLength(12);
          expect(all.at(-1)).toBe('+10');
          await visit(
            `${playerPath(classic, 'custom:Ann')}/submissions?limit=5`,
            'submissions',
            screen,
            dark,
          );
          await browser.click('a[rel="next"]');
          const second = await browser.evaluate<string[]>(
            `[...document.querySelectorAll('ol.submitted .value')].map((v) => v.innerText)`,
          );
          expect(second).toEqual(['+16', '+15', '+14', '+13', '+12']);
        });
      });
});
