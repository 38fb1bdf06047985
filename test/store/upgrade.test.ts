import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createConnection } from 'mysql2/promise';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations';
import { Contests1733900000000 } from '../../migrations/1733900000000-contests';
import { RankCountsAndQueueIndex1732400000000 } from '../../migrations/1732400000000-rank-counts-and-queue-index';
import { loadConfig } from '../../src/config';
import { startTally, type Tally } from '../../src/main';
import { ownedBoard } from '../../src/pipeline/board-reads';
import { boardSeasons } from '../../src/pipeline/season-reads';
import {
  backendName,
  createTestDatabase,
  mysqlServerUrl,
  sqliteFileUrl,
  type TestDatabase,
} from '../support/backends';
import { PUBLIC_URL, ROOT } from '../support/serve';

/**
 * Issue 30 item 4: a database an older release left upgrades cleanly when today's Tally starts on
 * it. Each fixture under test/fixtures/releases/ was created and filled by that commit's own code
 * (its CLI, its `tally serve`, its HTTP API), on SQLite (a gzipped database file) and on MariaDB (a
 * mysqldump), by make-fixture.sh there; its README says which commit made which and what each
 * holds. This run takes the one of its backend, starts today's Tally on a copy (every later
 * migration runs on the old release's rows), reads through today's API what the old release
 * wrote, and writes on.
 */
const FIXTURES = join(ROOT, 'test/fixtures/releases');
const backend = mysqlServerUrl ? 'mariadb' : 'sqlite';

interface Manifest {
  commit: string;
  backend: string;
  owner: string;
  seasons: boolean;
  keys: { writer: string; reader: string; revoked: string };
}

/** A copy of the fixture `name` of this run's backend, as a database of its own. */
async function copyOfFixture(name: string): Promise<{ db: TestDatabase; manifest: Manifest }> {
  const manifest = JSON.parse(
    await readFile(join(FIXTURES, `${name}.${backend}.json`), 'utf8'),
  ) as Manifest;
  expect(manifest.backend).toBe(backend);
  if (mysqlServerUrl) {
    const db = await createTestDatabase();
    const conn = await createConnection({ uri: db.url, multipleStatements: true });
    try {
      await conn.query(await readFile(join(FIXTURES, `${name}.mariadb.sql`), 'utf8'));
    } finally {
      await conn.end();
    }
    return { db, manifest };
  }
  const dir = await mkdtemp(join(tmpdir(), 'tally-upgrade-'));
  const url = sqliteFileUrl(dir);
  await writeFile(
    url.slice('sqlite:'.length),
    gunzipSync(await readFile(join(FIXTURES, `${name}.sqlite.gz`))),
  );
  return { db: { url, drop: () => rm(dir, { recursive: true, force: true }) }, manifest };
}

type Row = Record<string, unknown>;
/** Rank, player and the fields of its board type: what the README's tables list. */
const standing = (e: Row) => [e.rank, e.player_name, e.score ?? e.elo, e.wins, e.draws, e.losses];
const scoreStanding = (e: Row) => [e.rank, e.player_name, e.score, e.submissions];

const BOARDS = [
  ['ladder', 'Old Ladder', 'ELO'],
  ['league', 'Old League', 'League'],
  ['speed', 'Old Highscores', 'Highscore'],
  ['sprint', 'Old Times', 'Time'],
  ['points', 'Old Points', 'Classic'],
  ['teams', 'Old Teams', 'ELO'],
];

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
    [
      'first-release',
      'e22421c',
      'the first release: the initial schema',
      RankCountsAndQueueIndex1732400000000,
    ],
    ['before-contests', 'fe3461c', 'the release before contests', Contests1733900000000],
  ] as const)(
    'upgrades %s, made by %s (%s), on start: the API reads what it wrote, and writes go on',
    async (name, commit, _release, firstNew) => {
      const fixture = await copyOfFixture(name);
      db = fixture.db;
      expect(fixture.manifest.commit.slice(0, commit.length)).toBe(commit);
      const { owner, keys } = fixture.manifest;

      tally = await startTally(loadConfig({ DATABASE_URL: db.url, PORT: '0', PUBLIC_URL }));
      // Exactly the migrations the old release did not have ran, on its rows.
      expect(tally.ctx.repos.db.appliedMigrations).toEqual(
        migrations.slice(migrations.indexOf(firstNew)).map((m) => m.name),
      );
      const call = (path: string, key: string, body?: object, idempotencyKey?: string) =>
        fetch(`${tally!.url}${path}`, {
          method: body ? 'POST' : 'GET',
          headers: {
            authorization: `Bearer ${key}`,
            ...(body
              ? { 'content-type': 'application/json', 'idempotency-key': idempotencyKey! }
              : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      const get = async (path: string) => {
        const res = await call(path, keys.writer);
        expect(res.status, path).toBe(200);
        return ((await res.json()) as { data: Row[] }).data;
      };
      const post = async (path: string, body: object, idempotencyKey: string) => {
        const res = await call(path, keys.writer, body, idempotencyKey);
        expect(res.status, await res.clone().text()).toBe(201);
      };

      // The boards, and the standings of each, as the old release left them (README.md).
      const boards = await get('/v1/boards');
      expect(boards.map((b) => [b.id, b.display_name, b.type])).toEqual([
        ...BOARDS,
        ...(fixture.manifest.seasons ? [['seasonal', 'Old Seasons', 'ELO']] : []),
      ]);
      expect((await get('/v1/boards/ladder/entries')).map(standing)).toEqual([
        [1, 'Ada', 1013, 2, 0, 1],
        [2, 'Grace', 1002, 1, 1, 1],
        [3, 'Linus', 985, 0, 1, 1],
      ]);
      expect((await get('/v1/boards/league/entries')).map(standing)).toEqual([
        [1, 'Ada', 6, 2, 0, 0],
        [2, 'Grace', 1, 0, 1, 1],
        [2, 'Linus', 1, 0, 1, 1],
      ]);
      expect((await get('/v1/boards/speed/entries')).map(scoreStanding)).toEqual([
        [1, 'Grace', 700, 1],
        [2, 'Ada', 650, 2],
      ]);
      expect((await get('/v1/boards/sprint/entries')).map(scoreStanding)).toEqual([
        [1, 'Ada', 58000, 2],
        [2, 'Grace', 59500, 1],
      ]);
      expect((await get('/v1/boards/points/entries')).map(scoreStanding)).toEqual([
        [1, 'Ada', 13, 2],
        [2, 'member 200000000000000001', 5, 1],
      ]);
      expect((await get('/v1/boards/teams/entries')).map(standing)).toEqual([
        [1, 'Red', 1016, 1, 0, 0],
        [2, 'Blue', 984, 0, 0, 1],
      ]);

      // The matches, newest first, with who played, the ratings before and the scorelines.
      const side = (m: Row, n: 1 | 2) =>
        (m[`team${n}`] as Row[]).map((p) => `${String(p.player_name)}@${String(p.elo)}`).join();
      expect(
        (await get('/v1/boards/ladder/matches')).map((m) => [
          m.id,
          side(m, 1),
          side(m, 2),
          m.winner,
          m.status,
        ]),
      ).toEqual([
        [4, 'Grace@984', 'Ada@1031', 'team1', 'approved'],
        [3, 'Grace@984', 'Linus@985', 'draw', 'approved'],
        [2, 'Ada@1016', 'Linus@1000', 'team1', 'approved'],
        [1, 'Ada@1000', 'Grace@1000', 'team1', 'approved'],
      ]);
      expect(
        (await get('/v1/boards/league/matches')).map((m) => [
          m.id,
          m.team1_score,
          m.team2_score,
          m.winner,
        ]),
      ).toEqual([
        [3, 0, 1, 'team2'],
        [2, 2, 2, 'draw'],
        [1, 3, 1, 'team1'],
      ]);

      // Its keys: the reader reads and may not write, the revoked one is refused.
      expect((await call('/v1/boards/speed/entries', keys.reader)).status).toBe(200);
      const refused = await call('/v1/boards/speed/scores', keys.reader, { x: 1 }, 'reader');
      expect(refused.status).toBe(403);
      expect((await call('/v1/boards', keys.revoked)).status).toBe(401);

      // A season the old release ended keeps its final standings; its running one goes on.
      if (fixture.manifest.seasons) {
        expect((await get('/v1/boards/seasonal/entries')).map(standing)).toEqual([
          [1, 'Grace', 1016, 1, 0, 0],
          [2, 'Ada', 984, 0, 0, 1],
        ]);
        const board = await ownedBoard(tally.ctx, owner, 'seasonal');
        const seasons = await boardSeasons(tally.ctx, board, { limit: 10 });
        expect(seasons.running).toMatchObject({ number: 2, name: 'Winter' });
        expect(
          seasons.ended.map((s) => [s.season.name, s.champions.map((c) => c.playerName)]),
        ).toEqual([['Autumn', ['Ada']]]);
        const page = await fetch(
          `${tally.url}/boards/${encodeURIComponent(owner)}/seasonal?season=1`,
        );
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('Season 1 “Autumn”');
      }

      // Writes after the upgrade rate from the old standings and land beside the old rows.
      await post(
        '/v1/boards/ladder/matches',
        {
          team1: [{ name: 'Linus', custom: true }],
          team2: [{ name: 'Ada', custom: true }],
          winner: 'team1',
        },
        'after-upgrade-1',
      );
      const ladder = await get('/v1/boards/ladder/entries');
      expect(ladder.map((e) => [e.player_name, e.wins, e.draws, e.losses])).toEqual([
        ['Grace', 1, 1, 1],
        ['Linus', 1, 1, 1],
        ['Ada', 2, 0, 2],
      ]);
      expect(Number(ladder.find((e) => e.player_name === 'Linus')!.elo)).toBeGreaterThan(985);
      await post(
        '/v1/boards/speed/scores',
        { player: { name: 'Linus', custom: true }, score: 800 },
        'after-upgrade-2',
      );
      expect((await get('/v1/boards/speed/entries')).map(scoreStanding)).toEqual([
        [1, 'Linus', 800, 1],
        [2, 'Grace', 700, 1],
        [3, 'Ada', 650, 2],
      ]);
      await post(
        '/v1/boards/league/matches',
        {
          team1: [{ name: 'Linus', custom: true }],
          team2: [{ name: 'Grace', custom: true }],
          team1_score: 2,
          team2_score: 0,
        },
        'after-upgrade-3',
      );
      expect((await get('/v1/boards/league/entries')).map(standing)).toEqual([
        [1, 'Ada', 6, 2, 0, 0],
        [2, 'Linus', 4, 1, 1, 1],
        [3, 'Grace', 1, 0, 1, 2],
      ]);
      // The ladder's history holds the old matches (written by the old release, or replayed by
      // the history migration's backfill) and the new one.
      const history: Row[] = await tally.ctx.repos.db.dataSource.query(
        `SELECT h.player_id FROM entry_history h JOIN boards b ON b.pk = h.board_pk
         WHERE b.public_id = 'ladder' AND h.kind = 'match'`,
      );
      expect(history).toHaveLength(10);
      // The public pages read them too.
      const page = await fetch(`${tally.url}/boards/${encodeURIComponent(owner)}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Old Ladder');
    },
    120_000,
  );
});
