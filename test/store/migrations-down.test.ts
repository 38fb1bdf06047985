import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations';
import { EntryHistory1733300000000 } from '../../migrations/1733300000000-entry-history';
import { StartupError, loadConfig, type DatabaseConfig } from '../../src/config';
import { createDataSource, openDatabase } from '../../src/store/data-source';
import {
  migrateDown,
  migrationStatus,
  planDown,
  readSchema,
  type Schema,
} from '../../src/store/migrations';
import { backendName, type TestDatabase } from '../support/backends';
import { createSharedDatabase } from '../support/shared-database';

/**
 * Issue 30 item 4: every migration's `down` brings back exactly the schema the migrations before
 * it built (tables, columns with type, nullability and default, indexes with their columns, as
 * the database's own catalog lists them), one step at a time down to an empty database, and the
 * way up again builds the same schema as the first time.
 */
const STEP_TIMEOUT_MS = 240_000;

async function opened<T>(
  database: DatabaseConfig,
  count: number,
  run: (ds: DataSource) => Promise<T>,
) {
  const ds = createDataSource(database, migrations.slice(0, count));
  await ds.initialize();
  try {
    return await run(ds);
  } finally {
    await ds.destroy();
  }
}

describe(`every migration's down (${backendName})`, () => {
  let db: TestDatabase;
  let database: DatabaseConfig;
  /** The schema after the first k migrations, k = 0 … all. */
  const built: Schema[] = [];

  beforeAll(async () => {
    db = await createSharedDatabase('tally-migrations-');
    database = loadConfig({ DATABASE_URL: db.url }).database;
    for (let k = 0; k <= migrations.length; k++)
      built.push(
        await opened(database, k, async (ds) => {
          await ds.runMigrations({ transaction: 'each' });
          return readSchema(ds);
        }),
      );
  }, STEP_TIMEOUT_MS);
  afterAll(async () => {
    await db?.drop();
  });

  it('reads a whole schema from the catalog (the comparison below compares something)', () => {
    expect(built[0]).toEqual({});
    const full = built[migrations.length]!;
    expect(Object.keys(full)).toEqual(
      expect.arrayContaining(['boards', 'entries', 'entry_history', 'images']),
    );
    expect(full.boards!.columns.join('\n')).toMatch(/^medals /m);
    expect(full.entries!.indexes.join('\n')).toContain(
      'ix_entries_board_pk_rank_key_player_id_covering (board_pk, rank_key, player_id, player_name',
    );
    // Every migration changes the schema, so a down that does nothing cannot pass.
    for (let k = 1; k <= migrations.length; k++)
      expect(built[k], migrations[k - 1]!.name).not.toEqual(built[k - 1]);
  });

  it(
    'undoes one migration at a time, each leaving the schema the migrations before it built, then migrates up again',
    async () => {
      await opened(database, migrations.length, async (ds) => {
        for (let k = migrations.length; k > 0; k--) {
          await ds.undoLastMigration({ transaction: 'each' });
          expect(await readSchema(ds), `down of ${migrations[k - 1]!.name}`).toEqual(built[k - 1]);
        }
        const applied = await ds.runMigrations({ transaction: 'each' });
        expect(applied.map((m) => m.name)).toEqual(migrations.map((m) => m.name));
        expect(await readSchema(ds)).toEqual(built[migrations.length]);
      });
    },
    STEP_TIMEOUT_MS,
  );

  it('plans a down by what it drops, with the rows each holds, and does it; status tells applied from pending', async () => {
    const last = migrations.at(-1)!.name;
    const T0 = "'2026-11-01 12:00:00.000'";
    await opened(database, migrations.length, (ds) =>
      ds.query(
        `INSERT INTO boards (owner_id, public_id, display_name, type, sort, team_size, fixed_teams,
           free_for_all, validation_window_hours, created_at)
         VALUES ('guild:100000000000000001', 'ladder', 'Ladder', 'ELO', 'desc', 1, 0, 0, 0, ${T0})`,
      ),
    );
    const plan = await planDown(database, 1);
    expect(plan.undo).toEqual([last]);
    expect(plan.lost).toEqual(
      expect.arrayContaining([
        { table: 'owners', column: 'language', rows: 0 },
        { table: 'owners', column: 'discord_locale', rows: 0 },
      ]),
    );
    expect(plan.lost).toHaveLength(2);
    const previews = await planDown(database, 2);
    expect(previews.lost).toEqual(
      expect.arrayContaining([{ table: 'evidence_previews', rows: 0 }]),
    );
    expect(previews.lost).toHaveLength(3);
    const versions = await planDown(database, 3);
    expect(versions.lost).toEqual(
      expect.arrayContaining([
        { table: 'boards', column: 'version', rows: 1 },
        { table: 'evidence_previews', rows: 0 },
      ]),
    );
    expect(versions.lost).toHaveLength(4);
    const queues = await planDown(database, 4);
    expect(queues.lost).toEqual(
      expect.arrayContaining(
        ['queues', 'queue_waits', 'queue_matches', 'queue_players'].map((table) => ({
          table,
          rows: 0,
        })),
      ),
    );
    expect(queues.lost).toHaveLength(8);
    const avatars = await planDown(database, 5);
    expect(avatars.lost).toEqual(
      expect.arrayContaining([
        { table: 'member_avatars', rows: 0 },
        { table: 'owners', column: 'icon', rows: 0 },
      ]),
    );
    expect(avatars.lost).toHaveLength(10);
    const two = await planDown(database, 6);
    expect(two.lost).toEqual(
      expect.arrayContaining(
        ['medals', 'show_record', 'show_submissions', 'standings_size'].map((column) => ({
          table: 'boards',
          column,
          rows: 1,
        })),
      ),
    );
    // Undoing the web sessions too drops two tables (rows counted) and the private flag.
    const three = await planDown(database, 8);
    expect(three.undo).toEqual(
      migrations
        .slice(-8)
        .reverse()
        .map((m) => m.name),
    );
    expect(three.lost).toEqual(
      expect.arrayContaining([
        { table: 'web_sessions', rows: 0 },
        { table: 'web_sign_ins', rows: 0 },
        { table: 'boards', column: 'private', rows: 1 },
      ]),
    );
    await expect(planDown(database, migrations.length + 1)).rejects.toThrow(
      `the database has ${migrations.length} migrations applied; cannot undo ${migrations.length + 1}`,
    );

    expect(await migrateDown(database, 2)).toEqual(
      migrations
        .slice(-2)
        .reverse()
        .map((m) => m.name),
    );
    expect(await migrationStatus(database)).toEqual({
      applied: migrations.slice(0, -2).map((m) => m.name),
      pending: migrations.slice(-2).map((m) => m.name),
      unknown: [],
    });
    expect(await opened(database, migrations.length, readSchema)).toEqual(
      built[migrations.length - 2],
    );
    // The board kept its row; the way up gives it the later columns' defaults.
    const ds = await openDatabase(database);
    try {
      const rows: { public_id: string; medals: unknown }[] = await ds.query(
        'SELECT public_id, medals FROM boards',
      );
      expect(rows.map((r) => [r.public_id, Number(r.medals)])).toEqual([['ladder', 1]]);
      await ds.query('DELETE FROM boards');
    } finally {
      await ds.destroy();
    }
  });

  it('keeps decay and season changes through the entry history down (entry_changes) and back up', async () => {
    const T = (m: number) => `'2026-11-01 12:0${m}:00.000'`;
    await opened(database, migrations.length, async (ds) => {
      await ds.query(
        `INSERT INTO boards (owner_id, public_id, display_name, type, sort, team_size, fixed_teams,
           free_for_all, validation_window_hours, start_rating, k_factor, created_at)
         VALUES ('guild:100000000000000002', 'elo', 'Elo', 'ELO', 'desc', 1, 0, 0, 0, 1000, 32, ${T(0)})`,
      );
      const boards: { pk: number }[] = await ds.query(
        "SELECT pk FROM boards WHERE public_id = 'elo'",
      );
      const pk = boards[0]!.pk;
      await ds.query(
        `INSERT INTO entries (board_pk, player_id, player_name, elo, rank_key) VALUES (?, 'chat:1', 'One', 990, -990)`,
        [pk],
      );
      // One applied match (chat:1 beat chat:2, ±16), then chat:1 decayed by 10.
      await ds.query(
        `INSERT INTO matches (board_pk, number, winner, status, submitted_at, reviewed_by)
         VALUES (?, 1, 'team1', 'approved', ${T(1)}, 'auto')`,
        [pk],
      );
      const [match] = (await ds.query('SELECT pk FROM matches WHERE board_pk = ?', [pk])) as {
        pk: number;
      }[];
      await ds.query(
        `INSERT INTO match_participants (match_pk, side, position, board_pk, match_number, player_id,
           player_name, elo_before, elo_delta)
         VALUES (?, 1, 0, ?, 1, 'chat:1', 'One', 1000, 16), (?, 2, 0, ?, 1, 'chat:2', 'Two', 1000, -16)`,
        [match!.pk, pk, match!.pk, pk],
      );
      await ds.query(
        `INSERT INTO entry_history (board_pk, player_id, at, value, delta, kind, ref, cause)
         VALUES (?, 'chat:1', ${T(1)}, 1016, NULL, 'match', 1, 'Match #1'),
                (?, 'chat:2', ${T(1)}, 984, NULL, 'match', 1, 'Match #1'),
                (?, 'chat:1', ${T(2)}, 1006, -10, 'decay', NULL, 'inactive for 14 days')`,
        [pk, pk, pk],
      );
      const undo = migrations.length - migrations.indexOf(EntryHistory1733300000000);
      for (let i = 0; i < undo; i++) await ds.undoLastMigration({ transaction: 'each' });
      const kept: { delta: number | string; cause: string }[] = await ds.query(
        'SELECT delta, cause FROM entry_changes WHERE board_pk = ? ORDER BY pk',
        [pk],
      );
      expect(kept.map((r) => [Number(r.delta), r.cause])).toEqual([[-10, 'inactive for 14 days']]);
      await ds.runMigrations({ transaction: 'each' });
      // The match rows are rebuilt from the match, the decay from entry_changes.
      const back: Record<string, string | number>[] = await ds.query(
        'SELECT player_id, kind, value, delta, cause FROM entry_history WHERE board_pk = ? ORDER BY pk',
        [pk],
      );
      expect(
        back.map((r) => [r.player_id, r.kind, Number(r.value), r.delta ?? null, r.cause]),
      ).toEqual([
        ['chat:1', 'match', 1016, null, 'Match #1'], // a first value has no change before it
        ['chat:2', 'match', 984, null, 'Match #1'],
        ['chat:1', 'decay', 1006, expect.anything(), 'inactive for 14 days'],
      ]);
      expect(Number(back[2]!.delta)).toBe(-10);
    });
  });

  it('refuses to open a database a newer Tally migrated, naming both versions and the ways out', async () => {
    await opened(database, migrations.length, (ds) =>
      ds.query(
        "INSERT INTO migrations (timestamp, name) VALUES (1799000000000, 'SomethingNew1799000000000')",
      ),
    );
    try {
      const refusal = openDatabase(database);
      await expect(refusal).rejects.toBeInstanceOf(StartupError);
      await expect(refusal).rejects.toThrow(
        `DATABASE_URL: the database was migrated by a newer Tally: it is at SomethingNew1799000000000, this Tally knows up to ${migrations.at(-1)!.name}; upgrade Tally, or roll the database back first with the newer release's \`tally migrate down 1 --yes\``,
      );
      expect((await migrationStatus(database)).unknown).toEqual(['SomethingNew1799000000000']);
      await expect(migrateDown(database, 1)).rejects.toBeInstanceOf(StartupError);
      // Nothing ran: the schema is as it was.
      expect(await opened(database, migrations.length, readSchema)).toEqual(
        built[migrations.length],
      );
    } finally {
      await opened(database, migrations.length, (ds) =>
        ds.query("DELETE FROM migrations WHERE name = 'SomethingNew1799000000000'"),
      );
    }
  });
});
