import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { boardUrl } from '../../src/domain/board-url';
import type { EntryState } from '../../src/domain/scoring';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { startTestTally, type TestTally } from '../support/tally';
import { SEEDED } from '../support/pipeline';

/**
 * What a visitor's browser shows on a board's public page (DESIGN.md 3). Debian's chromium is
 * driven over the DevTools protocol on a pipe (--remote-debugging-pipe: JSON messages ending in
 * NUL on fds 3 and 4), so no browser download and no npm dependency. scripts/browser-test.sh.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCRIPT_NAME = '<script>document.title="pwned"</script>';

type Fields = Record<string, unknown>;

interface Message {
  id?: number;
  method?: string;
  params?: Fields;
  result?: Fields;
  error?: { message: string };
}

/** One headless browser with one tab; just the protocol calls this test needs. */
class Browser {
  private nextId = 0;
  private readonly replies = new Map<number, (m: Message) => void>();
  private readonly listeners = new Set<(m: Message) => void>();
  /** Console and log lines of the tab: where a blocked or failing script would show. */
  readonly console: string[] = [];
  readonly dialogs: string[] = [];
  private session = '';
  /** Set once the browser has exited or failed to start. */
  private gone: string | null = null;

  private constructor(
    private readonly child: ChildProcess,
    private readonly profile: string,
  ) {
    const out = child.stdio[4] as Readable;
    let buffer = Buffer.alloc(0); // bytes, not text: a chunk may end inside a UTF-8 character
    out.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (let end = buffer.indexOf(0); end >= 0; end = buffer.indexOf(0)) {
        const message = JSON.parse(buffer.subarray(0, end).toString('utf8')) as Message;
        buffer = buffer.subarray(end + 1);
        if (message.id === undefined) this.listeners.forEach((listen) => listen(message));
        this.replies.get(message.id ?? -1)?.(message);
        this.replies.delete(message.id ?? -1);
      }
    });
    // A browser that dies fails the calls waiting on it instead of hanging the test.
    const fail = (why: string) => {
      this.gone = why;
      this.replies.forEach((reply) => reply({ error: { message: `chromium ${why}` } }));
      this.replies.clear();
    };
    child.on('exit', (code, signal) => fail(`exited (${code ?? signal})`));
    child.on('error', (err) => fail(`failed to start: ${err.message}`));
    child.stdio[3]?.on('error', () => undefined); // a closed pipe: reported by 'exit'
    out.on('error', () => undefined);
  }

  static async launch(): Promise<Browser> {
    if (!existsSync(CHROMIUM))
      throw new Error(`${CHROMIUM} is missing: run scripts/browser-test.sh`);
    const profile = mkdtempSync(join(tmpdir(), 'tally-chromium-'));
    const args = ['--headless=new', '--disable-gpu', '--no-sandbox', '--remote-debugging-pipe'];
    args.push(`--user-data-dir=${profile}`, '--no-first-run', '--no-proxy-server');
    args.push('--window-size=1024,768', 'about:blank');
    const child = spawn(CHROMIUM, args, { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
    const browser = new Browser(child, profile);
    try {
      await browser.openTab();
    } catch (err) {
      await browser.close();
      throw err;
    }
    return browser;
  }

  private async openTab(): Promise<void> {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const attached = await this.send('Target.attachToTarget', { targetId, flatten: true });
    this.session = String(attached.sessionId);
    this.on('Runtime.consoleAPICalled', (p) => this.console.push(JSON.stringify(p.args)));
    this.on('Log.entryAdded', (p) => this.console.push(JSON.stringify(p.entry)));
    this.on('Page.javascriptDialogOpening', (p) => {
      this.dialogs.push(String(p.message));
      void this.tab('Page.handleJavaScriptDialog', { accept: false });
    });
    for (const enable of ['Page.enable', 'Runtime.enable', 'Log.enable']) await this.tab(enable);
  }

  /** One protocol call; a `sessionId` addresses the tab, none the browser itself. */
  private send(method: string, params: object = {}, sessionId?: string): Promise<Fields> {
    if (this.gone) return Promise.reject(new Error(`${method}: chromium ${this.gone}`));
    const id = ++this.nextId;
    const message = JSON.stringify({ id, method, params, sessionId });
    (this.child.stdio[3] as Writable).write(`${message}\0`);
    return new Promise((resolve, reject) => {
      this.replies.set(id, (m) =>
        m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result ?? {}),
      );
    });
  }

  private tab(method: string, params: object = {}): Promise<Fields> {
    return this.send(method, params, this.session);
  }

  private on(method: string, listen: (params: Fields) => void): void {
    this.listeners.add((m) => m.method === method && listen(m.params ?? {}));
  }

  private loaded(): Promise<void> {
    return new Promise((resolve) => this.on('Page.loadEventFired', () => resolve()));
  }

  async goto(url: string): Promise<void> {
    const loaded = this.loaded();
    await this.tab('Page.navigate', { url });
    await loaded;
  }

  /** Clicks like a visitor: the element's centre, with a real mouse press and release. */
  async click(selector: string): Promise<void> {
    const box = await this.evaluate<{ x: number; y: number }>(`(() => {
      const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    })()`);
    const loaded = this.loaded();
    for (const type of ['mousePressed', 'mouseReleased']) {
      const event = { type, ...box, button: 'left', clickCount: 1 };
      await this.tab('Input.dispatchMouseEvent', event);
    }
    await loaded;
  }

  async evaluate<T>(expression: string): Promise<T> {
    const reply = await this.tab('Runtime.evaluate', { expression, returnByValue: true });
    if (reply.exceptionDetails) throw new Error(JSON.stringify(reply.exceptionDetails));
    return (reply.result as { value: T }).value;
  }

  /** A visitor whose system asks for dark pages (prefers-color-scheme: dark). */
  async preferDark(dark: boolean): Promise<void> {
    await this.tab('Emulation.setEmulatedMedia', {
      features: [{ name: 'prefers-color-scheme', value: dark ? 'dark' : 'light' }],
    });
  }

  /** A visitor with JavaScript off: the page must work without it. */
  async disableScripts(): Promise<void> {
    await this.tab('Emulation.setScriptExecutionDisabled', { value: true });
  }

  async screenshot(path: string): Promise<void> {
    const { data } = await this.tab('Page.captureScreenshot', { format: 'png' });
    writeFileSync(path, Buffer.from(String(data), 'base64'));
  }

  /** Asks the browser to quit, waits for it (killing it after 5 s), then drops its profile. */
  async close(): Promise<void> {
    const exited = this.gone ? null : once(this.child, 'exit');
    await this.send('Browser.close').catch(() => undefined);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** What is on screen: the tab's title, the table as text, the links a visitor can follow. */
const VIEW = `({
  title: document.title,
  heading: document.querySelector('h1').innerText,
  meta: document.querySelector('.meta').innerText,
  headers: [...document.querySelectorAll('thead th')].map((th) => th.innerText),
  rows: [...document.querySelectorAll('tbody tr')].map((tr) => [...tr.cells].map((td) => td.innerText)),
  links: [...document.querySelectorAll('a')].map((a) => a.innerText),
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
    expect(view.scripts).toBe(0);
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
    await browser.click('a:not([rel])');
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
    expect(view.headers).toEqual(['Rank', 'Player', 'Elo', 'W', 'D', 'L']);
    expect(view.rows).toEqual([
      ['1', 'Ann', '1032', '3', '0', '1'],
      ['1', 'Cy', '1032', '2', '0', '0'],
      ['3', 'Bo', '984', '1', '0', '2'],
    ]);
    expect(view.seasons).toEqual(['Season 2 (running)', 'Season 1 “Winter”']);
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
