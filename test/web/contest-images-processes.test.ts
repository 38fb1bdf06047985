import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startTally, type Tally } from '../../src/main';
import { createBoard } from '../../src/pipeline/boards';
import { addOwner } from '../../src/pipeline/owners';
import { backendName, redisServerUrl } from '../support/backends';
import { PUBLIC_URL, spawnServe, type Served } from '../support/serve';
import { createSharedDatabase, endServed } from '../support/shared-database';
import { nextSnowflake } from '../support/tally';
import { anAuthor, artPng, enter } from './contest-seed';
import { fetchPage } from './pages-app';
import { boardPath } from './seed';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Pictures live in the database, not on one process's disk (README "Contests"): an entry
 * submitted through one Tally is served, byte for byte, by another `tally serve` process on the
 * same database (MariaDB; on the SQLite run, one file both open), with no file shared between
 * them and nothing copied.
 */
describe(`a contest's pictures from a second process (${backendName})`, () => {
  let database: Awaited<ReturnType<typeof createSharedDatabase>>;
  let first: Tally;
  let second: Served;

  beforeAll(async () => {
    database = await createSharedDatabase('tally-images-');
    const config = loadConfig({
      DATABASE_URL: database.url,
      PORT: '0',
      PUBLIC_URL,
      ...(redisServerUrl ? { REDIS_URL: redisServerUrl } : {}),
    });
    first = await startTally(config, { worker: false });
    second = await spawnServe(database.url);
  }, 60_000);
  afterAll(async () => {
    if (second) await endServed(second);
    await first?.close();
    await database?.drop();
  });

  it('GIVEN an entry submitted through the first process THEN the second serves its picture and thumbnail with the same bytes, and its gallery shows them', async () => {
    const ownerId = `guild:${nextSnowflake()}`;
    await addOwner(first.ctx, ownerId, 'Two Processes');
    const board = await createBoard(first.ctx, { ownerId, type: 'Rating', name: 'Shared' });
    const entry = await enter(
      first.ctx,
      board,
      anAuthor('Ann'),
      'Dawn',
      await artPng(5, 1024, 640),
    );
    for (const hash of [entry.imageHash, entry.thumbHash]) {
      const [here, there] = await Promise.all(
        [first.url, second.url].map((url) => fetchPage(`${url}/images/${hash}.webp`)),
      );
      expect(here!.status, here!.text).toBe(200);
      expect(there!.status, there!.text).toBe(200);
      expect(there!.headers.get('content-type')).toBe('image/webp');
      expect(there!.headers.get('etag')).toBe(`"${hash}"`);
      expect(sha256(there!.bytes)).toBe(hash);
      expect(there!.bytes.equals(here!.bytes)).toBe(true);
    }
    const gallery = await fetchPage(`${second.url}${boardPath(board)}`);
    expect(gallery.status, gallery.text).toBe(200);
    expect(gallery.text).toContain(`/images/${entry.thumbHash}.webp`);
  });
});
