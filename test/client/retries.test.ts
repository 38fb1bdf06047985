import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TallyApiError,
  TallyClient,
  TallyNetworkError,
  TallyResponseError,
} from '../../src/client/index';
import { backendName } from '../support/backends';
import { startTestTally, type TestTally } from '../support/tally';
import { recordingFetch, type Sent } from './support';

/**
 * What the client does when a try fails: rate limits (spec 8), a write still in flight under its
 * key (spec 4.11.4), answers lost on the way back, a proxy's 5xx, no server at all. Reads get 60
 * a minute here (a token a second), so waits are short and measurable.
 */
describe(`the API client's retries (${backendName})`, () => {
  let tally: TestTally;
  let ownerId: string;
  let board: string;

  beforeAll(async () => {
    tally = await startTestTally({ RATE_LIMIT_READ_PER_MIN: '60' });
    ownerId = await tally.owner();
    board = (await tally.board({ ownerId, type: 'Classic', windowHours: 0 })).id;
  });
  afterAll(() => tally.stop());

  /** A client with a key of its own (so each test starts with full buckets) unless given one. */
  async function client(
    sent: Sent[],
    options: { baseUrl?: string; maxRetries?: number; apiKey?: string } = {},
  ) {
    return new TallyClient({
      baseUrl: options.baseUrl ?? tally.url,
      apiKey: options.apiKey ?? (await tally.key({ ownerId })),
      fetch: recordingFetch(sent),
      retryBaseMs: 50,
      ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    });
  }
  /** Plain requests on `apiKey` until its read bucket answers 429 (the client would wait). */
  async function drainReads(apiKey: string) {
    for (let i = 0; i < 200; i++) {
      const answer = await fetch(`${tally.url}/v1/boards`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      await answer.text();
      if (answer.status === 429) return;
    }
    throw new Error('the read bucket never ran out');
  }
  const custom = (name: string) => ({ name, custom: true as const });
  const scoreOf = async (name: string) => {
    const { data } = await (await client([])).listEntries(board, { limit: 200 });
    return data.find((e) => e.player_name === name);
  };

  it('GIVEN a 429 THEN the client waits the Retry-After it was given and the same call succeeds', async () => {
    const apiKey = await tally.key({ ownerId });
    const sent: Sent[] = [];
    const api = await client(sent, { apiKey });
    // Another program on the same key empties the read bucket.
    await drainReads(apiKey);

    const boards = await api.listBoards();
    expect(boards.data.map((b) => b.id)).toContain(board);
    expect(sent.map((s) => s.status)).toEqual([429, 200]);
    const told = Number(sent[0]!.retryAfter) * 1000;
    expect(told).toBeGreaterThanOrEqual(1000);
    expect(sent[1]!.at - sent[0]!.answeredAt).toBeGreaterThanOrEqual(told - 5);
  });

  it('GIVEN an answer that left no token (RateLimit-Remaining: 0) THEN the next call waits for the next token instead of drawing a 429', async () => {
    const sent: Sent[] = [];
    const api = await client(sent);
    for (let i = 0; i < 62; i++) await api.getBoard(board);
    expect(sent.filter((s) => s.status !== 200)).toEqual([]);
    const empty = sent.findIndex((s) => s.rateLimitRemaining === '0');
    expect(empty).toBeGreaterThan(0);
    // 60 a minute: the next token is a second away.
    expect(sent[empty + 1]!.at - sent[empty]!.answeredAt).toBeGreaterThanOrEqual(900);
  });

  it('GIVEN a Retry-After longer than the client may wait THEN the call fails at once with rate_limited and the wait it was told', async () => {
    const apiKey = await tally.key({ ownerId });
    await drainReads(apiKey);
    const sent: Sent[] = [];
    const api = new TallyClient({
      baseUrl: tally.url,
      apiKey,
      fetch: recordingFetch(sent),
      maxWaitMs: 100,
    });
    const error = await api.getBoard(board).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TallyApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((error as TallyApiError).retryAfterMs).toBeGreaterThanOrEqual(1000);
    expect(sent.map((s) => s.status)).toEqual([429]);
  });

  it('GIVEN two tries of one write at once under one key THEN the one that finds the other in flight waits its Retry-After and gets the same answer: one write', async () => {
    let sawInFlight = false;
    let pairs = 0;
    const handles: string[] = [];
    const sent: Sent[] = [];
    const api = await client(sent);
    // Two processes of one program retrying at once; usually the second meets the first in flight.
    while (!sawInFlight && pairs < 10) {
      pairs++;
      const idempotencyKey = `in-flight-${pairs}`;
      const body = { player: custom('Racer'), score: 1 };
      const [a, b] = await Promise.all([
        api.createScore(board, body, { idempotencyKey }),
        api.createScore(board, body, { idempotencyKey }),
      ]);
      expect(b.accepted.handle).toBe(a.accepted.handle);
      handles.push(a.accepted.handle);
      const mine = sent.filter((s) => s.idempotencyKey === idempotencyKey);
      const conflict = mine.find((s) => s.status === 409);
      if (conflict) {
        sawInFlight = true;
        expect(conflict.retryAfter).toBe('1');
        const retry = mine[mine.indexOf(conflict) + 2] ?? mine.at(-1)!;
        expect(retry.at - conflict.answeredAt).toBeGreaterThanOrEqual(995);
        expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
      }
    }
    expect(sawInFlight, `no 409 in ${pairs} pairs`).toBe(true);
    for (const handle of handles) await api.waitForSubmission(handle, { timeout: 10_000 });
    // Each key wrote once.
    expect(await scoreOf('Racer')).toMatchObject({ score: pairs, submissions: pairs });
  });

  it('GIVEN a write whose answer is lost on the way back THEN it is sent again with the same key and lands once', async () => {
    const proxy = await startProxy(tally.url, 'drop-first-answer');
    try {
      const sent: Sent[] = [];
      const api = await client(sent, { baseUrl: proxy.url });
      const written = await api.createScore(board, { player: custom('Lost'), score: 7 });
      expect(sent.map((s) => s.status)).toEqual([0, written.status]);
      expect(new Set(sent.map((s) => s.idempotencyKey))).toEqual(new Set([written.idempotencyKey]));
      // The first try was committed before its answer was lost: the retry is its replay.
      expect(written.replayed).toBe(true);
      await api.waitForSubmission(written.accepted.handle, { timeout: 10_000 });
      expect(await scoreOf('Lost')).toMatchObject({ score: 7, submissions: 1 });
    } finally {
      await proxy.close();
    }
  });

  it('GIVEN a proxy answering 502 once THEN the call is retried; answering it every time THEN a TallyResponseError after the last retry', async () => {
    const once = await startProxy(tally.url, 'bad-gateway-first');
    try {
      const sent: Sent[] = [];
      const api = await client(sent, { baseUrl: once.url });
      const written = await api.createScore(board, { player: custom('Proxied'), score: 3 });
      expect(sent.map((s) => s.status)).toEqual([502, written.status]);
      expect(written.replayed).toBe(false);
    } finally {
      await once.close();
    }
    const always = await startProxy(tally.url, 'bad-gateway');
    try {
      const sent: Sent[] = [];
      const api = await client(sent, { baseUrl: always.url, maxRetries: 2 });
      const error = await api.getBoard(board).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TallyResponseError);
      expect(error).toMatchObject({ status: 502 });
      expect(sent.map((s) => s.status)).toEqual([502, 502, 502]);
    } finally {
      await always.close();
    }
  });

  it('GIVEN no server at all THEN a TallyNetworkError after every retry, carrying the write’s key', async () => {
    const closed = await startProxy(tally.url, 'bad-gateway');
    await closed.close(); // its port is free now: connections are refused
    const sent: Sent[] = [];
    const api = await client(sent, { baseUrl: closed.url, maxRetries: 3 });
    const error = await api
      .createScore(board, { player: custom('Nobody'), score: 1 }, { idempotencyKey: 'refused' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TallyNetworkError);
    expect(error).toMatchObject({ idempotencyKey: 'refused' });
    // The message names the request tried and why, under fetch's "fetch failed" (issue 30).
    expect((error as Error).message).toBe(
      `no answer from the API at POST ${closed.url}/v1/boards/${encodeURIComponent(board)}/scores: fetch failed (connect ECONNREFUSED ${new URL(closed.url).host})`,
    );
    expect(sent.map((s) => s.status)).toEqual([0, 0, 0, 0]);
  });
});

/**
 * A TCP proxy in front of Tally standing for the network between: it drops the connection of
 * the first request once Tally has answered it, or answers 502 itself (once, or always).
 */
async function startProxy(
  target: string,
  mode: 'drop-first-answer' | 'bad-gateway-first' | 'bad-gateway',
): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const n = ++connections;
    if (mode === 'bad-gateway' || (mode === 'bad-gateway-first' && n === 1)) {
      client.once('data', () => {
        const page = '<html><body>502 Bad Gateway</body></html>';
        client.end(
          `HTTP/1.1 502 Bad Gateway\r\ncontent-type: text/html\r\ncontent-length: ${page.length}\r\nconnection: close\r\n\r\n${page}`,
        );
      });
      return;
    }
    const server = connect(Number(upstream.port), upstream.hostname);
    sockets.add(server);
    server.on('close', () => sockets.delete(server));
    client.pipe(server);
    if (mode === 'drop-first-answer' && n === 1) {
      server.once('data', () => {
        client.resetAndDestroy();
        server.destroy();
      });
    } else {
      server.pipe(client);
    }
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
