import type { Request } from 'express';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { visitorOf } from '../../src/web/page-limits';
import { backendName, redisServerUrl, uniqueName } from '../support/backends';
import { createTestRedis } from '../support/redis';
import { startTestTally, type TestTally } from '../support/tally';
import { RecordingRenderer, servePages, type PagesApp } from './pages-app';
import { anAuthor, enter, plainPng } from './contest-seed';
import { title } from './read-html';
import { boardPath, clockFrom, custom, playerPath, playMatches } from './seed';

describe(`per-address limits of the public pages (${backendName})`, () => {
  let tally: TestTally;
  let board: Board;
  const apps: PagesApp[] = [];

  const serve = async (limits: {
    pagesPerMinute: number;
    imagesPerMinute: number;
    filesPerMinute?: number;
  }) => {
    const app = await servePages(tally.ctx, { renderer: new RecordingRenderer(), limits });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    board = await tally.board({ ownerId: await tally.owner(), type: 'ELO', windowHours: 0 });
    await playMatches(tally.ctx, board, clockFrom('2026-11-01T12:00:00Z'), [
      [custom('Ann'), custom('Bo'), 'team1'],
    ]);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await tally?.stop();
  });

  it('GIVEN an address over its pages a minute THEN a 429 page with Retry-After and the RateLimit headers', async () => {
    const pages = await serve({ pagesPerMinute: 3, imagesPerMinute: 100 });
    const paths = [boardPath(board), playerPath(board, 'custom:Ann'), '/boards/guild%3A1'];
    const seen = [];
    for (const path of paths) seen.push(await pages.get(path));
    expect(seen.map((r) => r.status)).toEqual([200, 200, 404]); // a 404 counts as much as a page
    expect(seen.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0']);
    expect(seen[0]!.headers.get('ratelimit-limit')).toBe('3');

    const refused = await pages.get(boardPath(board));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('ratelimit-reset'))).toBe(retry);
    expect(title(refused.text)).toBe('Slow down');
    expect(refused.text).toContain(`try again in ${retry} s`);
    expect(refused.text).not.toMatch(/<script/i);
    // The API is not the pages' business: its own limits apply, per key.
    expect((await tally.request('GET', '/healthz')).status).toBe(200);
  });

  it('GIVEN pictures THEN they count in their own, smaller window, and a refusal is text', async () => {
    const pages = await serve({ pagesPerMinute: 100, imagesPerMinute: 2 });
    const card = `${boardPath(board)}/card.png`;
    expect((await pages.get(card)).status).toBe(200);
    expect((await pages.get(card)).status).toBe(200);
    const refused = await pages.get(card);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('ratelimit-limit')).toBe('2');
    // Pages still answer: the picture window is another one.
    expect((await pages.get(boardPath(board))).status).toBe(200);
  });

  it("GIVEN a contest's stored pictures THEN they count in a window of their own, apart from pages and rendered pictures, and a refusal is text", async () => {
    const contest = await tally.board({ ownerId: board.ownerId, type: 'Rating' });
    const entry = await enter(tally.ctx, contest, anAuthor('Ann'), 'Dawn', await plainPng(64, 64));
    const pages = await serve({ pagesPerMinute: 1, imagesPerMinute: 1, filesPerMinute: 3 });
    const thumb = `/images/${entry.thumbHash}.webp`;
    for (let i = 0; i < 3; i++) expect((await pages.get(thumb)).status).toBe(200);
    const refused = await pages.get(thumb);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(refused.headers.get('ratelimit-limit')).toBe('3');
    expect((await pages.get(boardPath(contest))).status).toBe(200);
    expect((await pages.get(`${boardPath(contest)}/card.png`)).status).toBe(200);
  });

  it('GIVEN the app trusts its proxy THEN each forwarded client address has its own window', async () => {
    const pages = await serve({ pagesPerMinute: 1, imagesPerMinute: 1 });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    // Untrusted (the default), X-Forwarded-For is ignored: both requests are the proxy's.
    expect((await pages.get(boardPath(board), from('203.0.113.1'))).status).toBe(200);
    expect((await pages.get(boardPath(board), from('203.0.113.2'))).status).toBe(429);
    pages.app.set('trust proxy', 'loopback');
    expect((await pages.get(boardPath(board), from('203.0.113.3'))).status).toBe(200);
    expect((await pages.get(boardPath(board), from('203.0.113.4'))).status).toBe(200);
    expect((await pages.get(boardPath(board), from('203.0.113.3'))).status).toBe(429);
  });

  it('GIVEN Redis does not answer THEN the pages still count, each process on its own', async () => {
    // Nothing listens on port 1: the client never becomes ready.
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    const pages = await servePages(tally.ctx, {
      redis,
      redisPrefix: `${uniqueName('down')}:`,
      limits: { pagesPerMinute: 1, imagesPerMinute: 1 },
    });
    apps.push(pages);
    try {
      expect((await pages.get(boardPath(board))).status).toBe(200);
      expect((await pages.get(boardPath(board))).status).toBe(429);
    } finally {
      redis.disconnect();
    }
  });

  it('GIVEN IPv6 visitors THEN one /64 is one visitor; IPv4 and mapped addresses stand alone', () => {
    const of = (ip: string) => visitorOf({ ip, socket: {} } as unknown as Request);
    expect(of('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(of('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(of('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(of('::1')).toBe('0:0:0:0::/64');
    expect(of('203.0.113.9')).toBe('203.0.113.9');
    expect(of('::ffff:203.0.113.9')).toBe('::ffff:203.0.113.9');
  });

  // Built only where the suite has a Redis (scripts/test-services.sh): never a skipped test.
  if (redisServerUrl) {
    it('GIVEN two processes sharing Redis THEN they count one window together', async () => {
      const shared = createTestRedis();
      await shared.redis.ping(); // connected: a limiter asked before that counts in memory
      const options = {
        redis: shared.redis,
        redisPrefix: shared.prefix,
        limits: { pagesPerMinute: 2, imagesPerMinute: 2 },
      };
      const one = await servePages(tally.ctx, options);
      const two = await servePages(tally.ctx, options);
      apps.push(one, two);
      try {
        expect((await one.get(boardPath(board))).status).toBe(200);
        expect((await two.get(boardPath(board))).status).toBe(200);
        expect((await one.get(boardPath(board))).status).toBe(429);
        expect((await two.get(boardPath(board))).status).toBe(429);
      } finally {
        await shared.cleanup();
      }
    });
  }
});
