import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { dialectOf, openDatabase } from '../../src/store/data-source';
import { migrations } from '../../migrations';
import { RankCountsAndQueueIndex1732400000000 } from '../../migrations/1732400000000-rank-counts-and-queue-index';
import {
  backendName,
  createTestDatabase,
  mysqlServerUrl,
  type TestDatabase,
} from '../support/backends';

/**
 * The one set of hand-written migrations (DESIGN.md 2, 5) on this run's database: the schema it
 * builds, the unique indexes that guard ids and keys, down/up, and byte-for-byte id comparison.
 */
const SCHEMA: Record<string, { primary: string[]; columns: string[] }> = {
  owners: { primary: ['id'], columns: ['name', 'api_access', 'created_at'] },
  api_keys: {
    primary: ['id'],
    columns: ['owner_id', 'type', 'scopes', 'label', 'hash', 'suffix', 'created_at', 'revoked_at'],
  },
  boards: {
    primary: ['pk'],
    columns: [
      'owner_id',
      'public_id',
      'display_name',
      'type',
      'sort',
      'team_size',
      'evidence_required',
      'review_mode',
      'confirm_window_hours',
      'confirm_on_silence',
    ],
  },
  teams: { primary: ['pk'], columns: ['board_pk', 'name', 'created_at'] },
  entries: {
    primary: ['board_pk', 'player_id'],
    columns: ['player_name', 'score', 'elo', 'rank_key', 'wins', 'draws', 'losses', 'last_sub'],
  },
  matches: {
    primary: ['pk'],
    columns: ['board_pk', 'number', 'winner', 'team1_score', 'team2_score', 'status'],
  },
  match_participants: {
    primary: ['match_pk', 'side', 'position'],
    columns: ['board_pk', 'match_number', 'player_id', 'elo_before', 'elo_delta'],
  },
  scores: { primary: ['pk'], columns: ['board_pk', 'player_id', 'score', 'status'] },
  submissions: {
    primary: ['id'],
    columns: [
      'owner_id',
      'board_pk',
      'kind',
      'payload',
      'status',
      'queued_at',
      'attempts',
      'review_state',
      'review_message_id',
      'confirm_state',
      'confirm_by',
      'confirm_due_at',
      'confirm_channel_id',
      'confirm_message_id',
      'confirm_message_state',
      'evidence_link',
      'evidence_file_url',
      'evidence_file_kind',
      'notice_state',
    ],
  },
  idempotency_records: {
    primary: ['pk'],
    columns: ['owner_id', 'idempotency_key', 'fingerprint', 'state', 'locked_until'],
  },
  entry_rank_counts: { primary: ['board_pk', 'level', 'bucket'], columns: ['n'] },
  review_blocks: { primary: ['board_pk'], columns: ['reason', 'since', 'probe_at'] },
  schedules: { primary: ['kind', 'subject'], columns: ['due_at'] },
  decay_rules: {
    primary: ['board_pk'],
    columns: ['amount', 'percent', 'after_days', 'every_hours', 'floor', 'since', 'role_floor'],
  },
  entry_history: {
    primary: ['pk'],
    columns: ['board_pk', 'player_id', 'at', 'value', 'delta', 'kind', 'ref', 'cause'],
  },
  live_standings: {
    primary: ['board_pk'],
    columns: ['channel_id', 'message_id', 'digest', 'updated_at'],
  },
  seasons: {
    primary: ['pk'],
    columns: [
      'board_pk',
      'number',
      'name',
      'started_at',
      'ends_at',
      'ended_at',
      'reset',
      'soft_percent',
      'channel_id',
      'top_n',
      'repeats',
    ],
  },
  season_standings: {
    primary: ['season_pk', 'player_id'],
    columns: ['player_name', 'final_rank', 'value', 'wins', 'draws', 'losses', 'submissions'],
  },
  rank_roles: {
    primary: ['pk'],
    columns: ['board_pk', 'role_id', 'kind', 'threshold', 'keep_to', 'problem'],
  },
  rank_role_settings: { primary: ['board_pk'], columns: ['min_games', 'stack'] },
  rank_role_grants: { primary: ['board_pk', 'player_id', 'role_id'], columns: ['at'] },
  corrections: {
    primary: ['pk'],
    columns: ['board_pk', 'match_pk', 'score_pk', 'action', 'result_before', 'result_after'],
  },
  audit_channels: { primary: ['owner_id'], columns: ['channel_id', 'set_by', 'set_at'] },
  audit_events: {
    primary: ['pk'],
    columns: ['owner_id', 'at', 'line', 'state', 'attempts', 'retry_at', 'nonce', 'channel_id'],
  },
};
const TABLES = Object.keys(SCHEMA);
const T0 = "'2026-11-01 12:00:00.000'";

describe(`migrations (${backendName})`, () => {
  let db: TestDatabase;
  let ds: DataSource;
  const mysql = () => dialectOf(ds) === 'mysql';

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await openDatabase(loadConfig({ DATABASE_URL: db.url }).database);
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  async function tableNames(): Promise<string[]> {
    const runner = ds.createQueryRunner();
    try {
      const present: string[] = [];
      for (const name of TABLES) if (await runner.hasTable(name)) present.push(name);
      return present;
    } finally {
      await runner.release();
    }
  }

  async function appliedMigrations(): Promise<string[]> {
    const rows: { name: string }[] = await ds.query('SELECT name FROM migrations ORDER BY id');
    return rows.map((r) => r.name);
  }

  const refused = (sql: string) => expect(ds.query(sql)).rejects.toThrow(/unique|duplicate/i);

  it('creates every table with its primary key and key columns', async () => {
    const runner = ds.createQueryRunner();
    try {
      for (const [name, expected] of Object.entries(SCHEMA)) {
        const table = await runner.getTable(name);
        expect(table, name).toBeDefined();
        const columns = table!.columns.map((c) => c.name);
        expect(columns, name).toEqual(
          expect.arrayContaining([...expected.primary, ...expected.columns]),
        );
        const primary = table!.columns.filter((c) => c.isPrimary).map((c) => c.name);
        expect(primary.sort(), `${name} primary key`).toEqual([...expected.primary].sort());
      }
    } finally {
      await runner.release();
    }
    expect(await appliedMigrations()).toEqual(migrations.map((m) => m.name));
  });

  it('declares the unique and keyset indexes by name', async () => {
    const runner = ds.createQueryRunner();
    try {
      const indices = async (table: string) =>
        Object.fromEntries(
          (await runner.getTable(table))!.indices.map((i) => [
            i.name,
            { columns: i.columnNames, unique: i.isUnique },
          ]),
        );
      expect(await indices('boards')).toMatchObject({
        ix_boards_owner_id_public_id: { columns: ['owner_id', 'public_id'], unique: true },
      });
      expect(await indices('api_keys')).toMatchObject({
        ix_api_keys_hash: { columns: ['hash'], unique: true },
      });
      expect(await indices('idempotency_records')).toMatchObject({
        ix_idempotency_records_owner_id_idempotency_key: {
          columns: ['owner_id', 'idempotency_key'],
          unique: true,
        },
      });
      expect(await indices('matches')).toMatchObject({
        ix_matches_board_pk_number: { columns: ['board_pk', 'number'], unique: true },
      });
      // Issue 3: the keyset index covers every column a page reads (no table lookup per row).
      const entries = await indices('entries');
      expect(entries).toMatchObject({
        ix_entries_board_pk_rank_key_player_id_covering: {
          columns: [
            'board_pk',
            'rank_key',
            'player_id',
            'player_name',
            'score',
            'elo',
            'wins',
            'draws',
            'losses',
            'submissions',
            'last_sub',
          ],
          unique: false,
        },
      });
      expect(entries).not.toHaveProperty('ix_entries_board_pk_rank_key_player_id');
    } finally {
      await runner.release();
    }
  });

  it('refuses a second board with the same (owner_id, public_id), not the same id elsewhere', async () => {
    const board = (owner: string, id: string) =>
      `INSERT INTO boards (owner_id, public_id, display_name, type, sort, team_size, fixed_teams,
         free_for_all, validation_window_hours, created_at)
       VALUES ('${owner}', '${id}', 'x', 'ELO', 'desc', 1, 0, 0, 24, ${T0})`;
    await ds.query(board('guild:100000000000000001', 'twin'));
    await refused(board('guild:100000000000000001', 'twin'));
    await ds.query(board('guild:100000000000000002', 'twin'));
    const rows: unknown[] = await ds.query("SELECT pk FROM boards WHERE public_id = 'twin'");
    expect(rows).toHaveLength(2);
  });

  it('refuses a second api key with the same hash', async () => {
    const key = (owner: string) =>
      `INSERT INTO api_keys (owner_id, type, scopes, label, hash, suffix, created_at)
       VALUES ('${owner}', 'live', 'boards:read', '', '${'ab'.repeat(32)}', 'abcd', ${T0})`;
    await ds.query(key('guild:100000000000000001'));
    await refused(key('guild:100000000000000002'));
  });

  it('refuses a duplicate (owner_id, idempotency_key), not the same key for another owner', async () => {
    const record = (owner: string) =>
      `INSERT INTO idempotency_records (owner_id, idempotency_key, fingerprint, state, locked_until, created_at)
       VALUES ('${owner}', 'retry-1', '${'0'.repeat(64)}', 'in_flight', ${T0}, ${T0})`;
    await ds.query(record('guild:100000000000000001'));
    await refused(record('guild:100000000000000001'));
    await ds.query(record('guild:100000000000000002'));
  });

  it('refuses a second entry for the same (board_pk, player_id) and a second match number', async () => {
    const entry = `INSERT INTO entries (board_pk, player_id, player_name, rank_key)
                   VALUES (1, 'chat:1', 'One', 0)`;
    await ds.query(entry);
    await refused(entry);
    const match = `INSERT INTO matches (board_pk, number, status, submitted_at)
                   VALUES (1, 1, 'pending', ${T0})`;
    await ds.query(match);
    await refused(match);
  });

  it('compares player and board ids byte for byte: a, A and "a " are distinct, B sorts before a', async () => {
    for (const id of ['a', 'A', 'B', 'b', 'a '])
      await ds.query(
        `INSERT INTO entries (board_pk, player_id, player_name, rank_key) VALUES (7, '${id}', '${id}', 0)`,
      );
    const ordered: { player_id: string }[] = await ds.query(
      'SELECT player_id FROM entries WHERE board_pk = 7 ORDER BY player_id',
    );
    expect(ordered.map((r) => r.player_id)).toEqual(['A', 'B', 'a', 'a ', 'b']);
    const lower: unknown[] = await ds.query(
      "SELECT player_id FROM entries WHERE board_pk = 7 AND player_id = 'a'",
    );
    expect(lower).toHaveLength(1);

    const board = (id: string) =>
      `INSERT INTO boards (owner_id, public_id, display_name, type, sort, team_size, fixed_teams,
         free_for_all, validation_window_hours, created_at)
       VALUES ('guild:100000000000000009', '${id}', 'x', 'ELO', 'desc', 1, 0, 0, 24, ${T0})`;
    await ds.query(board('Ladder'));
    await ds.query(board('ladder'));
    await ds.query(board('ladder '));
    await ds.query(board('lädder'));
    const boards: { public_id: string }[] = await ds.query(
      "SELECT public_id FROM boards WHERE owner_id = 'guild:100000000000000009' ORDER BY public_id",
    );
    expect(boards.map((r) => r.public_id)).toEqual(['Ladder', 'ladder', 'ladder ', 'lädder']);
  });

  it('runs the keyset page of entries on the (board_pk, rank_key, player_id) index, without a sort', async () => {
    // Enough rows over several boards that a full scan is not the cheaper plan.
    const values: string[] = [];
    for (let board = 100; board < 104; board++)
      for (let i = 0; i < 300; i++)
        values.push(`(${board}, 'p${i}', 'P${i}', ${(i * 7919) % 1000}, ${-((i * 7919) % 1000)})`);
    await ds.query(
      `INSERT INTO entries (board_pk, player_id, player_name, score, rank_key) VALUES ${values.join(',')}`,
    );
    const page =
      'SELECT board_pk, player_id, player_name, score, elo, rank_key, wins, draws, losses, submissions, last_sub ' +
      'FROM entries WHERE board_pk = ? ORDER BY rank_key, player_id LIMIT 50';
    if (mysql()) {
      await ds.query('ANALYZE TABLE entries');
      const plan: { key: string | null; Extra: string | null }[] = await ds.query(
        `EXPLAIN ${page}`,
        [101],
      );
      expect(plan).toHaveLength(1);
      expect(plan[0]!.key).toBe('ix_entries_board_pk_rank_key_player_id_covering');
      expect(plan[0]!.Extra ?? '').not.toMatch(/filesort/i);
      expect(plan[0]!.Extra ?? '').toMatch(/Using index/i);
    } else {
      const plan: { detail: string }[] = await ds.query(`EXPLAIN QUERY PLAN ${page}`, [101]);
      const details = plan.map((p) => p.detail).join('\n');
      expect(details).toContain('COVERING INDEX ix_entries_board_pk_rank_key_player_id_covering');
      expect(details).not.toMatch(/TEMP B-TREE/i);
    }
    const rows: { rank_key: number | string; player_id: string }[] = await ds.query(page, [101]);
    expect(rows).toHaveLength(50);
    const keys = rows.map((r) => Number(r.rank_key));
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
  });

  it('undoes the rank counters, then migrates up again and refills them from the entries', async () => {
    // Its own board of 300 entries (the test passes alone and in any order).
    const values = Array.from({ length: 300 }, (_, i) => `(201, 'p${i}', 'P${i}', ${i}, ${-i})`);
    await ds.query(
      `INSERT INTO entries (board_pk, player_id, player_name, score, rank_key) VALUES ${values.join(',')}`,
    );
    // The review-message columns, the covering entries index, the review blocks, the schedules,
    // decay, live standings, seasons, rank roles and entry history came after the rank counters:
    // undo them all (the covering index's down brings the plain keyset index back).
    const later = migrations.length - 1 - migrations.indexOf(RankCountsAndQueueIndex1732400000000);
    for (let i = 0; i <= later; i++) await ds.undoLastMigration({ transaction: 'each' });
    expect(await tableNames()).toEqual(
      TABLES.filter(
        (t) =>
          ![
            'entry_rank_counts',
            'review_blocks',
            'schedules',
            'decay_rules',
            'entry_history',
            'live_standings',
            'seasons',
            'season_standings',
            'rank_roles',
            'rank_role_settings',
            'rank_role_grants',
            'corrections',
            'audit_channels',
            'audit_events',
          ].includes(t),
      ),
    );
    expect(await appliedMigrations()).toEqual(migrations.map((m) => m.name).slice(0, -later - 1));

    const applied = await ds.runMigrations({ transaction: 'each' });
    expect(applied.map((m) => m.name)).toEqual(migrations.slice(-later - 1).map((m) => m.name));
    expect(await tableNames()).toEqual(TABLES);
    // Board 201's 300 entries: every level of its tree counts all of them.
    const levels: { level: number; total: number | string }[] = await ds.query(
      'SELECT level, SUM(n) AS total FROM entry_rank_counts WHERE board_pk = 201 GROUP BY level ORDER BY level',
    );
    expect(levels.map((l) => [Number(l.level), Number(l.total)])).toEqual(
      [0, 1, 2, 3, 4, 5].map((level) => [level, 300]),
    );
  });

  it('undoes every migration (every table dropped), then migrates up again', async () => {
    for (let i = 0; i < migrations.length; i++) await ds.undoLastMigration({ transaction: 'each' });
    expect(await tableNames()).toEqual([]);
    expect(await appliedMigrations()).toEqual([]);

    const applied = await ds.runMigrations({ transaction: 'each' });
    expect(applied.map((m) => m.name)).toEqual(migrations.map((m) => m.name));
    expect(await tableNames()).toEqual(TABLES);
    // The schema is whole again: its unique indexes still refuse duplicates.
    const key = `INSERT INTO api_keys (owner_id, type, scopes, label, hash, suffix, created_at)
                 VALUES ('guild:100000000000000001', 'live', 'boards:read', '', 'h', 'abcd', ${T0})`;
    await ds.query(key);
    await refused(key);
  });

  it('running the migrations again is a no-op', async () => {
    const before = await appliedMigrations();
    expect(await ds.showMigrations()).toBe(false);
    expect(await ds.runMigrations({ transaction: 'each' })).toEqual([]);
    expect(await appliedMigrations()).toEqual(before);
    // openDatabase on an up-to-date database (what every CLI command does) changes nothing either.
    if (mysql()) {
      const again = await openDatabase(loadConfig({ DATABASE_URL: db.url }).database);
      try {
        expect(await again.query('SELECT name FROM migrations ORDER BY id')).toEqual(
          before.map((name) => ({ name })),
        );
      } finally {
        await again.destroy();
      }
    }
    expect(await tableNames()).toEqual(TABLES);
  });
});

/** Only MariaDB has per-column collations to check; SQLite compares text as bytes by default. */
describe.each(mysqlServerUrl ? ['mariadb'] : [])('%s column collations', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await openDatabase(loadConfig({ DATABASE_URL: db.url }).database);
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  // utf8mb4_bin, or its NO PAD twin, which also keeps trailing spaces significant.
  const BINARY = /^utf8mb4_(nopad_)?bin$/;

  it('declares ids with a binary collation and names utf8mb4_unicode_ci', async () => {
    const rows: { TABLE_NAME: string; COLUMN_NAME: string; COLLATION_NAME: string }[] =
      await ds.query(
        `SELECT TABLE_NAME, COLUMN_NAME, COLLATION_NAME FROM information_schema.COLUMNS
         WHERE TABLE_SCHEMA = DATABASE() AND COLLATION_NAME IS NOT NULL`,
      );
    const collation = (table: string, column: string) =>
      rows.find((r) => r.TABLE_NAME === table && r.COLUMN_NAME === column)?.COLLATION_NAME;
    expect(collation('entries', 'player_id')).toMatch(BINARY);
    expect(collation('boards', 'public_id')).toMatch(BINARY);
    expect(collation('match_participants', 'player_id')).toMatch(BINARY);
    expect(collation('scores', 'player_id')).toMatch(BINARY);
    expect(collation('api_keys', 'hash')).toMatch(BINARY);
    expect(collation('idempotency_records', 'idempotency_key')).toMatch(BINARY);
    expect(collation('entries', 'player_name')).toBe('utf8mb4_unicode_ci');
  });
});
