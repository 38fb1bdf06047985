import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Board } from '../../entities/board';
import { decodeEntriesCursor } from '../domain/cursor';
import { TallyError } from '../domain/errors';
import { parsePlayerId } from '../domain/player-id';
import { pageCursor, pageLimit, queryValue } from '../http/params';
import { log } from '../log';
import { ownedBoard } from '../pipeline/board-reads';
import type { Context } from '../pipeline/context';
import { liveVersion, type LiveScope } from '../pipeline/live-pages';
import { mayView } from '../pipeline/public-reads';
import { readStamps } from '../pipeline/read-caches';
import { publicBoard } from './boards';
import { errorHtml } from './error-page';
import { t, type Language } from '../domain/i18n';
import { escapeHtml, type Html } from './html';
import { pageFrame } from './locale';
import type { Links } from './links';
import { visitorOf } from './page-limits';
import { allowScripts, sendPlainHtml } from './respond';
import { viewerGuilds } from './viewer';

/**
 * Live pages (issue 29 item 3): an open board or player page updates without a reload.
 *
 * The server: GET /boards/{owner}/{board}/live is a stream of Server-Sent Events. Once a second
 * (only while a stream is open) this process reads the database's generation, the number the read
 * caches go by (src/store/generation.ts: SQLite's file, MariaDB's commits, other processes' through
 * the Redis change feed); when it moved, each page being watched has its version read again
 * (pipeline/live-pages.ts, a digest of what the page shows) and its streams are sent `changed`
 * with the new version as the event's id. Without a generation (MariaDB with no live feed) the
 * versions are read every `pollMs` instead. One page's streams share one read, and a page is told
 * at most once per `gapMs`, so an open tab re-fetches its page at most that often.
 *
 * The page: a few lines of script (below) open the stream and, on `changed`, fetch the page
 * again and swap <main>'s content, keeping the scroll position. It runs under the page's CSP by
 * its SHA-256 (`script-src 'sha256-…'`), not by a nonce: the pages are cached and answered 304 by
 * ETag, and a 304 or a shared cache hands back a stored body whose nonce a fresh header would no
 * longer match; a hash names this exact script, is the same in every response (the ETag stays a
 * digest of the page), and no injected script can have it. The page says "refresh for the
 * latest" until the script runs and says "updated live", so without script (or EventSource) it
 * claims nothing it does not do.
 */

export interface LiveOptions {
  /** Open streams per visitor address (page-limits.ts visitorOf), in this process. */
  perAddress: number;
  /** Open streams in this process. */
  total: number;
  /** A comment line this often, so proxies keep an idle stream open. */
  heartbeatMs: number;
  /** A stream ends after this long; the browser reconnects with its Last-Event-ID. */
  lifetimeMs: number;
  /** How often the database's generation is read while a stream is open. */
  checkMs: number;
  /** With no generation to read: how often a watched page's version is read. */
  pollMs: number;
  /** At least this long between two `changed` of one page. */
  gapMs: number;
  /** What a browser waits before reconnecting (the stream's `retry:`). */
  retryMs: number;
}

export const DEFAULT_LIVE: LiveOptions = {
  perAddress: 8,
  total: 2_000,
  heartbeatMs: 25_000,
  lifetimeMs: 30 * 60_000,
  checkMs: 1_000,
  pollMs: 5_000,
  gapMs: 5_000,
  retryMs: 3_000,
};

/** The page's script: no markup of its own, nothing it reads becomes markup but the page itself. */
export const LIVE_SCRIPT = `(() => {
  const claim = () => document.getElementById('live');
  const say = (text) => { const el = claim(); if (el) el.textContent = text; };
  // The words come with the page, in its language (data-live, data-stale, data-updated).
  const words = (name) => { const el = claim(); return (el && el.dataset[name]) || ''; };
  const at = claim();
  if (!at || !window.EventSource || !window.fetch || !window.DOMParser) return;
  // Closed when the page is left, opened again if it comes back from the back/forward cache: a
  // stream kept open by a page in that cache holds one of the browser's six connections to this
  // site, and six such pages would stall every later page.
  let stream = null;
  const open = () => {
    stream = new EventSource(at.dataset.stream);
    stream.addEventListener('changed', swap);
    stream.addEventListener('error', () => {
      if (stream.readyState === EventSource.CLOSED) say(words('stale'));
    });
    say(words('live'));
  };
  addEventListener('pagehide', () => { if (stream) stream.close(); stream = null; });
  addEventListener('pageshow', (event) => { if (event.persisted && !stream) { open(); void swap(); } });
  let busy = false, again = false;
  const swap = async () => {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const main = document.querySelector('main'), focused = document.activeElement;
      if (main && focused && main.contains(focused) && focused.matches('input, select, textarea')) {
        focused.addEventListener('blur', swap, { once: true });
        return;
      }
      const res = await fetch(location.href, { cache: 'no-cache', headers: { accept: 'text/html' } });
      if (!res.ok) return;
      const next = new DOMParser().parseFromString(await res.text(), 'text/html').querySelector('main');
      if (!main || !next) return;
      next.querySelectorAll('script').forEach((s) => s.remove());
      const x = scrollX, y = scrollY;
      main.replaceChildren(...next.childNodes);
      scrollTo(x, y);
      say(words('updated').replace('{time}', new Date().toISOString().slice(11, 16)));
    } catch (err) {
      // the next change tries again
    } finally {
      busy = false;
      if (again) { again = false; void swap(); }
    }
  };
  open();
})();`;

/** What a live page's CSP adds: its script by hash, and its stream and fetches to this site. */
export const LIVE_CSP = `script-src 'sha256-${createHash('sha256').update(LIVE_SCRIPT).digest('base64')}'; connect-src 'self'`;

/** The claim's words in a page's language, which the script reads from its data attributes. */
const liveWords = (lang: Language) => ({
  stale: t(lang, 'web.live.stale'),
  live: t(lang, 'web.live.live'),
  updated: t(lang, 'web.live.updated', { time: '{time}' }),
});

/** The stream of a page: the board's, with what the page shows of it. */
export function liveStreamPath(
  links: Links,
  board: Pick<Board, 'ownerId' | 'id'>,
  page: { cursor?: string | undefined; limit?: number | undefined; players?: string[] } = {},
): string {
  const query = new URLSearchParams();
  if (page.cursor !== undefined) query.set('cursor', page.cursor);
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  const [player, vs] = page.players ?? [];
  if (player !== undefined) query.set('player', player);
  if (vs !== undefined) query.set('vs', vs);
  const search = query.toString();
  return `${links.board(board)}/live${search ? `?${search}` : ''}`;
}

/** The page's claim, "refresh for the latest" until the script makes it true. */
export function liveClaim(stream: string, lang: Language = 'en'): Html {
  const words = liveWords(lang);
  const data = `data-stream="${escapeHtml(stream)}" data-live="${escapeHtml(words.live)}" data-stale="${escapeHtml(words.stale)}" data-updated="${escapeHtml(words.updated)}"`;
  return `<span id="live" ${data}>${escapeHtml(words.stale)}</span>`;
}

/** The script itself, after the page's content (its CSP names it: `allowLiveScript`). */
export const liveScript = (): Html => `<script>${LIVE_SCRIPT}</script>`;

/** The page about to be sent runs the live script: its policy names it. */
export const allowLiveScript = (res: Response) => allowScripts(res, LIVE_CSP);

interface Stream {
  res: Response;
  address: string;
  guilds: ReadonlySet<string> | null;
  /** The version this browser was last told (or brought, as Last-Event-ID). */
  known: string;
  ends: NodeJS.Timeout;
}

/** One page being watched: a board with what its pages show; its streams share its reads. */
interface Watched {
  ownerId: string;
  boardId: string;
  scope: LiveScope;
  streams: Set<Stream>;
  /** The database may have moved since the version was read. */
  stale: boolean;
  version: string | null;
  /** When its streams were last told (monotonic ms). */
  toldAt: number;
}

/**
 * The open streams of this process: counted per address, told when their page moves, ended on
 * shutdown (`close`, called by src/main.ts before the server's close, which waits for every
 * response in flight).
 */
export class LiveStreams {
  readonly options: LiveOptions;
  private readonly watched = new Map<string, Watched>();
  private readonly perAddress = new Map<string, number>();
  private open = 0;
  private closed = false;
  private readonly stamp: () => { gen: number } | null;
  private lastGen: number | null = null;
  private lastPoll = 0;
  private timers: NodeJS.Timeout[] = [];
  private checking = false;

  constructor(
    private readonly ctx: Context,
    options: Partial<LiveOptions> = {},
  ) {
    this.options = { ...DEFAULT_LIVE, ...options };
    this.stamp = readStamps(ctx);
  }

  /** Streams open now (tests, metrics). */
  get size(): number {
    return this.open;
  }

  /** GET /boards/{owner}/{board}/live */
  handler(): RequestHandler {
    return async (req, res) => {
      if (this.closed) {
        refuse(req, res, 503, 'stopping');
        return;
      }
      const ownerId = String(req.params.ownerId);
      const boardId = String(req.params.boardId);
      const scope = scopeOf(req);
      const board = await publicBoard(this.ctx, res, ownerId, boardId);
      const address = visitorOf(req);
      if ((this.perAddress.get(address) ?? 0) >= this.options.perAddress) {
        refuse(req, res, 429, 'tooManyHere');
        return;
      }
      if (this.open >= this.options.total) {
        refuse(req, res, 503, 'busy');
        return;
      }
      const key = JSON.stringify([ownerId, boardId, scope]);
      const fresh = this.watched.get(key);
      const version =
        fresh && !fresh.stale && fresh.version !== null
          ? fresh.version
          : await liveVersion(this.ctx, board, scope);
      if (this.closed || res.destroyed) return;
      this.start(req, res, key, { ownerId, boardId, scope }, version);
    };
  }

  private start(
    req: Request,
    res: Response,
    key: string,
    page: Pick<Watched, 'ownerId' | 'boardId' | 'scope'>,
    version: string,
  ): void {
    const watched = this.watched.get(key) ?? {
      ...page,
      streams: new Set<Stream>(),
      stale: false,
      version,
      toldAt: -Infinity,
    };
    this.watched.set(key, watched);
    const address = visitorOf(req);
    const lastId = req.get('Last-Event-ID');
    const stream: Stream = {
      res,
      address,
      guilds: viewerGuilds(res),
      known: lastId ?? version,
      ends: setTimeout(() => res.end(), this.options.lifetimeMs),
    };
    watched.streams.add(stream);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    this.open++;
    res.on('close', () => this.forget(key, stream));
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      // nginx and the like pass each event on at once instead of buffering the response.
      'X-Accel-Buffering': 'no',
      // Not reused once it ends: a stopping server's end of the stream closes the connection.
      Connection: 'close',
    });
    res.flushHeaders();
    res.write(`retry: ${this.options.retryMs}\n\n`);
    this.tell(stream, version); // a browser back from a gap hears what it missed
    this.run();
  }

  /** `changed` with the version as its id, or just the id if the browser already knows it. */
  private tell(stream: Stream, version: string): void {
    if (stream.known === version) {
      send(stream, `id: ${version}\n\n`);
      return;
    }
    stream.known = version;
    send(stream, `id: ${version}\nevent: changed\ndata: ${version}\n\n`);
  }

  private forget(key: string, stream: Stream): void {
    const watched = this.watched.get(key);
    if (!watched?.streams.delete(stream)) return;
    clearTimeout(stream.ends);
    if (watched.streams.size === 0) this.watched.delete(key);
    const left = (this.perAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(stream.address, left);
    else this.perAddress.delete(stream.address);
    this.open--;
    if (this.open === 0) this.idle();
  }

  /** The heartbeat and the checks run only while a stream is open. */
  private run(): void {
    if (this.timers.length > 0) return;
    const heartbeat = setInterval(() => {
      for (const watched of this.watched.values())
        for (const stream of watched.streams) send(stream, ': \n\n');
    }, this.options.heartbeatMs);
    const check = setInterval(() => void this.check(), this.options.checkMs);
    this.timers = [heartbeat, check];
    for (const timer of this.timers) timer.unref();
  }

  private idle(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.lastGen = null;
  }

  /** One pass: mark pages stale if the database moved, then read each stale page's version. */
  private async check(): Promise<void> {
    if (this.checking || this.closed) return;
    this.checking = true;
    try {
      const now = performance.now();
      const gen = this.stamp()?.gen ?? null;
      const moved =
        gen === null ? now - this.lastPoll >= this.options.pollMs : gen !== this.lastGen;
      if (moved) {
        this.lastPoll = now;
        this.lastGen = gen;
        for (const watched of this.watched.values()) watched.stale = true;
      }
      for (const watched of [...this.watched.values()]) {
        if (!watched.stale || now - watched.toldAt < this.options.gapMs) continue;
        watched.stale = false;
        await this.refresh(watched).catch((err: unknown) => {
          watched.stale = true;
          log.warn('live page check failed', { err });
        });
      }
    } finally {
      this.checking = false;
    }
  }

  private async refresh(watched: Watched): Promise<void> {
    let board: Board | null;
    try {
      board = await ownedBoard(this.ctx, watched.ownerId, watched.boardId);
    } catch (err) {
      if (!(err instanceof TallyError) || err.status !== 404) throw err;
      board = null;
    }
    const version = board && (await liveVersion(this.ctx, board, watched.scope));
    for (const stream of watched.streams) {
      // Gone, or no longer theirs to see (made private): the browser's reconnect gets the 404.
      if (!board || !mayView(board, stream.guilds)) stream.res.end();
    }
    if (version === null || version === watched.version) return;
    watched.version = version;
    watched.toldAt = performance.now();
    for (const stream of watched.streams) if (stream.known !== version) this.tell(stream, version);
  }

  /** Ends every stream and refuses new ones: a stopping server is not held open by them. */
  close(): void {
    this.closed = true;
    this.idle();
    for (const watched of [...this.watched.values()])
      for (const stream of [...watched.streams]) stream.res.end();
  }
}

/** A stream not opened (EventSource gives up on any status but 200: the page says so). */
/** A stream refused, in the page's language (a person may open the address). */
function refuse(
  req: Request,
  res: Response,
  status: number,
  why: 'stopping' | 'tooManyHere' | 'busy',
): void {
  res.set('Retry-After', '60');
  const frame = pageFrame(req);
  const title = t(frame.lang, `web.live.refused.${why}.title`);
  sendPlainHtml(
    res,
    status,
    errorHtml(title, t(frame.lang, `web.live.refused.${why}.text`), undefined, frame),
  );
}

/** Writes to a stream still open (one ended by a check or a shutdown waits for its 'close'). */
function send(stream: Stream, text: string): void {
  if (!stream.res.writableEnded && !stream.res.destroyed) stream.res.write(text);
}

/** What the page shows, from the stream's query: the page's own parameters. */
function scopeOf(req: Request): LiveScope {
  const cursor = pageCursor(req);
  if (cursor !== undefined) decodeEntriesCursor(cursor);
  const players: string[] = [];
  for (const name of ['player', 'vs']) {
    const raw = queryValue(req, name);
    if (raw !== undefined && raw !== '') players.push(parsePlayerId(raw, name));
  }
  return { cursor, limit: pageLimit(req), players };
}
