import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations';
import { Contests1733900000000 } from '../../migrations/1733900000000-contests';
import { InitialSchema1732300000000 } from '../../migrations/1732300000000-initial-schema';
import { loadConfig } from '../../src/config';
import { hashSecret } from '../../src/domain/keys';
import { ACCESS_LEVELS } from '../../src/domain/scopes';
import { startTally, type Tally } from '../../src/main';
import { createDataSource } from '../../src/store/data-source';
import { backendName, type TestDatabase } from '../support/backends';
import { createSharedDatabase } from '../support/shared-database';

/**
 * Issue 30 item 4: a database an older release left upgrades cleanly when today's Tally starts on
 * it. The older release is today's migrations run only up to where that release's ended (the
 * migrations are frozen, so they build what it built), filled through raw SQL in that schema, as
 * its code wrote it. Trade-off: this does not run the old release's own code (a `git archive` of
 * it needs its own node_modules), so a row only that code would write differently is not
 * covered; what is covered is every later migration's backfill on real rows, and today's reads
 * and writes on what they left.
 */
const OWNER = 'guild:100000000000000042';
const SECRET = `sk_live_${'Ab3'.repeat(12)}`;
const A = '200000000000000001';
const B = '200000000000000002';
/** An hour ago, as datetime(3) text: recent enough that the submission's handle still answers. */
const T0 = new Date(Date.now() - 3_600_000).toISOString().replace('T', ' ').replace('Z', '');

/** What the first release wrote: an owner, a key, an ELO ladder with a match, a highscore board. */
async function fillFirstRelease(url: string): Promise<void> {
  const ds = createDataSource(loadConfig({ DATABASE_URL: url }).database, [
    InitialSchema1732300000000,
  ]);
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
    const q = (sql: string, params: unknown[] = []) => ds.query(sql, params);
    await q(
      `INSERT INTO owners (id, name, api_access, created_at) VALUES (?, 'Old guild', 'open', ?)`,
      [OWNER, T0],
    );
    await q(
      `INSERT INTO api_keys (owner_id, type, scopes, label, hash, suffix, created_at)
       VALUES (?, 'live', ?, 'old key', ?, ?, ?)`,
      [OWNER, ACCESS_LEVELS['read-write'].join(','), hashSecret(SECRET), SECRET.slice(-4), T0],
    );
    const board = `INSERT INTO boards (owner_id, public_id, display_name, type, sort, team_size, fixed_teams,
       free_for_all, validation_window_hours, k_factor, start_rating, created_at)
       VALUES (?, ?, ?, ?, 'desc', 1, 0, 0, 0, ?, ?, ?)`;
    await q(board, [OWNER, 'ladder', 'Old Ladder', 'ELO', 32, 1000, T0]);
    await q(board, [OWNER, 'speed', 'Old Highscores', 'Highscore', null, null, T0]);
    const pks: { pk: number; public_id: string }[] = await q('SELECT pk, public_id FROM boards');
    const ladder = pks.find((b) => b.public_id === 'ladder')!.pk;
    const speed = pks.find((b) => b.public_id === 'speed')!.pk;

    // A won the ladder's first match (+16/−16), submitted through the API and applied at once.
    await q(
      `INSERT INTO submissions (owner_id, board_pk, kind, payload, status, submitted_by, queued_at, attempts)
       VALUES (?, ?, 'match', ?, 'approved', 'api', ?, 1)`,
      [
        OWNER,
        ladder,
        JSON.stringify({ team1: [{ chat_id: A }], team2: [{ chat_id: B }], winner: 'team1' }),
        T0,
      ],
    );
    const [sub] = (await q('SELECT id FROM submissions')) as { id: number }[];
    await q(
      `INSERT INTO matches (board_pk, number, winner, status, submitted_at, submitted_by, submission_id,
         reviewed_at, reviewed_by) VALUES (?, 1, 'team1', 'approved', ?, 'api', ?, ?, 'auto')`,
      [ladder, T0, sub!.id, T0],
    );
    const [match] = (await q('SELECT pk FROM matches')) as { pk: number }[];
    await q('UPDATE submissions SET match_pk = ? WHERE id = ?', [match!.pk, sub!.id]);
    await q(
      `INSERT INTO match_participants (match_pk, side, position, board_pk, match_number, player_id,
         player_name, elo_before, elo_delta)
       VALUES (?, 1, 0, ?, 1, ?, 'Alice', 1000, 16), (?, 2, 0, ?, 1, ?, 'Bob', 1000, -16)`,
      [match!.pk, ladder, `chat:${A}`, match!.pk, ladder, `chat:${B}`],
    );
    const entry = `INSERT INTO entries (board_pk, player_id, player_name, score, elo, rank_key, wins, draws,
       losses, submissions, last_sub) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`;
    await q(entry, [ladder, `chat:${A}`, 'Alice', null, 1016, -1016, 1, 0, 1, T0]);
    await q(entry, [ladder, `chat:${B}`, 'Bob', null, 984, -984, 0, 1, 1, T0]);

    // Bob's 700 beat Alice's 500 on the highscore board.
    for (const [player, name, score] of [
      [A, 'Alice', 500],
      [B, 'Bob', 700],
    ] as const) {
      await q(
        `INSERT INTO scores (board_pk, player_id, player_name, score, status, submitted_at, submitted_by,
           reviewed_at, reviewed_by) VALUES (?, ?, ?, ?, 'approved', ?, 'api', ?, 'auto')`,
        [speed, `chat:${player}`, name, score, T0, T0],
      );
      await q(entry, [speed, `chat:${player}`, name, score, null, -score, null, null, 1, T0]);
    }
  } finally {
    await ds.destroy();
  }
}

/** Today's migrations up to (not including) `before`: the schema the release before it left. */
async function migrateTo(url: string, count: number): Promise<void> {
  const ds = createDataSource(
    loadConfig({ DATABASE_URL: url }).database,
    migrations.slice(0, count),
  );
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await ds.destroy();
  }
}

describe(`a database an older release left, opened by today's Tally (${backendName})`, () => {
  let db: TestDatabase | undefined;
  let tally: Tally | undefined;
  afterEach(async () => {
    await tally?.close();
    await db?.drop();
    tally = undefined;
    db = undefined;
  });

  it.each([
    ['the first release (the initial schema)', 1],
    ['the release before contests', migrations.indexOf(Contests1733900000000)],
  ])(
    'upgrades %s on start: the API reads the same boards, standings, match and submission, and writes go on',
    async (_release, count) => {
      db = await createSharedDatabase('tally-migrations-');
      await fillFirstRelease(db.url);
      await migrateTo(db.url, count);

      tally = await startTally(
        loadConfig({ DATABASE_URL: db.url, PORT: '0', PUBLIC_URL: 'http://tally.test' }),
      );
      expect(tally.ctx.repos.db.appliedMigrations).toEqual(
        migrations.slice(count).map((m) => m.name),
      );
      const get = async (path: string) => {
        const res = await fetch(`${tally!.url}${path}`, {
          headers: { authorization: `Bearer ${SECRET}` },
        });
        expect(res.status, path).toBe(200);
        return (await res.json()) as { data: Record<string, unknown>[] } & Record<string, unknown>;
      };
      const boards = await get('/v1/boards');
      expect(boards.data.map((b) => [b.id, b.display_name, b.type])).toEqual([
        ['ladder', 'Old Ladder', 'ELO'],
        ['speed', 'Old Highscores', 'Highscore'],
      ]);
      const ladder = await get('/v1/boards/ladder/entries');
      expect(ladder.data).toMatchObject([
        { rank: 1, player_id: `chat:${A}`, elo: 1016, wins: 1, losses: 0 },
        { rank: 2, player_id: `chat:${B}`, elo: 984, wins: 0, losses: 1 },
      ]);
      const speed = await get('/v1/boards/speed/entries');
      expect(speed.data).toMatchObject([
        { rank: 1, player_id: `chat:${B}`, score: 700 },
        { rank: 2, player_id: `chat:${A}`, score: 500 },
      ]);
      const matches = await get('/v1/boards/ladder/matches');
      expect(matches.data).toMatchObject([{ id: 1, winner: 'team1' }]);
      expect(await get('/v1/submissions/sub_1')).toMatchObject({ status: 'approved' });

      // A write after the upgrade rates from the old standings: Bob beats Alice and gains.
      const res = await fetch(`${tally.url}/v1/boards/ladder/matches`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SECRET}`,
          'content-type': 'application/json',
          'idempotency-key': 'after-upgrade',
        },
        body: JSON.stringify({ team1: [{ chat_id: A }], team2: [{ chat_id: B }], winner: 'team2' }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const after = await get('/v1/boards/ladder/entries');
      const bob = after.data.find((e) => e.player_id === `chat:${B}`)!;
      expect(bob).toMatchObject({ wins: 1, losses: 1 });
      expect(Number(bob.elo)).toBeGreaterThan(984);
      // The history backfill replayed the old match; the new one was recorded live.
      const history: { player_id: string; value: number | string }[] =
        await tally.ctx.repos.db.dataSource.query(
          `SELECT h.player_id, h.value FROM entry_history h JOIN boards b ON b.pk = h.board_pk
           WHERE b.public_id = 'ladder' AND h.kind = 'match' ORDER BY h.pk`,
        );
      expect(history.slice(0, 2).map((h) => [h.player_id, Number(h.value)])).toEqual([
        [`chat:${A}`, 1016],
        [`chat:${B}`, 984],
      ]);
      expect(history).toHaveLength(4);
      // The public page reads them too.
      const page = await fetch(`${tally.url}/boards/${encodeURIComponent(OWNER)}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Old Ladder');
    },
    120_000,
  );
});
