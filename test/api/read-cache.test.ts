import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { correctResult } from '../../src/pipeline/corrections';
import { mintKey } from '../../src/pipeline/keys';
import { revokeKey } from '../../src/pipeline/keys';
import { setOwnerAccess } from '../../src/pipeline/owners';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { firstPageCounts } from '../../src/api/routes/entries';
import { backendName } from '../support/backends';
import { idempotencyHeader, nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { pollUntil } from '../support/wait';
import {
  headerOf,
  linesWithout,
  rawRequest,
  serveUncached,
  type RawAnswer,
} from '../support/raw-http';

/**
 * Issue 16: first pages and keys are served from per-process caches (src/api/routes/entries.ts,
 * src/api/auth.ts) valid only while the database has not moved. What a client sees must be what
 * an uncached server answers: the same bytes, headers still per request, and every change that
 * affects the first page or the key visible on the very next request.
 */
describe(`cached reads (${backendName})`, () => {
  let tally: TestTally;
  /** The same API over the same context, reading everything from the database. */
  let uncached: Awaited<ReturnType<typeof serveUncached>>;

  beforeAll(async () => {
    tally = await startTestTally();
    uncached = await serveUncached(tally.ctx);
  });
  afterAll(async () => {
    await uncached.close();
    await tally.stop();
  });

  interface World {
    ownerId: string;
    board: Board;
    key: { id: string; secret: string };
    /** Chat player ids by name, in the order they first scored. */
    players: Map<string, string>;
    /** Handles of the applied scores, by player name (the latest). */
    handles: Map<string, string>;
  }

  /** An owner of its own with a read key and an auto-applying Highscore board. */
  async function world(): Promise<World> {
    const ownerId = await tally.owner();
    const key = await mintKey(tally.ctx, { ownerId, type: 'live', access: 'read-write' });
    const board = await tally.board({ ownerId, type: 'Highscore', windowHours: 0 });
    return { ownerId, board, key, players: new Map(), handles: new Map() };
  }

  /** A score through the API, applied by the worker (201, or 202 then the handle). */
  async function score(w: World, name: string, value: number): Promise<void> {
    const chatId = w.players.get(name) ?? nextSnowflake();
    w.players.set(name, chatId);
    const res = await tally.request('POST', `/v1/boards/${w.board.id}/scores`, {
      key: w.key.secret,
      headers: idempotencyHeader(),
      body: JSON.stringify({ player: { chat_id: chatId }, score: value }),
    });
    expect([201, 202], res.text).toContain(res.status);
    const { handle } = res.body as { handle: string };
    w.handles.set(name, handle);
    if (res.status === 202) {
      const status = await pollUntil(
        async () =>
          (
            (await tally.request('GET', `/v1/submissions/${handle}`, { key: w.key.secret }))
              .body as { status: string }
          ).status,
        (s) => s === 'approved',
        { timeoutMs: 15_000 },
      );
      expect(status).toBe('approved');
    }
  }

  const firstPage = (w: World, query = '') => `/v1/boards/${w.board.id}/entries${query}`;

  async function get(
    base: string,
    path: string,
    key: string,
    headers: Record<string, string> = {},
  ) {
    return rawRequest(`${base}${path}`, {
      headers: { authorization: `Bearer ${key}`, ...headers },
    });
  }

  /** The first page from the cached server, twice (so the second is served from the cache). */
  async function cachedPage(w: World, query = '') {
    const first = await get(tally.url, firstPage(w, query), w.key.secret);
    const second = await get(tally.url, firstPage(w, query), w.key.secret);
    expect(second.text).toBe(first.text);
    return second;
  }

  /** What the uncached server answers now: the truth the cached one must match. */
  const truth = (w: World, query = '') => get(uncached.url, firstPage(w, query), w.key.secret);

  /** The page as `name=score`: the world's name for each chat player, else the shown name. */
  function names(text: string, w?: World): string[] {
    const byId = new Map([...(w?.players ?? [])].map(([name, id]) => [`chat:${id}`, name]));
    const { data } = JSON.parse(text) as {
      data: { player_id: string; player_name: string; score: number }[];
    };
    return data.map((e) => `${byId.get(e.player_id) ?? e.player_name}=${e.score}`);
  }

  /** Headers that legitimately differ between two answers (time, the two servers' buckets). */
  const PER_REQUEST = new Set([
    'date',
    'ratelimit-remaining',
    'ratelimit-reset',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
  ]);
  /** The header lines in the order sent, those aside. */
  const stable = (answer: RawAnswer) => linesWithout(answer, PER_REQUEST);

  describe('GIVEN a board with entries', () => {
    let w: World;
    beforeAll(async () => {
      w = await world();
      await score(w, 'Ann', 30);
      await score(w, 'Bob', 20);
      await score(w, 'Cid', 10);
    });

    it.each(['', '?limit=2', '?limit=200'])(
      'THEN the cached first page%s is the uncached one byte for byte, headers included',
      async (query) => {
        const headers = { 'x-request-id': `cache-${query.length}` };
        const miss = await get(tally.url, firstPage(w, query), w.key.secret, headers);
        const hit = await get(tally.url, firstPage(w, query), w.key.secret, headers);
        const reference = await get(uncached.url, firstPage(w, query), w.key.secret, headers);
        expect(miss.status).toBe(200);
        expect(hit.status).toBe(200);
        expect(reference.status).toBe(200);
        expect(hit.text).toBe(reference.text);
        expect(miss.text).toBe(reference.text);
        expect(stable(hit)).toEqual(stable(reference));
        expect(stable(miss)).toEqual(stable(reference));
        expect(headerOf(hit, 'content-type')).toBe('application/json; charset=utf-8');
      },
    );

    it('THEN a HEAD of a cached page answers the same headers without a body', async () => {
      await cachedPage(w);
      const head = (base: string) =>
        rawRequest(`${base}${firstPage(w)}`, {
          method: 'HEAD',
          headers: { authorization: `Bearer ${w.key.secret}`, 'x-request-id': 'head-1' },
        });
      const cached = await head(tally.url);
      const reference = await head(uncached.url);
      expect(cached.text).toBe('');
      expect(stable(cached)).toEqual(stable(reference));
    });

    it('THEN request ids and rate-limit headers stay per request on cached answers', async () => {
      const a = await cachedPage(w);
      const afterA = performance.now();
      const b = await get(tally.url, firstPage(w), w.key.secret);
      const between = performance.now() - afterA;
      expect(b.text).toBe(a.text);
      expect(headerOf(b, 'x-request-id')).not.toBe(headerOf(a, 'x-request-id'));
      expect(headerOf(b, 'x-request-id')).toMatch(/^req_/);
      // b took a token of its own; the bucket refills one every minute/limit meanwhile (a token
      // bucket, not a window), which a loaded machine's gap between the two may reach.
      const perToken = 60_000 / Number(headerOf(a, 'ratelimit-limit'));
      const taken =
        Number(headerOf(a, 'ratelimit-remaining')) - Number(headerOf(b, 'ratelimit-remaining'));
      expect(taken).toBeLessThanOrEqual(1);
      expect(taken).toBeGreaterThanOrEqual(1 - Math.ceil(between / perToken));
      const echoed = await get(tally.url, firstPage(w), w.key.secret, { 'x-request-id': 'mine' });
      expect(headerOf(echoed, 'x-request-id')).toBe('mine');
    });

    /** Requests the fast path (src/api/fast-path.ts) leaves to Express, answered as before. */
    it.each<[string, string, (w: World) => string, Record<string, string>]>([
      ['a HEAD', 'HEAD', (w) => firstPage(w), {}],
      ['If-None-Match: *', 'GET', (w) => firstPage(w), { 'if-none-match': '*' }],
      [
        'If-Modified-Since',
        'GET',
        (w) => firstPage(w),
        { 'if-modified-since': 'Sun, 01 Nov 2026 00:00:00 GMT' },
      ],
      ['another query parameter', 'GET', (w) => firstPage(w, '?limit=2&x=1'), {}],
      ['a repeated limit', 'GET', (w) => firstPage(w, '?limit=2&limit=3'), {}],
      ['limit=0', 'GET', (w) => firstPage(w, '?limit=0'), {}],
      ['limit=201', 'GET', (w) => firstPage(w, '?limit=201'), {}],
      ['limit=050', 'GET', (w) => firstPage(w, '?limit=050'), {}],
      [
        'a percent-encoded board id',
        'GET',
        (w) => `/v1/boards/%${w.board.id.charCodeAt(0).toString(16)}${w.board.id.slice(1)}/entries`,
        {},
      ],
      ['an upper-case path', 'GET', (w) => `/V1/BOARDS/${w.board.id}/ENTRIES`, {}],
      ['a trailing slash', 'GET', (w) => `${firstPage(w)}/`, {}],
      ['a cursor', 'GET', (w) => firstPage(w, '?cursor=bogus'), {}],
    ])('THEN %s is answered as without the caches', async (_, method, path, headers) => {
      await cachedPage(w);
      await cachedPage(w, '?limit=2');
      const ask = (base: string) =>
        rawRequest(`${base}${path(w)}`, {
          method,
          headers: { authorization: `Bearer ${w.key.secret}`, 'x-request-id': 'same', ...headers },
        });
      const cached = await ask(tally.url);
      const reference = await ask(uncached.url);
      expect(cached.status).toBe(reference.status);
      expect(cached.text).toBe(reference.text);
      expect(stable(cached)).toEqual(stable(reference));
    });

    it('THEN a key without entries:read is refused as without the caches', async () => {
      const narrow = await mintKey(tally.ctx, {
        ownerId: w.ownerId,
        type: 'live',
        scopes: ['boards:read'],
      });
      await cachedPage(w);
      const headers = { 'x-request-id': 'scope' };
      const cached = await get(tally.url, firstPage(w), narrow.secret, headers);
      const again = await get(tally.url, firstPage(w), narrow.secret, headers);
      const reference = await get(uncached.url, firstPage(w), narrow.secret, headers);
      expect(cached.status).toBe(403);
      expect(again.text).toBe(reference.text);
      expect(cached.text).toBe(reference.text);
    });

    it('THEN errors are never served from the cache: a bad limit, an unknown board', async () => {
      await cachedPage(w);
      expect((await get(tally.url, firstPage(w, '?limit=0'), w.key.secret)).status).toBe(422);
      const missing = `/v1/boards/board_missing_${nextSnowflake()}/entries`;
      expect((await get(tally.url, missing, w.key.secret)).status).toBe(404);
      expect((await get(tally.url, missing, w.key.secret)).status).toBe(404);
    });
  });

  describe('WHEN something that changes the first page happens THEN the next request shows it', () => {
    it('a score the worker applies', async () => {
      const w = await world();
      await score(w, 'Ann', 10);
      expect(names((await cachedPage(w)).text, w)).toEqual(['Ann=10']);
      await score(w, 'Bob', 50);
      const after = await get(tally.url, firstPage(w), w.key.secret);
      expect(names(after.text, w)).toEqual(['Bob=50', 'Ann=10']);
      expect(after.text).toBe((await truth(w)).text);
    });

    it('a correction of an applied score', async () => {
      const w = await world();
      await score(w, 'Ann', 10);
      await score(w, 'Bob', 20);
      expect(names((await cachedPage(w)).text, w)).toEqual(['Bob=20', 'Ann=10']);
      await correctResult(
        tally.ctx,
        { handle: w.handles.get('Ann')! },
        { text: { value: '99' } },
        { by: 'cli', actor: 'operator' },
      );
      const after = await get(tally.url, firstPage(w), w.key.secret);
      expect(names(after.text, w)).toEqual(['Ann=99', 'Bob=20']);
      expect(after.text).toBe((await truth(w)).text);
    });

    it('a season’s end, which starts a score board again', async () => {
      const w = await world();
      await score(w, 'Ann', 10);
      await startSeason(tally.ctx, w.ownerId, w.board.id, {});
      expect(names((await cachedPage(w)).text, w)).toEqual(['Ann=10']);
      const { closed } = await endSeason(tally.ctx, w.ownerId, w.board.id);
      expect(closed).toBe(true);
      const after = await get(tally.url, firstPage(w), w.key.secret);
      expect(names(after.text, w)).toEqual([]);
      expect(after.text).toBe((await truth(w)).text);
    });

    it('a player’s new display name (a query builder update)', async () => {
      const w = await world();
      await score(w, 'Ann', 10);
      expect(names((await cachedPage(w)).text, w)).toEqual(['Ann=10']);
      const renamed = await tally.ctx.repos.entries.renamePlayer(
        w.ownerId,
        `chat:${w.players.get('Ann')!}`,
        'Annie',
      );
      expect(renamed).toBe(1);
      const after = await get(tally.url, firstPage(w), w.key.secret);
      expect(names(after.text)).toEqual(['Annie=10']);
      expect(after.text).toBe((await truth(w)).text);
    });

    it('a new board id, and a board deleted with raw SQL', async () => {
      const w = await world();
      expect(names((await cachedPage(w)).text, w)).toEqual([]); // an empty board is cached too
      const oldPath = firstPage(w);
      const newId = `renamed_${nextSnowflake()}`;
      await tally.ctx.repos.boards.rename(w.board.pk, newId, 'Renamed');
      expect((await get(tally.url, oldPath, w.key.secret)).status).toBe(404);
      const moved = `/v1/boards/${newId}/entries`;
      expect((await get(tally.url, moved, w.key.secret)).status).toBe(200);
      expect((await get(tally.url, moved, w.key.secret)).status).toBe(200);
      await tally.ctx.repos.db.run((m) => m.query('DELETE FROM boards WHERE pk = ?', [w.board.pk]));
      expect((await get(tally.url, moved, w.key.secret)).status).toBe(404);
    });

    it('entries removed in a transaction of raw statements that locks the board', async () => {
      const w = await world();
      await score(w, 'Ann', 10);
      expect(names((await cachedPage(w)).text, w)).toEqual(['Ann=10']);
      await tally.ctx.repos.db.transaction(async (tx) => {
        // Every writer of entries locks their board first (test/store/board-versions.test.ts).
        await tally.ctx.repos.results.lockBoard(tx, w.board.pk, false);
        await tx.query('DELETE FROM entry_rank_counts WHERE board_pk = ?', [w.board.pk]);
        await tx.query('DELETE FROM entries WHERE board_pk = ?', [w.board.pk]);
      });
      const after = await get(tally.url, firstPage(w), w.key.secret);
      expect(names(after.text, w)).toEqual([]);
      expect(after.text).toBe((await truth(w)).text);
    });
  });

  describe('GIVEN two boards with cached first pages (issue 31)', () => {
    /** How the cached server answered first pages so far. */
    const counts = () => ({ ...firstPageCounts(tally.ctx) });

    it('WHEN another board is written THEN the page is still served from the cache, byte for byte', async () => {
      const a = await world();
      const b = await world();
      await score(a, 'Ann', 10);
      await score(b, 'Bob', 20);
      await cachedPage(a);
      await score(b, 'Bob', 30); // commits: the database's generation moved
      const headers = { 'x-request-id': 'two-boards' };
      const before = counts();
      const served = await get(tally.url, firstPage(a), a.key.secret, headers);
      const again = await get(tally.url, firstPage(a), a.key.secret, headers);
      const after = counts();
      expect(after.missed - before.missed).toBe(0);
      expect(after.confirmed - before.confirmed).toBe(1); // the board's version, read once
      expect(after.hit - before.hit).toBe(1); // then nothing read at all
      expect(names(served.text, a)).toEqual(['Ann=10']);
      const reference = await get(uncached.url, firstPage(a), a.key.secret, headers);
      expect(served.text).toBe(reference.text);
      expect(again.text).toBe(reference.text);
      expect(stable(served)).toEqual(stable(reference));
      expect(stable(again)).toEqual(stable(reference));
    });

    it('WHEN its own board is written THEN the page is read again and shows it', async () => {
      const a = await world();
      const b = await world();
      await score(a, 'Ann', 10);
      await cachedPage(a);
      await cachedPage(b);
      await score(a, 'Cid', 40);
      const before = counts();
      const after = await get(tally.url, firstPage(a), a.key.secret);
      expect(counts().missed - before.missed).toBe(1);
      expect(names(after.text, a)).toEqual(['Cid=40', 'Ann=10']);
      expect(after.text).toBe((await truth(a)).text);
      const other = counts();
      await get(tally.url, firstPage(b), b.key.secret);
      expect(counts().missed - other.missed).toBe(0); // b's page survived a's write
    });

    it('WHEN a board is deleted and another created under its id THEN the old page is never served', async () => {
      const a = await world();
      await score(a, 'Ann', 10);
      await cachedPage(a);
      await tally.ctx.repos.db.transaction(async (tx) => {
        await tx.query('DELETE FROM entry_rank_counts WHERE board_pk = ?', [a.board.pk]);
        await tx.query('DELETE FROM entries WHERE board_pk = ?', [a.board.pk]);
        await tx.query('DELETE FROM boards WHERE pk = ?', [a.board.pk]);
      });
      const again = await tally.board({ ownerId: a.ownerId, type: 'Highscore', windowHours: 0 });
      await tally.ctx.repos.boards.rename(again.pk, a.board.id, 'Again');
      const after = await get(tally.url, firstPage(a), a.key.secret);
      expect(names(after.text)).toEqual([]);
      expect(after.text).toBe((await truth(a)).text);
    });
  });

  describe('WHEN a cached key loses its access THEN the next request is a 401', () => {
    it('the key is revoked', async () => {
      const w = await world();
      await cachedPage(w);
      await revokeKey(tally.ctx, w.key.id, 'operator');
      const res = await get(tally.url, firstPage(w), w.key.secret);
      expect(res.status).toBe(401);
      expect(headerOf(res, 'ratelimit-limit')).toBeUndefined();
    });

    it('the owner’s API access is withdrawn (live and test keys alike)', async () => {
      const w = await world();
      const test = await mintKey(tally.ctx, { ownerId: w.ownerId, type: 'test', access: 'read' });
      await cachedPage(w);
      expect((await get(tally.url, firstPage(w), test.secret)).status).toBe(200);
      expect((await get(tally.url, firstPage(w), test.secret)).status).toBe(200);
      await setOwnerAccess(tally.ctx, w.ownerId, 'withdraw');
      expect((await get(tally.url, firstPage(w), w.key.secret)).status).toBe(401);
      expect((await get(tally.url, firstPage(w), test.secret)).status).toBe(401);
    });

    it('a refused key is never remembered: once minted, a new key answers at once', async () => {
      const w = await world();
      const bogus = `sk_live_${'A'.repeat(40)}`;
      expect((await get(tally.url, firstPage(w), bogus)).status).toBe(401);
      const fresh = await mintKey(tally.ctx, { ownerId: w.ownerId, type: 'live', access: 'read' });
      expect((await get(tally.url, firstPage(w), fresh.secret)).status).toBe(200);
    });
  });
});
