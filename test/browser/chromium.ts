import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/**
 * Debian's chromium, driven over the DevTools protocol on a pipe (--remote-debugging-pipe: JSON
 * messages ending in NUL on fds 3 and 4), so no browser download and no npm dependency.
 * scripts/browser-test.sh installs it; CHROMIUM_PATH names another.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The screens the public pages are judged at (issue 29): a 1366 px desktop and a 390 px phone. */
export const SCREENS = [
  { name: 'desktop', width: 1366, height: 900, mobile: false },
  { name: 'phone', width: 390, height: 844, mobile: true },
] as const;

/** The page's background in each colour scheme (src/web/style.ts --page): dark mode applied. */
export const pageBackground = (dark: boolean) => (dark ? 'rgb(23, 23, 28)' : 'rgb(246, 246, 248)');

type Fields = Record<string, unknown>;

interface Message {
  id?: number;
  method?: string;
  params?: Fields;
  result?: Fields;
  error?: { message: string };
}

/** One headless browser with one tab; just the protocol calls this test needs. */
export class Browser {
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
    for (const enable of ['Page.enable', 'Runtime.enable', 'Log.enable', 'Network.enable'])
      await this.tab(enable);
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

  /** Forgets every cookie: a new visitor in the same browser. */
  async clearCookies(): Promise<void> {
    await this.tab('Network.clearBrowserCookies');
  }

  /** Calls `listen` with the address of every page the tab navigates to (redirects included). */
  onNavigate(listen: (url: string) => void): void {
    this.on('Network.requestWillBeSent', (p) => {
      if (p.type === 'Document') listen(String((p.request as { url: string }).url));
    });
  }

  /** Clicks like a visitor: the element's centre, with a real mouse press and release. */
  async click(selector: string): Promise<void> {
    const box = await this.evaluate<{ x: number; y: number }>(`(() => {
      const el = document.querySelector(${JSON.stringify(selector)});
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    })()`);
    const loaded = this.loaded();
    for (const type of ['mousePressed', 'mouseReleased']) {
      const event = { type, ...box, button: 'left', clickCount: 1 };
      await this.tab('Input.dispatchMouseEvent', event);
    }
    await loaded;
  }

  /** The value of `expression` in the page; a promise is awaited. */
  async evaluate<T>(expression: string): Promise<T> {
    const reply = await this.tab('Runtime.evaluate', {
      expression,
      returnByValue: true,
      awaitPromise: true,
    });
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

  /** A screen of this many CSS pixels; `mobile` as a phone reports itself (viewport meta applies). */
  async viewport(width: number, height: number, mobile = false): Promise<void> {
    await this.tab('Emulation.setDeviceMetricsOverride', {
      width,
      height,
      deviceScaleFactor: mobile ? 2 : 1,
      mobile,
    });
  }

  /** The whole page, not only what fits on the screen. */
  async screenshotFull(path: string): Promise<void> {
    const { data } = await this.tab('Page.captureScreenshot', {
      format: 'png',
      captureBeyondViewport: true,
    });
    writeFileSync(path, Buffer.from(String(data), 'base64'));
  }

  /** A rectangle of the page (CSS pixels) as PNG bytes, for counting what it draws. */
  async screenshotClip(clip: { x: number; y: number; width: number; height: number }) {
    const { data } = await this.tab('Page.captureScreenshot', {
      format: 'png',
      clip: { ...clip, scale: 1 },
    });
    return Buffer.from(String(data), 'base64');
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
