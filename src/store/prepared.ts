import type { Database } from './database';

/**
 * Reads on the hot path of every API request (key, board, entries page) without TypeORM's query
 * runner: on SQLite a better-sqlite3 Statement prepared once per SQL text and run inside the
 * database's door (so it still waits for a running transaction and never sees its uncommitted
 * rows); on MariaDB one `query` on the pool, the same text protocol and type mapping (DATETIME as
 * a UTC Date, BIGINT as a string) as TypeORM's raw queries. A database without a driver handle
 * (a stand-in in tests that EXPLAINs instead of running) falls back to the manager's `query`.
 */
export interface Reader {
  /** Rows as objects keyed by column name. */
  all<T>(sql: string, params: unknown[]): Promise<T[]>;
  /**
   * Rows as arrays in the order of the SELECT list: on SQLite about half the cost of objects for
   * a 51-row page (better-sqlite3 builds each row object key by key).
   */
  arrays(sql: string, params: unknown[]): Promise<unknown[][]>;
}

interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  raw(toggle: boolean): SqliteStatement;
}
interface SqliteHandle {
  prepare(sql: string): SqliteStatement;
}
interface MysqlPool {
  query(
    options: { sql: string; rowsAsArray?: boolean },
    params: unknown[],
    cb: (err: Error | null, rows: unknown) => void,
  ): void;
}

const MAX_STATEMENTS = 64;

export function preparedReader(db: Database): Reader {
  const driver = (db as Partial<Pick<Database, 'dataSource'>>).dataSource?.driver as
    { databaseConnection?: SqliteHandle; pool?: MysqlPool } | undefined;
  const viaManager = <T>(sql: string, params: unknown[]) =>
    db.run((m) => m.query(sql, params) as Promise<T[]>);
  const fallback: Reader = {
    all: viaManager,
    arrays: async (sql, params) =>
      (await viaManager<Record<string, unknown>>(sql, params)).map((row) => Object.values(row)),
  };
  if (!driver) return fallback;

  if (db.dialect === 'sqlite') {
    const statements = new Map<string, SqliteStatement>();
    const statement = (handle: SqliteHandle, sql: string, raw: boolean): SqliteStatement => {
      const key = raw ? `raw:${sql}` : sql;
      let found = statements.get(key);
      if (!found) {
        found = handle.prepare(sql).raw(raw);
        // A deep page inlines its cursor's ranges: keep the cache bounded (oldest out first).
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
        statements.set(key, found);
      }
      return found;
    };
    const run = <T>(sql: string, params: unknown[], raw: boolean) =>
      db.run(async () => {
        const handle = driver.databaseConnection;
        if (!handle) return raw ? fallback.arrays(sql, params) : fallback.all<T>(sql, params);
        return statement(handle, sql, raw).all(...params);
      });
    return {
      all: <T>(sql: string, params: unknown[]) => run(sql, params, false) as Promise<T[]>,
      arrays: (sql, params) => run(sql, params, true) as Promise<unknown[][]>,
    };
  }
  const run = (sql: string, params: unknown[], rowsAsArray: boolean) => {
    const pool = driver.pool;
    if (!pool) return rowsAsArray ? fallback.arrays(sql, params) : fallback.all(sql, params);
    return new Promise<unknown[]>((resolve, reject) =>
      pool.query({ sql, rowsAsArray }, params, (err, rows) =>
        err ? reject(err) : resolve(rows as unknown[]),
      ),
    );
  };
  return {
    all: <T>(sql: string, params: unknown[]) => run(sql, params, false) as Promise<T[]>,
    arrays: (sql, params) => run(sql, params, true) as Promise<unknown[][]>,
  };
}
