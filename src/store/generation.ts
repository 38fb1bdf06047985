import { closeSync, openSync, readSync } from 'node:fs';
import type { Database } from './database';
import { trackMysqlWrites, type MysqlPool } from './mysql-writes';

/**
 * How far the database has moved, for caches of reads (src/store/read-cache.ts): a number that
 * differs from every earlier reading once a change this process could know about is committed,
 * or null while nothing may be cached. One per data source, whatever Database wraps it.
 *
 * - SQLite: read from the connection on every call, with no hook on any write path:
 *   total_changes() counts every row this connection inserted, updated or deleted (raw queries,
 *   query builders and transactions alike; a rolled-back write still counts, which only costs a
 *   miss) and data_version moves when another connection (the CLI, another process) commits to
 *   the same file (read cheaply: see probeOf).
 * - MariaDB: no such reading exists, so this process counts its own commits at the driver
 *   (src/store/mysql-writes.ts: every statement of every pooled connection) and other processes'
 *   commits arrive through Redis (src/pipeline/change-feed.ts). Without a live subscription there
 *   is no way to see other processes' writes, so the reading is null: nothing is cached.
 */
export interface Generation {
  current(): number | null;
}

/** A generation that never allows caching (a stand-in database without a driver). */
const NEVER: Generation = { current: () => null };

interface SqliteStatement {
  raw(toggle: boolean): SqliteStatement;
  pluck(toggle: boolean): SqliteStatement;
  get(): unknown;
}
interface SqliteHandle {
  readonly memory: boolean;
  prepare(sql: string): SqliteStatement;
  pragma(sql: string, options?: { simple: true }): unknown;
}

/** What the SQLite generation reads on each call, for one connection. */
interface SqliteProbe {
  handle: SqliteHandle;
  /** Whether anything this connection could read may have changed since the last call. */
  moved(): boolean;
  close(): void;
}

const closeFile = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/** Two copies of the 48-byte WAL-index header. */
const WAL_INDEX_HEADERS = 96;

/**
 * The cheapest reading that sees every commit (about 1 µs here; the `data_version` statement
 * costs about 4, most of it two fcntl locks and an fstat for its read transaction):
 * - always total_changes(), this connection's own writes;
 * - in WAL mode, the WAL-index header at the start of the `-shm` file (sqlite.org/walformat.html,
 *   both copies): every commit, by any connection of any process, rewrites it (mxFrame, the
 *   change counter, checksums) before it returns, and it is the very record readers start from,
 *   so an unchanged header means no commit anyone could read. A read while it is being written
 *   only differs: a spare miss.
 * - otherwise (no -shm file to read) the data_version pragma, which moves when another
 *   connection commits;
 * - in memory there is no other connection.
 */
function probeOf(handle: SqliteHandle): SqliteProbe {
  const changes = handle.prepare('SELECT total_changes()').pluck(true);
  let lastChanges = -1;
  const changed = () => {
    const now = changes.get() as number;
    if (now === lastChanges) return false;
    lastChanges = now;
    return true;
  };
  if (handle.memory) return { handle, moved: changed, close: () => undefined };
  let fd: number | null = null;
  try {
    // The file as SQLite resolved it when it opened it (not relative to today's directory).
    const main = (handle.pragma('database_list') as { name: string; file: string }[]).find(
      (d) => d.name === 'main',
    );
    if (main?.file && handle.pragma('journal_mode', { simple: true }) === 'wal')
      fd = openSync(`${main.file}-shm`, 'r');
  } catch {
    fd = null;
  }
  if (fd === null) {
    const version = handle.prepare('SELECT data_version FROM pragma_data_version').pluck(true);
    let lastVersion = -1;
    const moved = () => {
      const now = version.get() as number;
      const own = changed();
      if (now === lastVersion) return own;
      lastVersion = now;
      return true;
    };
    return { handle, moved, close: () => undefined };
  }
  const file = fd;
  let seen = Buffer.alloc(WAL_INDEX_HEADERS);
  let next = Buffer.alloc(WAL_INDEX_HEADERS);
  const probe: SqliteProbe = {
    handle,
    moved: () => {
      const own = changed();
      if (readSync(file, next, 0, WAL_INDEX_HEADERS, 0) !== WAL_INDEX_HEADERS) return true;
      if (next.equals(seen)) return own;
      [seen, next] = [next, seen];
      return true;
    },
    close: () => {
      closeFile.unregister(probe);
      closeSync(file);
    },
  };
  closeFile.register(probe, file, probe);
  return probe;
}

class SqliteGeneration implements Generation {
  private probe: SqliteProbe | undefined;
  private n = 0;

  constructor(private readonly connection: () => SqliteHandle | undefined) {}

  current(): number | null {
    const handle = this.connection();
    try {
      if (!handle) throw new Error('no connection');
      // A closed connection throws on the probe's statement.
      if (this.probe?.handle !== handle) {
        this.probe?.close();
        this.probe = probeOf(handle);
      }
      if (this.probe.moved()) this.n++;
      return this.n;
    } catch {
      this.probe?.close(); // nothing is cached until a connection reads again
      this.probe = undefined;
      this.n++;
      return null;
    }
  }
}

/** MariaDB: bumped by this process's commits and by other processes' through a change feed. */
export class CommitGeneration implements Generation {
  private n = 0;
  private liveFeeds = 0;
  private readonly listeners = new Set<() => void>();

  current(): number | null {
    return this.liveFeeds > 0 ? this.n : null;
  }

  /** This process committed a change: readings move, and feeds tell the other processes. */
  committed(): void {
    this.n++;
    for (const listener of this.listeners) listener();
  }

  /** Another process committed a change. */
  changedElsewhere(): void {
    this.n++;
  }

  /** A feed's subscription went live (true) or was lost (false); either way readings move. */
  feedLive(live: boolean): void {
    this.liveFeeds += live ? 1 : -1;
    this.n++;
  }

  onCommit(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const generations = new WeakMap<object, Generation>();

/** The generation of the database's data source, created (and on MariaDB hooked) on first use. */
export function generationOf(db: Database): Generation {
  const dataSource = (db as Partial<Pick<Database, 'dataSource'>>).dataSource;
  const driver = dataSource?.driver as
    { databaseConnection?: SqliteHandle; pool?: MysqlPool } | undefined;
  if (!dataSource || !driver) return NEVER;
  let found = generations.get(dataSource);
  if (found) return found;
  if (db.dialect === 'sqlite') {
    found = new SqliteGeneration(() => driver.databaseConnection);
  } else {
    if (!driver.pool) return NEVER;
    const commits = new CommitGeneration();
    trackMysqlWrites(driver.pool, () => commits.committed());
    found = commits;
  }
  generations.set(dataSource, found);
  return found;
}
