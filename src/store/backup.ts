import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { createConnection, type Connection } from 'mysql2';
import type { QueryRunner } from 'typeorm';
import { entities } from '../../entities';
import { migrations } from '../../migrations';
import type { DatabaseConfig } from '../config';
import { TallyError } from '../domain/errors';
import { createDataSource, dialectOf, type Dialect } from './data-source';

/**
 * `tally backup` and `tally restore` (issue 30 item 3): one portable file for both databases, a
 * gzip'd NDJSON stream. Line 1 is the header; then, per table, a line `{"table","columns"}`
 * followed by one JSON array per row (a binary value, a contest image's bytes, as
 * `{"b64": …}`; datetimes as the UTC text 'YYYY-MM-DD HH:MM:SS.mmm' both databases store); the
 * last line, `{"end": true, "rows": {…}}`, tells a complete file from a cut one.
 *
 * The read is one consistent snapshot, taken while Tally serves writes: on MariaDB a single
 * REPEATABLE READ transaction started WITH CONSISTENT SNAPSHOT (InnoDB: no locks, writers go
 * on); on SQLite the online backup API copies every page in one step (one read transaction of
 * the WAL, writers go on) to a private file beside the output, which is then read at leisure,
 * so a long export never holds the live WAL back from its checkpoints.
 */
export const BACKUP_FORMAT = 'tally-backup';
export const BACKUP_VERSION = 1;

/** The little of better-sqlite3 (untyped here) a backup uses, on connections of its own. */
interface SqliteStatement {
  raw(on: boolean): SqliteStatement;
  columns(): { name: string }[];
  iterate(): Iterable<unknown>;
  all(): unknown[];
}
interface SqliteHandle {
  pragma(sql: string): unknown;
  prepare(sql: string): SqliteStatement;
  backup(file: string, opts: { progress: () => number }): Promise<unknown>;
  close(): void;
}
const SqliteDatabase = createRequire(import.meta.url)('better-sqlite3') as new (
  path: string,
  opts?: { fileMustExist?: boolean },
) => SqliteHandle;

const MIGRATIONS_TABLE = 'migrations';
/** Every table Tally has, parents first (entities/index.ts): the order rows are written and restored. */
const TABLES = entities.map((e) => e.options.tableName!);
const KNOWN = migrations.map((m) => m.name);

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: Dialect;
  /** The last migration the database had: the schema its rows have. */
  schema: string;
  migrations: string[];
  tables: string[];
  /** Per table with an auto-increment id, the next id it would give (never reused after a restore). */
  counters: Record<string, number>;
}

export interface BackupSummary {
  file: string;
  database: Dialect;
  schema: string;
  rows: Record<string, number>;
}

export interface RestoreSummary extends BackupSummary {
  /** The newest migration this Tally has: `tally serve` or `tally migrate` brings the database there. */
  latest: string;
  /** Tables of the file that are not Tally's (none the migrations make): not restored. */
  skipped: string[];
}

type Row = unknown[];
interface Source {
  dialect: Dialect;
  query<T>(sql: string): Promise<T[]>;
  /** SELECT * of one table: its column names, then its rows as arrays. */
  scan(table: string): Promise<{ columns: string[]; rows: AsyncIterable<Row> | Iterable<Row> }>;
}

const stampOf = (name: string) => Number(/(\d{13})$/.exec(name)?.[1] ?? 0);
const refuse = (detail: string) => new TallyError('invalid_request', detail);

// ---------------------------------------------------------------------------------- backup

/** Writes a backup of `database` to `file` (replaced only once the new one is complete). */
export async function writeBackup(database: DatabaseConfig, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  await access(dirname(file), constants.W_OK).catch((err: NodeJS.ErrnoException) => {
    throw refuse(`cannot write ${file} (${err.code}): its folder must exist and be writable`);
  });
  try {
    const rows =
      database.kind === 'sqlite'
        ? await backupSqlite(database.path, partial)
        : await backupMysql(database.url, partial);
    await rename(partial, file);
    return { file, ...rows };
  } finally {
    await rm(partial, { force: true });
  }
}

async function backupSqlite(path: string, out: string) {
  if (path === ':memory:') throw refuse('an in-memory SQLite database cannot be backed up');
  const copy = `${out}.sqlite`;
  const dropCopy = async () => {
    for (const suffix of ['', '-wal', '-shm']) await rm(`${copy}${suffix}`, { force: true });
  };
  await dropCopy(); // left by a backup that crashed
  const live = new SqliteDatabase(path, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    // The first step only counts pages; the second copies them all at once, so the copy is one
    // snapshot and is never restarted by the server's writes between steps.
    await live.backup(copy, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  const db = new SqliteDatabase(copy);
  try {
    return await exportSnapshot(
      {
        dialect: 'sqlite',
        query: <T>(sql: string) => Promise.resolve(db.prepare(sql).all() as T[]),
        scan(table) {
          const statement = db.prepare(`SELECT * FROM "${table}"`).raw(true);
          const columns = statement.columns().map((c) => c.name);
          return Promise.resolve({ columns, rows: statement.iterate() as Iterable<Row> });
        },
      },
      out,
    );
  } finally {
    db.close();
    await dropCopy();
  }
}

async function backupMysql(url: string, out: string) {
  const conn = createConnection({
    uri: url,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    charset: 'utf8mb4_unicode_ci',
  });
  conn.on('error', () => undefined); // a lost connection fails the query waiting on it
  const query = <T>(sql: string) =>
    new Promise<T[]>((resolve, reject) =>
      conn.query(sql, (err, rows) => (err ? reject(err) : resolve(rows as T[]))),
    );
  try {
    await query('SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ').catch((err: Error) => {
      throw refuse(`cannot connect to the database at DATABASE_URL: ${err.message}`);
    });
    await query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
    const summary = await exportSnapshot(
      { dialect: 'mysql', query, scan: (t) => scanMysql(conn, t) },
      out,
    );
    await query('COMMIT');
    return summary;
  } finally {
    await new Promise<void>((resolve) => conn.end(() => resolve()));
  }
}

async function scanMysql(conn: Connection, table: string) {
  const q = conn.query({ sql: `SELECT * FROM \`${table}\``, rowsAsArray: true });
  const fields = new Promise<string[]>((resolve, reject) => {
    q.once('fields', (f: { name: string }[]) => resolve(f.map((x) => x.name)));
    q.once('error', reject);
  });
  const rows = q.stream({ highWaterMark: 16 }) as AsyncIterable<Row> & NodeJS.ReadableStream;
  return { columns: await fields, rows };
}

async function exportSnapshot(source: Source, out: string) {
  const present = await tablesOf(source.dialect, source.query);
  if (!present.includes(MIGRATIONS_TABLE))
    throw refuse('the database has no Tally schema yet (run `tally migrate` first)');
  const applied = (
    await source.query<{ name: string }>(
      `SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY timestamp, id`,
    )
  ).map((r) => r.name);
  const unknown = applied.filter((name) => !KNOWN.includes(name));
  if (unknown.length > 0)
    throw refuse(
      `the database has migrations this Tally does not know (${unknown.join(', ')}); back it up with the Tally that migrated it`,
    );
  // Every table, not only the entities' (the migrations make some of their own, entry_rank_counts).
  const tables = inOrder(present);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    database: source.dialect,
    schema: applied.at(-1) ?? '',
    migrations: applied,
    tables,
    counters: await countersOf(source, tables),
  };
  const writer = new LineWriter(out);
  const rows: Record<string, number> = {};
  try {
    await writer.line(header);
    for (const table of tables) {
      const scan = await source.scan(table);
      await writer.line({ table, columns: scan.columns });
      let n = 0;
      for await (const row of scan.rows) {
        await writer.line(row.map(encodeValue));
        n++;
      }
      rows[table] = n;
    }
    await writer.line({ end: true, rows });
    await writer.end();
  } catch (err) {
    writer.abort();
    throw err;
  }
  return { database: source.dialect, schema: header.schema, rows };
}

/** The database's own tables (SQLite's internal ones and MariaDB's views aside). */
async function tablesOf(
  dialect: Dialect,
  query: <T>(sql: string) => Promise<T[]>,
): Promise<string[]> {
  const rows = await query<{ name: string }>(
    dialect === 'mysql'
      ? "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'"
      : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  );
  return rows.map((r) => r.name);
}

/** Parents first (the entities' order), then the tables of no entity, the migrations last. */
function inOrder(tables: readonly string[]): string[] {
  const rest = tables.filter((t) => !TABLES.includes(t) && t !== MIGRATIONS_TABLE).sort();
  const last = tables.includes(MIGRATIONS_TABLE) ? [MIGRATIONS_TABLE] : [];
  return [...TABLES.filter((t) => tables.includes(t)), ...rest, ...last];
}

async function countersOf(source: Source, tables: string[]): Promise<Record<string, number>> {
  const rows =
    source.dialect === 'mysql'
      ? await source.query<{ name: string; next: string | number | null }>(
          `SELECT TABLE_NAME AS name, AUTO_INCREMENT AS next FROM information_schema.TABLES
           WHERE TABLE_SCHEMA = DATABASE() AND AUTO_INCREMENT IS NOT NULL`,
        )
      : await source
          .query<{ name: string; next: number }>(
            "SELECT name, seq + 1 AS next FROM sqlite_sequence WHERE name <> 'migrations'",
          )
          .catch(() => []); // no sqlite_sequence before the first AUTOINCREMENT insert
  const counters: Record<string, number> = {};
  for (const r of rows)
    if (tables.includes(r.name) && r.name !== MIGRATIONS_TABLE && Number(r.next) > 1)
      counters[r.name] = Number(r.next);
  return counters;
}

function encodeValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Uint8Array) return { b64: Buffer.from(value).toString('base64') };
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString().replace('T', ' ').replace('Z', '');
  return value;
}

function decodeValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && 'b64' in value)
    return Buffer.from(String((value as { b64: unknown }).b64), 'base64');
  return value;
}

/** Lines into a gzip'd file, waiting for the disk when the buffers are full. */
class LineWriter {
  private readonly gzip = createGzip();
  private readonly done: Promise<void>;
  constructor(path: string) {
    this.done = pipeline(this.gzip, createWriteStream(path));
    this.done.catch(() => undefined);
  }
  async line(value: unknown): Promise<void> {
    if (!this.gzip.write(`${JSON.stringify(value)}\n`))
      await Promise.race([once(this.gzip, 'drain'), this.done]);
  }
  async end(): Promise<void> {
    this.gzip.end();
    await this.done;
  }
  abort(): void {
    this.gzip.destroy();
  }
}

// --------------------------------------------------------------------------------- restore

/** A backup's lines, in order: its header checked first, so a wrong file is refused before any change. */
async function openBackup(file: string) {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  const failed = new Promise<never>((_, reject) => {
    const fail = (err: NodeJS.ErrnoException) =>
      reject(
        String(err.code).startsWith('Z_')
          ? refuse(`${file} is not a Tally backup (not a gzip file)`)
          : refuse(`cannot read ${file} (${err.code ?? err.message})`),
      );
    input.once('error', fail);
    gunzip.once('error', fail);
  });
  failed.catch(() => undefined);
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity })[
    Symbol.asyncIterator
  ]();
  const next = async (): Promise<unknown> => {
    const got = await Promise.race([lines.next(), failed]);
    if (got.done) return undefined;
    try {
      return JSON.parse(got.value) as unknown;
    } catch {
      throw refuse(`${file} is not a Tally backup (a line is not JSON)`);
    }
  };
  const header = (await next()) as Partial<BackupHeader> | undefined;
  if (header?.format !== BACKUP_FORMAT)
    throw refuse(`${file} is not a Tally backup (no "${BACKUP_FORMAT}" header)`);
  if (header.version !== BACKUP_VERSION)
    throw refuse(
      `${file} is a Tally backup of format version ${header.version}; this Tally reads version ${BACKUP_VERSION}`,
    );
  const close = () => {
    input.destroy();
    gunzip.destroy();
  };
  return { header: header as BackupHeader, next, close };
}

/** The migrations that make the backup's schema, or why this Tally cannot restore it. */
function migrationsFor(header: BackupHeader) {
  const latest = KNOWN.at(-1)!;
  if (!KNOWN.includes(header.schema)) {
    if (stampOf(header.schema) > stampOf(latest))
      throw refuse(
        `this backup's schema is ${header.schema}, newer than this Tally's latest migration ${latest}: restore it with the Tally release that made it, or a newer one`,
      );
    throw refuse(
      `this backup's schema ${header.schema} is not a migration this Tally knows (its latest is ${latest})`,
    );
  }
  const upTo = migrations.slice(0, KNOWN.indexOf(header.schema) + 1);
  if (header.migrations.join() !== upTo.map((m) => m.name).join())
    throw refuse(
      `this backup's migrations (${header.migrations.join(', ')}) are not this Tally's up to ${header.schema}`,
    );
  return upTo;
}

/**
 * Restores `file` into `database`, which must hold no Tally rows (unless `force`: then Tally's
 * tables are dropped first, whatever they hold). Tally's tables are dropped and made again by
 * the migrations up to the backup's schema, the rows inserted in the file's order (parents
 * first) in one transaction, and the id counters set as the backup had them. The database is
 * left at the backup's schema; `tally serve` migrates it on.
 */
export async function readBackupInto(
  database: DatabaseConfig,
  file: string,
  opts: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const backup = await openBackup(file);
  try {
    const upTo = migrationsFor(backup.header);
    const ds = createDataSource(database);
    ds.setOptions({ migrations: upTo });
    await ds.initialize().catch((err: Error) => {
      throw refuse(`cannot open the database at DATABASE_URL: ${err.message}`);
    });
    try {
      const runner = ds.createQueryRunner();
      try {
        await clearTarget(runner, opts.force ?? false);
      } finally {
        await runner.release();
      }
      await ds.runMigrations({ transaction: 'each' });
      const loader = ds.createQueryRunner();
      try {
        const { rows, skipped } = await loadRows(loader, backup.header, backup.next);
        return {
          file,
          database: backup.header.database,
          schema: backup.header.schema,
          rows,
          skipped,
          latest: KNOWN.at(-1)!,
        };
      } finally {
        await loader.release();
      }
    } finally {
      await ds.destroy();
    }
  } finally {
    backup.close();
  }
}

const quote = (runner: QueryRunner, name: string) =>
  dialectOf(runner.connection) === 'mysql' ? `\`${name}\`` : `"${name}"`;

const tablesIn = (runner: QueryRunner) =>
  tablesOf(dialectOf(runner.connection), (sql) => runner.query(sql));

/** The database DATABASE_URL names is Tally's alone: every table in it is dropped. */
async function clearTarget(runner: QueryRunner, force: boolean) {
  const present = await tablesIn(runner);
  if (!force) {
    const full: string[] = [];
    for (const table of present) {
      if (table === MIGRATIONS_TABLE) continue;
      const any: unknown[] = await runner.query(`SELECT 1 FROM ${quote(runner, table)} LIMIT 1`);
      if (any.length > 0) full.push(table);
    }
    if (full.length > 0)
      throw refuse(
        `the database is not empty (${full.slice(0, 5).join(', ')}${full.length > 5 ? ', …' : ''} hold rows); restore into an empty database, or pass --force to drop every table in it first`,
      );
  }
  for (const table of present) await runner.query(`DROP TABLE ${quote(runner, table)}`);
}

/** At most this many values, and about this many bytes, in one INSERT. */
const BATCH_VALUES = 900;
const BATCH_BYTES = 4 * 1024 * 1024;

async function loadRows(
  runner: QueryRunner,
  header: BackupHeader,
  next: () => Promise<unknown>,
): Promise<{ rows: Record<string, number>; skipped: string[] }> {
  const mysql = dialectOf(runner.connection) === 'mysql';
  // The tables the migrations up to the backup's schema made: a table of the file not among
  // them (not Tally's, in the database backed up) is skipped.
  const made = (await tablesIn(runner)).filter((t) => t !== MIGRATIONS_TABLE);
  const rows: Record<string, number> = {};
  const skipped: string[] = [];
  let skip = false;
  await runner.startTransaction();
  try {
    let table: string | null = null;
    let insert = '';
    let batch: unknown[] = [];
    let batchRows = 0;
    let bytes = 0;
    const flush = async () => {
      if (batchRows === 0) return;
      const one = `(${Array.from({ length: batch.length / batchRows }, () => '?').join(', ')})`;
      await runner.query(
        `${insert} ${Array.from({ length: batchRows }, () => one).join(', ')}`,
        batch,
      );
      batch = [];
      batchRows = 0;
      bytes = 0;
    };
    let ended: Record<string, number> | null = null;
    for (let line = await next(); line !== undefined; line = await next()) {
      if (ended) throw refuse('the backup has lines after its end');
      if (Array.isArray(line)) {
        if (table === null) throw refuse('the backup has a row before any table');
        rows[table]!++;
        if (skip) continue; // the migrations table (the migrations just run wrote it), or not Tally's
        if (batch.length + line.length > BATCH_VALUES || bytes > BATCH_BYTES) await flush();
        batch.push(...line.map(decodeValue));
        batchRows++;
        bytes += JSON.stringify(line).length;
        continue;
      }
      const marker = line as {
        table?: string;
        columns?: string[];
        end?: boolean;
        rows?: Record<string, number>;
      };
      await flush();
      if (marker.end) {
        ended = marker.rows ?? {};
        continue;
      }
      const name = String(marker.table);
      if (!header.tables.includes(name))
        throw refuse(`the backup has a table its header does not list: ${name}`);
      skip = !made.includes(name);
      if (skip && name !== MIGRATIONS_TABLE) skipped.push(name);
      const columns = marker.columns ?? [];
      if (columns.some((c) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(c)))
        throw refuse(`the backup's table ${name} has an odd column name`);
      table = name;
      rows[name] = 0;
      insert = `INSERT INTO ${quote(runner, name)} (${columns.map((c) => quote(runner, c)).join(', ')}) VALUES`;
    }
    if (!ended) throw refuse('the backup is cut short (no end line): it was not restored');
    for (const [name, n] of Object.entries(ended))
      if ((rows[name] ?? 0) !== n)
        throw refuse(`the backup's table ${name} should have ${n} rows, it has ${rows[name] ?? 0}`);
    if (!mysql) await setSqliteCounters(runner, header.counters, made);
    await runner.commitTransaction();
  } catch (err) {
    await runner.rollbackTransaction().catch(() => undefined);
    throw err;
  }
  // ALTER TABLE commits on its own, so after the rows; MariaDB keeps a counter above the ids anyway.
  if (mysql)
    for (const [table, next] of Object.entries(header.counters))
      if (made.includes(table))
        await runner.query(`ALTER TABLE \`${table}\` AUTO_INCREMENT = ${Math.floor(next)}`);
  return { rows, skipped };
}

async function setSqliteCounters(
  runner: QueryRunner,
  counters: Record<string, number>,
  made: string[],
) {
  for (const [table, next] of Object.entries(counters)) {
    if (!made.includes(table)) continue;
    const auto: unknown[] = await runner.query(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ? AND sql LIKE '%AUTOINCREMENT%'",
      [table],
    );
    if (auto.length === 0) continue;
    await runner.query('DELETE FROM sqlite_sequence WHERE name = ?', [table]);
    await runner.query(
      `INSERT INTO sqlite_sequence (name, seq) VALUES (?, MAX(?, (SELECT COALESCE(MAX(rowid), 0) FROM "${table}")))`,
      [table, Math.floor(next) - 1],
    );
  }
}
