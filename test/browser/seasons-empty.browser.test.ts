import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { ownerKind } from '../../src/domain/ids';
import { parseMatchWrite } from '../../src/domain/write-request';
import { OfflineChat } from '../../src/pipeline/chat-port';
import type { Context } from '../../src/pipeline/context';
import { enqueueWrite } from '../../src/pipeline/enqueue';
import { addOwner } from '../../src/pipeline/owners';
import { processSubmission } from '../../src/pipeline/process';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { servePages, type PagesApp } from '../web/pages-app';
import { boardPath, custom, playMatches, type Clock } from '../web/seed';
import { Browser, SCREENS, pageBackground } from './chromium';

/**
 * A board between seasons and a board with nothing ranked yet, as a visitor sees them (issue 29):
 * the page says what is true (the new season has no results yet, the ended season's final
 * standings are a link away, results wait for review), shows no older season's matches as if
 * they were this one's, and the seasons menu tells the standings now from the ended seasons.
 * At 1366 and 390 px, light and dark. SEASONS_SCREENSHOTS=<dir> saves each view.
 */
const SHOTS = process.env.SEASONS_SCREENSHOTS;

const VIEW = `(() => {
  const root = document.documentElement;
  const empty = document.querySelector('p.empty');
  const box = empty && empty.getBoundingClientRect();
  return {
    scrollWidth: root.scrollWidth,
    clientWidth: root.clientWidth,
    background: getComputedStyle(document.body).backgroundColor,
    empty: empty ? empty.innerText : null,
    emptyBox: box && { left: box.left, right: box.right },
    emptyLinks: empty ? [...empty.querySelectorAll('a')].map((a) => a.getAttribute('href')) : [],
    matches: document.querySelectorAll('.matches li').length,
    seasons: [...document.querySelectorAll('.seasons li')].map((li) => ({
      text: li.innerText,
      current: li.getAttribute('aria-current'),
      lines: li.getClientRects().length,
    })),
  };
})()`;

interface View {
  scrollWidth: number;
  clientWidth: number;
  background: string;
  empty: string | null;
  emptyBox: { left: number; right: number } | null;
  emptyLinks: string[];
  matches: number;
  seasons: { text: string; current: string | null; lines: number }[];
}

const DAY = /\d{4}-\d\d-\d\d/.source;

describe('a board between seasons and an empty board in headless Chromium', () => {
  let tally: TestTally;
  let pages: PagesApp;
  let browser: Browser;
  let ended: Board;
  let reviewed: Board;

  /** A match sent for review: it waits, pending, and nothing is ranked. */
  async function sendForReview(ctx: Context, board: Board, at: Date, a: string, b: string) {
    const clocked: Context = { ...ctx, now: () => at };
    const body = { team1: [custom(a)], team2: [custom(b)], winner: 'team1' };
    const parsed = parseMatchWrite(body, { ...board, ownerKind: ownerKind(board.ownerId) });
    const { submission } = await enqueueWrite(clocked, board, parsed, 'api');
    await processSubmission(clocked, new OfflineChat(), submission);
  }

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    pages = await servePages(tally.ctx, {
      limits: { pagesPerMinute: 100_000, imagesPerMinute: 100_000 },
    });
    browser = await Browser.launch();
    const owner = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, owner, 'Café Ludique');
    const clock: Clock = { at: new Date('2026-10-01T18:00:00Z'), stepMs: 3_600_000 };
    const at = () => ({ ...tally.ctx, now: () => clock.at });

    // A ladder whose "Autumn Cup" ended, with no season since.
    ended = await tally.board({ ownerId: owner, type: 'ELO', name: 'Ladder', windowHours: 0 });
    await startSeason(at(), owner, ended.id, { name: 'Autumn Cup' });
    await playMatches(tally.ctx, ended, clock, [
      [custom('Ann'), custom('Bo'), 'team1'],
      [custom('Bo'), custom('Cy'), 'team2'],
    ]);
    await endSeason(at(), owner, ended.id);

    // A reviewed board in a running season with an end date: two results wait, none ranked.
    reviewed = await tally.board({ ownerId: owner, type: 'ELO', name: 'Cup', windowHours: 24 });
    await startSeason(at(), owner, reviewed.id, { name: 'Spring', days: 30 });
    await sendForReview(tally.ctx, reviewed, clock.at, 'Ann', 'Bo');
    await sendForReview(tally.ctx, reviewed, clock.at, 'Cy', 'Dee');
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
    const view = await browser.evaluate<View>(VIEW);
    expect(view.scrollWidth, `${shot}: wider than the screen`).toBeLessThanOrEqual(
      view.clientWidth,
    );
    expect(view.background).toBe(pageBackground(dark));
    if (view.emptyBox) {
      expect(view.emptyBox.left).toBeGreaterThanOrEqual(0);
      expect(view.emptyBox.right).toBeLessThanOrEqual(view.clientWidth);
    }
    if (SHOTS)
      await browser.screenshotFull(
        join(SHOTS, `${shot}-${screen.name}-${dark ? 'dark' : 'light'}.png`),
      );
    return view;
  }

  for (const screen of SCREENS)
    for (const dark of [false, true])
      describe(`at ${screen.width} px, ${dark ? 'dark' : 'light'}`, () => {
        beforeAll(async () => {
          await browser.viewport(screen.width, screen.height, screen.mobile);
          await browser.preferDark(dark);
        });

        it('GIVEN a season that ended THEN the page says so, links its final standings, shows none of its matches, and the menu tells now from the ended season', async () => {
          const view = await visit(boardPath(ended), 'between-seasons', screen, dark);
          expect(view.empty).toMatch(
            new RegExp(
              `^Season 1 “Autumn Cup” ended ${DAY}; no results since\\. See the final standings of Season 1 “Autumn Cup”\\.$`,
            ),
          );
          expect(view.empty).not.toContain('No entries yet');
          expect(view.emptyLinks).toEqual([`${boardPath(ended)}?season=1`]);
          expect(view.matches).toBe(0);
          expect(view.seasons.map((s) => [s.text, s.current])).toEqual([
            ['Now (no season running)', 'page'],
            [expect.stringMatching(new RegExp(`^Season 1 “Autumn Cup” \\(ended ${DAY}\\)$`)), null],
          ]);
          await browser.click('p.empty a');
          const archive = await visit(`${boardPath(ended)}?season=1`, 'ended-season', screen, dark);
          expect(archive.seasons.map((s) => s.current)).toEqual([null, 'page']);
          expect(archive.seasons[0]!.text).toBe('Now (no season running)');
        });

        it('GIVEN a running season with results waiting for review THEN the empty board names the season, its end and how many wait', async () => {
          const view = await visit(boardPath(reviewed), 'waiting-for-review', screen, dark);
          expect(view.empty).toMatch(
            new RegExp(
              `^Season 1 “Spring” has no results yet; it ends ${DAY}\\. 2 results wait for a moderator’s review\\.$`,
            ),
          );
          expect(view.seasons).toEqual([]); // no ended season: no menu
        });
      });
});
