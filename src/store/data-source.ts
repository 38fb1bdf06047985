import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource, type MigrationInterface } from 'typeorm';
import { entities } from '../../entities';
import { migrations } from '../../migrations';
import { StartupError, type DatabaseConfig } from '../config';

export type Dialect = 'sqlite' | 'mysql';

interface SqliteHandle {
  pragma(sql: string): unknown;
  prepare(sql: string): unknown;
}
const BEGIN_IMMEDIATE = 'BEGIN IMMEDIATE TRANSACTION';

type MigrationClass = new () => MigrationInterface;

/** `known`: the migrations this data source runs (tests build a database as an older release left it). */
export function createDataSource(
  database: DatabaseConfig,
  known: readonly MigrationClass[] = migrations,
): DataSource {
  if (database.kind === 'sqlite') {
    if (database.path !== ':memory:') mkdirSync(dirname(database.path), { recursive: true });
    return new DataSource({
      type: 'better-sqlite3',
      database: database.path,
      entities,
      migrations: [...known],
      // Statements are prepared once per text and kept (FIFO): the worker's batch statements
      // have a text per batch size (1–64 rows) each, more than TypeORM's default 100 in all.
      statementCacheSize: 1000,
      // WAL lets the CLI and the server share the file; busy_timeout makes them wait, not fail.
      prepareDatabase: (db: SqliteHandle) => {
        db.pragma('journal_mode = WAL');
        db.pragma('busy_timeout = 5000');
        db.pragma('synchronous = NORMAL');
        // TypeORM begins deferred: a transaction that reads, then writes after another process
        // committed, fails at once with "database is locked" (a stale snapshot cannot wait its
        // turn; busy_timeout never applies). Taking the write lock at BEGIN makes it wait instead
        // (two `tally serve` processes on one file: test/bot/sharded.test.ts found this).
        const prepare = db.prepare.bind(db);
        db.prepare = (sql: string) => prepare(sql === 'BEGIN TRANSACTION' ? BEGIN_IMMEDIATE : sql);
      },
    });
  }
  return new DataSource({
    type: 'mysql',
    url: database.url,
    entities,
    migrations: [...known],
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    supportBigNumbers: true,
    bigNumberStrings: true,
    poolSize: 10,
    extra: { connectionLimit: 10 },
  });
}

export function dialectOf(dataSource: DataSource): Dialect {
  return dataSource.options.type === 'mysql' ? 'mysql' : 'sqlite';
}

/** Initialise and bring the schema up to date (`tally migrate`, and `tally serve` before it starts). */
export async function openDatabase(database: DatabaseConfig): Promise<DataSource> {
  return (await openAndMigrate(database)).dataSource;
}

/** Also says which migrations this call applied (`tally migrate`). */
export async function openAndMigrate(
  database: DatabaseConfig,
): Promise<{ dataSource: DataSource; applied: string[] }> {
  let dataSource: DataSource;
  try {
    dataSource = createDataSource(database);
    await dataSource.initialize();
  } catch (err) {
    throw connectError(err, database);
  }
  try {
    await refuseUnknownMigrations(dataSource);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return { dataSource, applied: applied.map((m) => m.name) };
  } catch (err) {
    await dataSource.destroy().catch(() => undefined); // no pool left open behind the error
    throw err;
  }
}

/** The migrations the database records as applied, oldest first (none before the first run). */
export async function appliedMigrationNames(dataSource: DataSource): Promise<string[]> {
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const runner = dataSource.createQueryRunner();
  try {
    if (!(await runner.hasTable(table))) return [];
    const rows: { name: string }[] = await runner.query(
      `SELECT name FROM ${table} ORDER BY timestamp, id`,
    );
    return rows.map((r) => r.name);
  } finally {
    await runner.release();
  }
}

/**
 * A database a newer Tally migrated (it records a migration this code does not have) is refused
 * before anything runs: this code would read and write a schema it does not know. The message
 * names both versions and the two ways out.
 */
export async function refuseUnknownMigrations(dataSource: DataSource): Promise<void> {
  const known = dataSource.migrations.map((m) => m.name ?? m.constructor.name);
  const applied = await appliedMigrationNames(dataSource);
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length === 0) return;
  const stamp = (name: string) => Number(/(\d+)$/.exec(name)?.[1] ?? 0);
  const newestKnown = known.at(-1) ?? 'none';
  const newer = unknown.every((name) => stamp(name) > stamp(newestKnown));
  throw new StartupError(
    'DATABASE_URL',
    newer
      ? `the database was migrated by a newer Tally: it is at ${applied.at(-1)}, this Tally knows up to ${newestKnown}; upgrade Tally, or roll the database back first with the newer release's \`tally migrate down ${unknown.length} --yes\``
      : `the database records migrations this Tally does not know (${unknown.join(', ')}; it knows up to ${newestKnown}); run the release that migrated it, or roll those back with its \`tally migrate down\``,
  );
}

/** Why the database named by DATABASE_URL cannot be opened, as one line an operator can act on. */
function connectError(err: unknown, database: DatabaseConfig): unknown {
  const { code, message } = err as { code?: string; message?: string };
  if (database.kind === 'sqlite') {
    // A file-system errno (EACCES, EROFS, EEXIST for a file where the folder should be, …) or
    // SQLite's own refusal (SQLITE_CANTOPEN, SQLITE_NOTADB, …).
    if (code && /^(E[A-Z]+|SQLITE_\w+)$/.test(code))
      return new StartupError(
        'DATABASE_URL',
        `cannot open the SQLite file ${database.path} (${code}: ${message}); point it at a writable path`,
      );
    return err;
  }
  const url = new URL(database.url);
  if (url.password) url.password = '***';
  const where = `${url.hostname}:${url.port || 3306}`;
  const down = 'start the database server or change DATABASE_URL';
  const problem: Record<string, string> = {
    ECONNREFUSED: `nothing accepts connections at ${where}; ${down}`,
    ETIMEDOUT: `${where} did not answer in time; ${down}`,
    EHOSTUNREACH: `${where} cannot be reached; ${down}`,
    ENOTFOUND: `the host ${url.hostname} is not known; change DATABASE_URL`,
    EAI_AGAIN: `the host ${url.hostname} could not be looked up; change DATABASE_URL`,
    ER_ACCESS_DENIED_ERROR: `the server refused user "${decodeURIComponent(url.username)}"; fix the user or password in DATABASE_URL`,
    ER_DBACCESS_DENIED_ERROR: `user "${decodeURIComponent(url.username)}" may not use database "${database.database}"; grant it or change DATABASE_URL`,
    ER_BAD_DB_ERROR: `database "${database.database}" does not exist; create it or change DATABASE_URL`,
  };
  const known = code ? problem[code] : undefined;
  return known
    ? new StartupError('DATABASE_URL', `cannot connect to ${url.toString()}: ${known}`)
    : err;
}
