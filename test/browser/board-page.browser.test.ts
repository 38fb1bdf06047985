import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { boardUrl } from '../../src/domain/board-url';
import type { EntryState } from '../../src/domain/scoring';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { startTestTally, type TestTally } from '../support/tally';
import { Browser } from './chromium';
import { SEEDED } from '../support/pipeline';

/** What a visitor's browser shows on a board's public page (DESIGN.md 3); chromium.ts drives it. */
const SCRIPT_NAME = '<script>document.title="pwned"</script>';

/** What is on screen: the tab's title, the table as text, the paging links. */
const VIEW = `({
  title: document.title,
  heading: document.querySelector('h1').innerText,
  meta: document.querySelector('.meta').innerText,
  headers: [...document.querySelectorAll('thead th')].map((th) => th.innerText),
  rows: [...document.querySelectorAll('tbody tr')].map((tr) => [...tr.cells].map((td) => td.innerText)),
  links: [...document.querySelectorAll('nav.pages a')].map((a) => a.innerText),
  seasons: [...document.querySelectorAll('.seasons li')].map((li) => li.innerText),
  scripts: document.scripts.length,
  path: location.pathname + location.search,
})`;

interface View {
  title: string;
  heading: string;
  meta: string;
  headers: string[];
  rows: string[][];
  links: string[];
  seasons: string[];
  scripts: number;
  path: string;
}

describe('the public board page in headless Chromium', () => {
  let tally: TestTally;
  let browser: Browser;
  let board: Board;
  let url: string;

  beforeAll(async () => {
    tally = await startTestTally();
    browser = await Browser.launch();
    const owner = await tally.owner();
    board = await tally.board({ ownerId: owner, type: 'Time', name: 'Any% <glitchless>' });
    const times = [90_250, 90_250, 61_000, 125_500, 3_723_004];
    const names = ['Ann', SCRIPT_NAME, 'Bo', 'محمد', 'Zoë'];
    const states: EntryState[] = times.map((score, i) => ({
      playerId: `custom:p${i}`,
      playerName: names[i]!,
      score,
      elo: null,
      wins: null,
      draws: null,
      losses: null,
      submissions: i + 1,
      lastSub: null,
    }));
    await tally.ctx.repos.db.transaction((tx) =>
      tally.ctx.repos.results.saveEntries(tx, board, states, SEEDED),
    );
    url = `${tally.url}${new URL(boardUrl(tally.config.publicUrl, board)).pathname}`;
  });
  afterAll(async () => {
    await browser?.close();
    await tally?.stop();
  });

  it('GIVEN the board url THEN a visitor sees its name, type and standings in rank order', async () => {
    await browser.goto(`${url}?limit=3`);
    const view = await browser.evaluate<View>(VIEW);
    expect(view.title).toBe('Any% <glitchless>');
    expect(view.heading).toBe('Any% <glitchless>');
    expect(view.meta).toBe('Time board · updated live');
    expect(view.headers).toEqual(['Rank', 'Player', 'Time', 'Submissions']);
    expect(view.rows).toEqual([
      ['1', 'Bo', '1:01.000', '3'],
      ['2', 'Ann', '1:30.250', '1'],
      ['2', SCRIPT_NAME, '1:30.250', '2'],
    ]);
    expect(view.links).toEqual(['Next page']);
    if (process.env.BOARD_PAGE_SCREENSHOT)
      await browser.screenshot(process.env.BOARD_PAGE_SCREENSHOT);
  });

  it('GIVEN a player named like a script THEN the name shows as text and nothing runs', async () => {
    await browser.goto(url);
    const view = await browser.evaluate<View>(VIEW);
    expect(view.rows.map((r) => r[1])).toContain(SCRIPT_NAME);
    expect(view.title).not.toBe('pwned');
    expect(view.scripts).toBe(1); // the page's own live script (src/web/live.ts), no other
    // Not even a script the page's policy had to block: the name never became markup.
    expect(browser.console.filter((line) => /script|Content Security Policy/i.test(line))).toEqual(
      [],
    );
    expect(browser.dialogs).toEqual([]);
  });

  it('GIVEN JavaScript is off THEN clicking Next page and First page still pages the board', async () => {
    await browser.disableScripts();
    await browser.goto(`${url}?limit=3`);
    await browser.click('a[rel="next"]');
    const second = await browser.evaluate<View>(VIEW);
    expect(second.path).toMatch(/\?cursor=[A-Za-z0-9_-]+&limit=3$/);
    expect(second.rows).toEqual([
      ['4', 'محمد', '2:05.500', '4'],
      ['5', 'Zoë', '1:02:03.004', '5'],
    ]);
    expect(second.links).toEqual(['First page']);
    await browser.click('nav.pages a:not([rel])');
    const first = await browser.evaluate<View>(VIEW);
    expect(first.rows.map((r) => r[0])).toEqual(['1', '2', '2']);
  });

  it('GIVEN a visitor who prefers dark pages THEN the page is dark with readable text, and light otherwise', async () => {
    const colours = `(() => {
      const style = getComputedStyle(document.body);
      const cell = getComputedStyle(document.querySelector('td'));
      return { page: style.backgroundColor, text: style.color, cell: cell.color };
    })()`;
    await browser.preferDark(true);
    await browser.goto(url);
    const dark = await browser.evaluate<{ page: string; text: string; cell: string }>(colours);
    if (process.env.DARK_PAGE_SCREENSHOT)
      await browser.screenshot(process.env.DARK_PAGE_SCREENSHOT);
    await browser.preferDark(false);
    await browser.goto(url);
    const light = await browser.evaluate<{ page: string; text: string; cell: string }>(colours);
    expect(dark).toEqual({
      page: 'rgb(23, 23, 28)',
      text: 'rgb(230, 230, 234)',
      cell: 'rgb(230, 230, 234)',
    });
    expect(light).toEqual({
      page: 'rgb(246, 246, 248)',
      text: 'rgb(29, 29, 34)',
      cell: 'rgb(29, 29, 34)',
    });
  });

  it('GIVEN a board with an ended season THEN its archive reads as final standings with a seasons menu, and the menu leads back to the current standings', async () => {
    const ladder = await tally.board({ ownerId: board.ownerId, type: 'ELO', name: 'Ladder' });
    const rated = (name: string, elo: number, w: number, l: number): EntryState => ({
      playerId: `custom:${name}`,
      playerName: name,
      score: null,
      elo,
      wins: w,
      draws: 0,
      losses: l,
      submissions: null,
      lastSub: null,
    });
    await tally.ctx.repos.db.transaction((tx) =>
      tally.ctx.repos.results.saveEntries(
        tx,
        ladder,
        [rated('Ann', 1032, 3, 1), rated('Bo', 984, 1, 2), rated('Cy', 1032, 2, 0)],
        SEEDED,
      ),
    );
    await startSeason(tally.ctx, ladder.ownerId, ladder.id, { name: 'Winter', reset: 'soft' });
    await endSeason(tally.ctx, ladder.ownerId, ladder.id);
    await startSeason(tally.ctx, ladder.ownerId, ladder.id, { days: 30 });
    const ladderUrl = `${tally.url}${new URL(boardUrl(tally.config.publicUrl, ladder)).pathname}`;
    await browser.goto(`${ladderUrl}?season=1`);
    const view = await browser.evaluate<View>(VIEW);
    expect(view.title).toBe('Ladder — Season 1 “Winter”');
    expect(view.meta).toMatch(
      /^Season 1 “Winter” · final standings · \d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d$/,
    );
    expect(view.headers).toEqual(['Rank', 'Player', 'Rating', 'W', 'D', 'L']);
    expect(view.rows).toEqual([
      ['1', 'Ann', '1032', '3', '0', '1'],
      ['1', 'Cy', '1032', '2', '0', '0'],
      ['3', 'Bo', '984', '1', '0', '2'],
    ]);
    expect(view.seasons).toEqual([
      'Now: Season 2',
      expect.stringMatching(/^Season 1 “Winter” \(ended \d{4}-\d\d-\d\d\)$/),
    ]);
    if (process.env.SEASON_PAGE_SCREENSHOT)
      await browser.screenshot(process.env.SEASON_PAGE_SCREENSHOT);
    await browser.click('.seasons a');
    const current = await browser.evaluate<View>(VIEW);
    expect(current.path).toBe(new URL(ladderUrl).pathname);
    // Soft reset, 50 %: 1032 → 1016, 984 → 992; records start again.
    expect(current.rows).toEqual([
      ['1', 'Ann', '1016', '0', '0', '0'],
      ['1', 'Cy', '1016', '0', '0', '0'],
      ['3', 'Bo', '992', '0', '0', '0'],
    ]);
  });
});
