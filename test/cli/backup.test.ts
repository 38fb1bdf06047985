import { readFile, rm, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations';
import { loadConfig } from '../../src/config';
import { TallyError } from '../../src/domain/errors';
import { backupDatabase, restoreDatabase } from '../../src/pipeline/backup';
import { setContest, storedImage, submitEntry } from '../../src/pipeline/contests';
import { backendName, type TestDatabase } from '../support/backends';
import { runTally } from '../support/serve';
import { createSharedDatabase } from '../support/shared-database';
import { idempotencyHeader, nextSnowflake, startTestTally, type TestTally } from '../support/tally';

/**
 * `tally backup` and `tally restore` (issue 30 item 3) on this run's database: a backup taken
 * while Tally acknowledges writes holds every write acknowledged before it began, a Tally on the
 * restored copy shows the same standings, a contest image comes back byte for byte, and a file
 * of a newer schema or another format is refused.
 */
const LATEST = migrations.at(-1)!.name;
const WRITERS = 4;
const BEFORE_BACKUP = 150;
const AFTER_BACKUP = 40;
/** Writes acknowledged while the backup runs, at most (then the writers wait for it to end). */
const DURING_BACKUP = 300;
const UNLIMITED = { RATE_LIMIT_WRITE_PER_MIN: '1000000', RATE_LIMIT_READ_PER_MIN: '1000000' };

interface Entry {
  rank: number;
  player_id: string;
  [field: string]: unknown;
}

async function standings(tally: TestTally, key: string, board: string): Promise<Entry[]> {
  const all: Entry[] = [];
  let cursor = '';
  for (;;) {
    const res = await tally.request(
      'GET',
      `/v1/boards/${board}/entries?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      { key },
    );
    expect(res.status).toBe(200);
    const page = res.body as { data: Entry[]; next_cursor: string | null };
    all.push(...page.data);
    if (!page.next_cursor) return all;
    cursor = encodeURIComponent(page.next_cursor);
  }
}

/** Why a use case refused (a TallyError's detail); a promise that resolves fails the test. */
const refusal = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => expect.fail('not refused'),
    (err: unknown) => {
      expect(err).toBeInstanceOf(TallyError);
      return (err as TallyError).detail;
    },
  );

describe(`backup and restore (${backendName})`, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean().catch(() => undefined);
  });
  const database = async (prefix: string): Promise<TestDatabase> => {
    // A file or a database of its own: the backup reads it on a connection of its own.
    const db = await createSharedDatabase(prefix);
    cleanups.push(() => db.drop());
    return db;
  };

  it('GIVEN writes acknowledged while a backup is taken THEN the restored copy has every one acknowledged before it began, the same standings and the same image bytes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tally-backup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = join(dir, 'tally.backup.gz');
    const source = await database('tally-backup-source-');
    const target = await database('tally-backup-target-');

    const original = await startTestTally({ DATABASE_URL: source.url, ...UNLIMITED });
    cleanups.push(() => original.stop());
    const owner = await original.owner();
    const key = await original.key({ ownerId: owner });
    const ladder = await original.board({ ownerId: owner, type: 'ELO', windowHours: 0 });
    const highscore = await original.board({ ownerId: owner, type: 'Highscore', windowHours: 0 });
    const gallery = await original.board({ ownerId: owner, type: 'Rating', windowHours: 24 });
    await setContest(original.ctx, owner, gallery.id, {});
    const { entry } = await submitEntry(original.ctx, {
      ownerId: owner,
      boardId: gallery.id,
      authorId: `chat:${nextSnowflake()}`,
      authorName: 'Ann',
      title: 'Dunes',
      bytes: await sharp({
        create: { width: 96, height: 64, channels: 3, background: '#884422' },
      })
        .png()
        .toBuffer(),
    });
    const image = (await storedImage(original.ctx, entry.imageHash))!.data;

    const post = (board: string, kind: 'matches' | 'scores', body: object) =>
      original.request('POST', `/v1/boards/${board}/${kind}`, {
        key,
        headers: idempotencyHeader(),
        body: JSON.stringify(body),
      });

    // The ladder's matches all come before the backup: its standings (ratings, records) after
    // the restore must be the original's exactly.
    const players = Array.from({ length: 8 }, () => ({ chat_id: nextSnowflake() }));
    for (let i = 0; i < 30; i++) {
      const [a, b] = [players[i % 8]!, players[(i * 3 + 1) % 8]!];
      const res = await post(ladder.id, 'matches', {
        team1: [a],
        team2: [a === b ? players[(i + 1) % 8]! : b],
        winner: i % 5 === 0 ? 'draw' : 'team1',
      });
      expect([201, 202]).toContain(res.status);
    }

    // The high-score board takes one new player's score per write, from WRITERS clients at once,
    // before, during and after the backup (a few hundred in all).
    const acked: { handle: string; player: string; sentAfter: boolean }[] = [];
    let backupDone = false;
    const refused: number[] = [];
    let seq = 0;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        if (!backupDone && acked.length >= BEFORE_BACKUP + DURING_BACKUP) {
          await new Promise((r) => setTimeout(r, 10));
          continue;
        }
        const player = nextSnowflake();
        const sentAfter = backupDone;
        const res = await post(highscore.id, 'scores', {
          player: { chat_id: player },
          score: (++seq * 7919) % 1000,
        });
        if (res.status === 201 || res.status === 202)
          acked.push({ handle: (res.body as { handle: string }).handle, player, sentAfter });
        else refused.push(res.status);
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    while (acked.length < BEFORE_BACKUP) await new Promise((r) => setTimeout(r, 5));

    const ackedBefore = [...acked];
    const summary = await backupDatabase(original.config.database, file);
    backupDone = true;
    while (acked.filter((w) => w.sentAfter).length < AFTER_BACKUP)
      await new Promise((r) => setTimeout(r, 5));
    stop = true;
    await Promise.all(writers);
    expect(refused).toEqual([]);
    expect(summary.schema).toBe(LATEST);
    expect(summary.rows.images).toBe(2); // the entry's picture and its thumbnail

    const restored = await restoreDatabase(loadConfig({ DATABASE_URL: target.url }).database, file);
    expect(restored).toMatchObject({ schema: LATEST, latest: LATEST, skipped: [] });
    expect(restored.rows).toEqual(summary.rows);

    const copy = await startTestTally({ DATABASE_URL: target.url, ...UNLIMITED });
    cleanups.push(() => copy.stop());

    // Every write acknowledged before the backup began is there; of the rest, some may be.
    const inCopy = new Set<string>();
    for (const { handle, player } of acked) {
      const res = await copy.request('GET', `/v1/submissions/${handle}`, { key });
      if (res.status === 200) inCopy.add(player);
      else expect(res.status).toBe(404);
    }
    const missing = ackedBefore.filter((w) => !inCopy.has(w.player));
    expect(missing).toEqual([]);
    // And none sent after it ended: the copy is the database as it was then, not as it is now.
    expect(acked.filter((w) => w.sentAfter && inCopy.has(w.player))).toEqual([]);

    // A write the copy holds still queued is applied by the copy's worker: wait for it.
    const appliedAll = async () => {
      for (let tries = 0; tries < 200; tries++) {
        const rows = await standings(copy, key, highscore.id);
        if (rows.length === inCopy.size) return rows;
        await new Promise((r) => setTimeout(r, 50));
      }
      const rows = await standings(copy, key, highscore.id);
      const states: Record<string, number> = {};
      for (const { handle } of acked) {
        const res = await copy.request('GET', `/v1/submissions/${handle}`, { key });
        const status =
          res.status === 200 ? String((res.body as { status: string }).status) : String(res.status);
        states[status] = (states[status] ?? 0) + 1;
      }
      throw new Error(
        `the copy never applied its queued writes: ${rows.length} of ${inCopy.size} ${JSON.stringify(states)}`,
      );
    };
    const copyScores = await appliedAll();
    expect(copyScores.length).toBeGreaterThanOrEqual(BEFORE_BACKUP);
    // The original's standings of the same writes: each player has one score of their own,
    // so theirs are what the original showed when the backup was taken, in the same order.
    const withoutRank = ({ rank: _rank, ...rest }: Entry) => rest;
    const originalScores = (await standings(original, key, highscore.id)).filter((e) =>
      inCopy.has(e.player_id.replace(/^chat:/, '')),
    );
    expect(originalScores).toHaveLength(inCopy.size);
    expect(copyScores.map(withoutRank)).toEqual(originalScores.map(withoutRank));
    const ladderStandings = await standings(original, key, ladder.id);
    expect(ladderStandings).toHaveLength(8);
    expect(await standings(copy, key, ladder.id)).toEqual(ladderStandings);

    const back = await storedImage(copy.ctx, entry.imageHash);
    expect(Buffer.compare(Buffer.from(back!.data), Buffer.from(image))).toBe(0);

    // Restoring over a database with rows is refused unless forced.
    expect(await refusal(restoreDatabase(copy.config.database, file))).toMatch(/not empty/);
  }, 120_000);

  it('GIVEN a backup of a newer schema or not a backup at all THEN restore refuses it, before touching the database', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tally-backup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const source = await database('tally-backup-newer-');
    const target = await database('tally-backup-newer-target-');
    const tally = await startTestTally({ DATABASE_URL: source.url });
    cleanups.push(() => tally.stop());
    await tally.owner();
    const file = join(dir, 'a.gz');
    await backupDatabase(tally.config.database, file);

    const [head, ...rest] = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n');
    const header = JSON.parse(head!) as { schema: string; migrations: string[] };
    const future = 'Future9999999999999';
    const newer = join(dir, 'newer.gz');
    await writeFile(
      newer,
      gzipSync(
        [
          JSON.stringify({ ...header, schema: future, migrations: [...header.migrations, future] }),
          ...rest,
        ].join('\n'),
      ),
    );
    const into = loadConfig({ DATABASE_URL: target.url }).database;
    const detail = await refusal(restoreDatabase(into, newer));
    expect(detail).toContain(future);
    expect(detail).toContain(LATEST);
    expect(detail).toMatch(/newer than this Tally/);

    const notGzip = join(dir, 'plain.txt');
    await writeFile(notGzip, 'owners,boards\n');
    expect(await refusal(restoreDatabase(into, notGzip))).toMatch(/not a Tally backup/);
    const otherJson = join(dir, 'other.gz');
    await writeFile(otherJson, gzipSync('{"format":"something-else"}\n'));
    expect(await refusal(restoreDatabase(into, otherJson))).toMatch(/not a Tally backup/);
    const cut = join(dir, 'cut.gz');
    await writeFile(cut, gzipSync([head, ...rest.slice(0, 3)].join('\n')));
    expect(await refusal(restoreDatabase(into, cut))).toMatch(/cut short/);

    // The operator's command says the same, and fails.
    const run = await runTally(target.url, ['restore', newer], 60_000);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`newer than this Tally's latest migration ${LATEST}`);

    // A cut file's rows were rolled back: the database is empty, and a good file goes in.
    const ok = await restoreDatabase(into, file);
    expect(ok.rows.owners).toBe(1);
  }, 120_000);
});
