import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import type { ContestEntry } from '../../entities/contest';
import { removeEntry } from '../../src/pipeline/contests';
import { backendName } from '../support/backends';
import { startTestTally, type TestTally } from '../support/tally';
import { anAuthor, artPng, enter, vote } from './contest-seed';
import { fetchPage } from './pages-app';
import { metaTag } from './read-html';
import { boardPath } from './seed';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/** A contest's pictures as the whole server (src/main.ts) serves them: stored, and its card. */
describe(`a contest's pictures as a Tally serves them (${backendName})`, () => {
  let tally: TestTally;
  let board: Board;
  let entry: ContestEntry;
  let removed: ContestEntry;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetchPage(`${tally.url}${path}`, headers);

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    board = await tally.board({ ownerId: await tally.owner(), type: 'Rating', name: 'Skies 空' });
    entry = await enter(tally.ctx, board, anAuthor('Ann'), 'Dawn', await artPng(1, 1280, 720));
    const second = await enter(tally.ctx, board, anAuthor('Bo'), 'Dusk', await artPng(2, 600, 900));
    await enter(tally.ctx, board, anAuthor('Cy'), 'Tide 🌊', await artPng(3, 800, 800));
    removed = await enter(tally.ctx, board, anAuthor('Di'), 'Gone', await artPng(4, 500, 400));
    await vote(tally.ctx, board, entry, [9, 9, 10]);
    await vote(tally.ctx, board, second, [7, 8, 8]);
    await removeEntry(tally.ctx, {
      ownerId: board.ownerId,
      entryPk: removed.pk,
      by: 'cli',
      reason: 'test',
    });
  });
  afterAll(() => tally?.stop());

  it('GIVEN a stored picture THEN it is served as WebP, immutable for a year, its hash the ETag and the SHA-256 of its bytes', async () => {
    for (const hash of [entry.imageHash, entry.thumbHash]) {
      const res = await get(`/images/${hash}.webp`);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('etag')).toBe(`"${hash}"`);
      expect(sha256(res.bytes)).toBe(hash);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    const meta = await sharp((await get(`/images/${entry.imageHash}.webp`)).bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1280, 720]);
  });

  it('GIVEN the ETag it holds THEN a 304 without the bytes; another ETag gets them', async () => {
    const path = `/images/${entry.thumbHash}.webp`;
    const held = await get(path, { 'if-none-match': `"${entry.thumbHash}"` });
    expect(held.status).toBe(304);
    expect(held.bytes.length).toBe(0);
    expect(held.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const stale = await get(path, { 'if-none-match': `"${entry.imageHash}"` });
    expect(stale.status).toBe(200);
    expect(sha256(stale.bytes)).toBe(entry.thumbHash);
  });

  it("GIVEN an unknown or malformed name, or a removed entry's picture THEN a 404 in text, never stored", async () => {
    const cases = [
      `/images/${'0'.repeat(64)}.webp`,
      `/images/${entry.imageHash.toUpperCase()}.webp`,
      `/images/${entry.imageHash}.png`,
      `/images/${entry.imageHash}`,
      `/images/${entry.imageHash.slice(1)}.webp`,
      `/images/${entry.imageHash}.webp.webp`,
      `/images/../images/${'g'.repeat(64)}.webp`,
      `/images/${removed.imageHash}.webp`,
      `/images/${removed.thumbHash}.webp`,
      '/images',
    ];
    for (const path of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('etag'), path).toBeNull();
    }
    const text = await get(`/images/${removed.imageHash}.webp`);
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text.text).toMatch(/^Picture not found: /);
  });

  it("GIVEN a Rating board's page THEN its og:image is a 1200×630 PNG of the top entries", async () => {
    const page = await get(boardPath(board));
    expect(page.status, page.text).toBe(200);
    const image = new URL(metaTag(page.text, 'og:image')!);
    const card = await get(`${image.pathname}${image.search}`);
    expect(card.status, card.text).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(pngSize(card.bytes)).toEqual({ width: 1200, height: 630 });
    expect(metaTag(page.text, 'og:image:width')).toBe('1200');
  });
});
