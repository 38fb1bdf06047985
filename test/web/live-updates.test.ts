import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { editBoard } from '../../src/pipeline/boards';
import { addOwner } from '../../src/pipeline/owners';
import { LIVE_SCRIPT, LiveStreams } from '../../src/web/live';
import { backendName } from '../support/backends';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { servePages, signedIn, type PagesApp } from './pages-app';
import { text } from './read-html';
import { boardPath, clockFrom, custom, playerPath, playMatches, postScores } from './seed';

/**
 * Live pages (issue 29 item 3): GET /boards/{owner}/{board}/live is a stream of Server-Sent
 * Events that says `changed` when what the page shows moved, fed by the database's generation.
 */

const LIMITLESS = { pagesPerMinute: 100_000, imagesPerMinute: 100_000, filesPerMinute: 100_000 };

interface Block {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  /** A comment line (a heartbeat). */
  comment?: string;
}

/** An open stream read as a browser's EventSource would, block by block. */
interface Opened {
  status: number;
  headers: Headers;
  /** Every block so far. */
  blocks: Block[];
  /** The first block after the `seen`-th that passes `test`, within `ms`. */
  next(test: (b: Block) => boolean, ms?: number, seen?: number): Promise<Block>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

async function openStream(url: string, headers: Record<string, string> = {}): Promise<Opened> {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  const blocks: Block[] = [];
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (res.status === 200 && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block: Block = {};
            for (const line of buffer.slice(0, end).split('\n')) {
              const colon = line.indexOf(':');
              const field = line.slice(0, colon);
              const content = line.slice(colon + 1).replace(/^ /, '');
              if (field === '') block.comment = content;
              else (block as Record<string, string>)[field] = content;
            }
            buffer = buffer.slice(end + 2);
            blocks.push(block);
            waiters.forEach((wake) => wake());
          }
        }
      } catch {
        // aborted by the test
      }
    })();
  } else {
    await res.text();
  }
  return {
    status: res.status,
    headers: res.headers,
    blocks,
    ended,
    next(test, ms = 10_000, seen = 0) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = blocks.slice(seen).find(test);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(look);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no such block within ${ms} ms: ${JSON.stringify(blocks)}`));
        }, ms);
        waiters.add(look);
        look();
      });
    },
    close: () => abort.abort(),
  };
}

const changed = (b: Block) => b.event === 'changed';
const idOnly = (b: Block) => b.id !== undefined && b.event === undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`live pages: the board's stream of changes (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;
  let live: LiveStreams;
  const guild = nextSnowflake();
  const ownerId = `guild:${guild}`;
  const clock = clockFrom('2026-03-01T12:00:00Z', 60_000);
  let ladder: Board;
  let other: Board;
  let hidden: Board;
  const streamOf = (b: Board, query = '') => `${pages.url}${boardPath(b)}/live${query}`;
  const opened: Opened[] = [];
  const open = async (url: string, headers: Record<string, string> = {}) => {
    const stream = await openStream(url, headers);
    opened.push(stream);
    return stream;
  };

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    live = new LiveStreams(tally.ctx, {
      checkMs: 50,
      pollMs: 100,
      gapMs: 0,
      heartbeatMs: 300,
      perAddress: 3,
      retryMs: 1_500,
    });
    pages = await servePages(tally.ctx, { limits: LIMITLESS, live }, { viewers: true });
    await addOwner(tally.ctx, ownerId, 'Live Club');
    ladder = await tally.board({ ownerId, type: 'ELO', name: 'Ladder', windowHours: 0 });
    other = await tally.board({ ownerId, type: 'Highscore', name: 'Other', windowHours: 0 });
    hidden = await tally.board({ ownerId, type: 'ELO', name: 'Hidden', windowHours: 0 });
    await editBoard(tally.ctx, ownerId, hidden.id, { private: true });
    await playMatches(tally.ctx, ladder, clock, [[custom('Ann'), custom('Bo'), 'team1']]);
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    live?.close();
    await pages?.close();
    await tally?.stop();
  });

  it('GIVEN an open board page THEN its stream is unbuffered event-stream that names the version it starts from', async () => {
    const stream = await open(streamOf(ladder));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    const first = await stream.next((b) => b.retry !== undefined);
    expect(first.retry).toBe('1500');
    const start = await stream.next(idOnly);
    expect(start.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    stream.close();
  });

  it('GIVEN a result written through the pipeline THEN the stream says changed with a new id, and the page shows it', async () => {
    const stream = await open(streamOf(ladder));
    const start = await stream.next(idOnly);
    await playMatches(tally.ctx, ladder, clock, [[custom('Cy'), custom('Ann'), 'team1']]);
    const event = await stream.next(changed);
    expect(event.id).not.toBe(start.id);
    expect(event.data).toBe(event.id);
    const page = await pages.get(boardPath(ladder));
    expect(text(page.text)).toContain('Cy');
    stream.close();
  });

  it('GIVEN a write to another board, or nothing written THEN no changed arrives', async () => {
    const stream = await open(streamOf(ladder));
    await stream.next(idOnly);
    await postScores(tally.ctx, other, clock, [[custom('Di'), 40]]);
    await sleep(600);
    expect(stream.blocks.filter(changed)).toEqual([]);
    stream.close();
  });

  it("GIVEN an open player page THEN a match of that player is a change, and the stream keeps the page's players", async () => {
    const stream = await open(streamOf(ladder, '?player=custom%3ABo'));
    await stream.next(idOnly);
    await playMatches(tally.ctx, ladder, clock, [[custom('Bo'), custom('Cy'), 'team1']]);
    await stream.next(changed);
    stream.close();
    expect((await pages.get(`${boardPath(ladder)}/live?player=nobody`)).status).toBe(400);
  });

  it('GIVEN a quiet stream THEN a comment line comes every heartbeat, so proxies keep it open', async () => {
    const stream = await open(streamOf(ladder));
    const beat = await stream.next((b) => b.comment !== undefined, 3_000);
    expect(beat).toEqual({ comment: '' });
    stream.close();
  });

  it('GIVEN a reconnect with Last-Event-ID THEN a browser that missed a change hears it at once, and one that did not hears nothing', async () => {
    const stream = await open(streamOf(ladder));
    const { id: before } = await stream.next(idOnly);
    stream.close();
    const current = await open(streamOf(ladder), { 'last-event-id': before! });
    expect(await current.next(idOnly)).toEqual({ id: before });
    await playMatches(tally.ctx, ladder, clock, [[custom('Ann'), custom('Cy'), 'draw']]);
    const missed = await current.next(changed);
    current.close();
    // Away while it changed: back with the old id, told at once.
    const back = await open(streamOf(ladder), { 'last-event-id': before! });
    expect(await back.next(changed, 2_000)).toEqual({
      id: missed.id,
      event: 'changed',
      data: missed.id,
    });
    back.close();
  });

  it("GIVEN a private board THEN a visitor gets the page's 404, a member its stream; made private while open, a visitor's stream ends", async () => {
    const visitor = await open(streamOf(hidden));
    expect(visitor.status).toBe(404);
    const member = await open(streamOf(hidden), signedIn(nextSnowflake(), [guild]));
    expect(member.status).toBe(200);
    await member.next(idOnly);
    member.close();

    const watching = await open(streamOf(other));
    await watching.next(idOnly);
    await editBoard(tally.ctx, ownerId, other.id, { private: true });
    await watching.ended;
    expect((await open(streamOf(other))).status).toBe(404);
    await editBoard(tally.ctx, ownerId, other.id, { private: false });
  });

  it('GIVEN more streams from one address than the cap THEN the next is refused 429 until one closes', async () => {
    const streams = [];
    for (let i = 0; i < 3; i++) streams.push(await open(streamOf(ladder)));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await open(streamOf(ladder));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    streams[0]!.close();
    await expect.poll(() => live.size, { timeout: 5_000 }).toBe(2);
    expect((await open(streamOf(ladder))).status).toBe(200);
    for (const s of streams) s.close();
  });

  it('GIVEN a stopping server THEN every stream ends and new ones are refused', async () => {
    const own = new LiveStreams(tally.ctx, { checkMs: 50 });
    const server = await servePages(tally.ctx, { limits: LIMITLESS, live: own });
    try {
      const stream = await openStream(`${server.url}${boardPath(ladder)}/live`);
      await stream.next(idOnly);
      own.close();
      await stream.ended;
      expect(own.size).toBe(0);
      expect((await server.get(`${boardPath(ladder)}/live`)).status).toBe(503);
    } finally {
      await server.close();
    }
  });

  it('GIVEN the pages THEN their policy runs exactly the live script, by its hash, and the page claims nothing without it', async () => {
    const hash = createHash('sha256').update(LIVE_SCRIPT).digest('base64');
    for (const path of [boardPath(ladder), playerPath(ladder, 'custom:Ann')]) {
      const page = await pages.get(path);
      expect(page.status, path).toBe(200);
      const csp = page.headers.get('content-security-policy')!;
      expect(csp, path).toContain(`script-src 'sha256-${hash}'`);
      expect(csp, path).toContain("connect-src 'self'");
      expect(csp, path).toContain("default-src 'none'");
      expect([...page.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1])).toEqual([
        LIVE_SCRIPT,
      ]);
      expect(page.text, path).toContain('>refresh for the latest</span>');
      expect(page.text, path).not.toContain('updated live<');
      // The same bytes every time: the ETag still names the page, a 304 keeps the policy's script.
      const again = await pages.get(path, { 'if-none-match': page.headers.get('etag')! });
      expect(again.status, path).toBe(304);
    }
    // A page that runs no script names none.
    const index = await pages.get(`/boards/${encodeURIComponent(ownerId)}`);
    expect(index.headers.get('content-security-policy')).not.toContain('script-src');
  });
});
