import type { DataSource } from 'typeorm';
import { migrations } from '../../migrations';
import type { DatabaseConfig } from '../config';
import { TallyError } from '../domain/errors';
import {
  appliedMigrationNames,
  createDataSource,
  dialectOf,
  refuseUnknownMigrations,
} from './data-source';

/**
 * The schema's version for `tally migrate status|down`: which migrations the database has, and
 * undoing the newest ones. Opened without migrating (status must not apply what it reports).
 */
export interface MigrationStatus {
  applied: string[];
  pending: string[];
  /** Applied by a newer (or another) release: this code cannot run on the database. */
  unknown: string[];
}

/** A table or column the older schema does not have, with the rows it holds now. */
export interface Loss {
  table: string;
  column?: string;
  rows: number;
}

export interface DownPlan {
  /** Newest first, as they are undone. */
  undo: string[];
  lost: Loss[];
  /** What a down keeps or a later up rebuilds, where that is more than "dropped". */
  notes: string[];
}

/**
 * What a down means for data: the older schema, so what only the newer release stored (its
 * tables, its columns) is dropped with its rows; rows of tables both know are kept. Where a
 * migration moved data, its down moves back what the older release kept, and these say so.
 */
const NOTES: Record<string, string> = {
  RankCountsAndQueueIndex1732400000000:
    'the rank counters are derived: migrating up again rebuilds them from the entries',
  EntryHistory1733300000000:
    'entry history: decay and season changes go back to entry_changes; migrating up again rebuilds the history of results from the matches and scores',
  Contests1733900000000:
    'contest entries, votes, reports and their images are deleted for good (a backup keeps them)',
};

/** A database's tables as its catalog describes them (columns, indexes), the migrations table aside. */
export type Schema = Record<string, { columns: string[]; indexes: string[] }>;

async function opened<T>(database: DatabaseConfig, run: (ds: DataSource) => Promise<T>) {
  const ds = createDataSource(database);
  await ds.initialize();
  try {
    return await run(ds);
  } finally {
    await ds.destroy();
  }
}

export function migrationStatus(database: DatabaseConfig): Promise<MigrationStatus> {
  return opened(database, async (ds) => {
    const applied = await appliedMigrationNames(ds);
    const known = migrations.map((m) => m.name);
    return {
      applied: applied.filter((name) => known.includes(name)),
      pending: known.filter((name) => !applied.includes(name)),
      unknown: applied.filter((name) => !known.includes(name)),
    };
  });
}

/**
 * What undoing the newest `n` migrations would drop: the same steps run on a scratch in-memory
 * SQLite database (the migrations are portable), its catalog compared before and after, and the
 * rows counted in the real database.
 */
export function planDown(database: DatabaseConfig, n: number): Promise<DownPlan> {
  return opened(database, async (ds) => {
    await refuseUnknownMigrations(ds);
    const applied = await appliedMigrationNames(ds);
    refuseTooMany(applied, n);
    const known = migrations.filter((m) => applied.includes(m.name));
    const scratch = createDataSource({ kind: 'sqlite', path: ':memory:' }, known);
    await scratch.initialize();
    let before: Schema;
    let after: Schema;
    try {
      await scratch.runMigrations({ transaction: 'each' });
      before = await readSchema(scratch);
      for (let i = 0; i < n; i++) await scratch.undoLastMigration({ transaction: 'each' });
      after = await readSchema(scratch);
    } finally {
      await scratch.destroy();
    }
    const lost: Loss[] = [];
    const count = async (table: string) => {
      const rows: { n: number | string }[] = await ds.query(`SELECT COUNT(*) AS n FROM ${table}`);
      return Number(rows[0]?.n ?? 0);
    };
    for (const table of Object.keys(before).sort()) {
      const kept = after[table];
      if (!kept) {
        lost.push({ table, rows: await count(table) });
        continue;
      }
      const names = (s: string[]) => s.map((c) => c.split(' ')[0]!);
      const dropped = names(before[table]!.columns).filter((c) => !names(kept.columns).includes(c));
      if (dropped.length === 0) continue;
      const rows = await count(table);
      for (const column of dropped) lost.push({ table, column, rows });
    }
    const undo = applied.slice(-n).reverse();
    return { undo, lost, notes: undo.flatMap((name) => (NOTES[name] ? [NOTES[name]] : [])) };
  });
}

function refuseTooMany(applied: string[], n: number): void {
  if (n > applied.length)
    throw new TallyError(
      'invalid_request',
      `the database has ${applied.length} migration${applied.length === 1 ? '' : 's'} applied; cannot undo ${n}`,
    );
}

/** Undoes the newest `n` migrations, each in its own transaction; says which, newest first. */
export function migrateDown(database: DatabaseConfig, n: number): Promise<string[]> {
  return opened(database, async (ds) => {
    await refuseUnknownMigrations(ds);
    const applied = await appliedMigrationNames(ds);
    refuseTooMany(applied, n);
    const undone: string[] = [];
    for (let i = 0; i < n; i++) {
      await ds.undoLastMigration({ transaction: 'each' });
      undone.push(applied[applied.length - 1 - i]!);
    }
    return undone;
  });
}

/**
 * Tables, columns (name, type, nullability, default) and indexes (name, uniqueness, columns in
 * order) from sqlite_master and its pragmas, or MariaDB's information_schema. Column order is
 * left out: a column added back by a down lands last on MariaDB, and no query depends on it.
 */
export async function readSchema(ds: DataSource): Promise<Schema> {
  const skip = ds.options.migrationsTableName ?? 'migrations';
  const schema: Schema = {};
  if (dialectOf(ds) === 'mysql') {
    const cols: Record<string, string | null>[] = await ds.query(
      `SELECT TABLE_NAME t, COLUMN_NAME c, COLUMN_TYPE ty, IS_NULLABLE n, COLUMN_DEFAULT d,
         COLLATION_NAME co, EXTRA e
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME <> ?`,
      [skip],
    );
    for (const r of cols) {
      const table = (schema[r.t!] ??= { columns: [], indexes: [] });
      table.columns.push(
        `${r.c} ${r.ty} ${r.n === 'YES' ? 'null' : 'not null'} default=${r.d} ${r.co ?? ''} ${r.e ?? ''}`.trim(),
      );
    }
    const stats: Record<string, string | number>[] = await ds.query(
      `SELECT TABLE_NAME t, INDEX_NAME i, NON_UNIQUE nu, COLUMN_NAME c FROM information_schema.STATISTICS
       WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME <> ? ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
      [skip],
    );
    const indexes = new Map<string, { table: string; text: string }>();
    for (const r of stats) {
      const key = `${r.t}.${r.i}`;
      const seen = indexes.get(key);
      if (seen) seen.text = `${seen.text.slice(0, -1)}, ${r.c})`;
      else
        indexes.set(key, {
          table: String(r.t),
          text: `${r.i} ${Number(r.nu) ? '' : 'unique '}(${r.c})`,
        });
    }
    for (const { table, text } of indexes.values()) schema[table]?.indexes.push(text);
  } else {
    const tables: { name: string }[] = await ds.query(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> ?`,
      [skip],
    );
    for (const { name } of tables) {
      const cols: {
        name: string;
        type: string;
        notnull: number;
        dflt_value: unknown;
        pk: number;
      }[] = await ds.query('SELECT * FROM pragma_table_info(?)', [name]);
      const list: { name: string; unique: number; origin: string }[] = await ds.query(
        'SELECT * FROM pragma_index_list(?)',
        [name],
      );
      const indexes: string[] = [];
      for (const ix of list) {
        const on: { name: string }[] = await ds.query(
          'SELECT name FROM pragma_index_info(?) ORDER BY seqno',
          [ix.name],
        );
        // SQLite names a primary key's own index after the table's creation order: its origin says what it is.
        const label = ix.origin === 'c' ? ix.name : `(${ix.origin})`;
        indexes.push(`${label} ${ix.unique ? 'unique ' : ''}(${on.map((c) => c.name).join(', ')})`);
      }
      schema[name] = {
        columns: cols.map(
          (c) =>
            `${c.name} ${c.type} ${c.notnull ? 'not null' : 'null'} default=${String(c.dflt_value)}${c.pk ? ` pk${c.pk}` : ''}`,
        ),
        indexes,
      };
    }
  }
  for (const table of Object.values(schema)) {
    table.columns.sort();
    table.indexes.sort();
  }
  return Object.fromEntries(Object.entries(schema).sort(([a], [b]) => a.localeCompare(b)));
}
