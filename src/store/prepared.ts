import type { Database } from './database';

/**
 * Reads on the hot path of every API request (key, board, entries page) without TypeORM's query
 * runner: on SQLite a better-sqlite3 Statement prepared once per SQL text and run inside the
 * database's door (so it still waits for a running transaction and never sees its uncommitted
 * rows); on MariaDB one `query` on the pool, the same text protocol and type mapping (DATETIME as
 * a UTC Date, BIGINT as a string) as TypeORM's raw queries. A database without a driver handle
 * (a stand-in in tests that EXPLAINs instead of running) falls back to the manager's `query`.
 */
export type Read = <T>(sql: string, params: unknown[]) => Promise<T[]>;

interface SqliteStatement {
  all(...params: unknown[]): unknown[];
}
interface SqliteHandle {
  prepare(sql: string): SqliteStatement;
}
interface MysqlPool {
  query(sql: string, params: unknown[], cb: (err: Error | null, rows: unknown) => void): void;
}

const MAX_STATEMENTS = 64;

export function preparedReader(db: Database): Read {
  const driver = (db as Partial<Pick<Database, 'dataSource'>>).dataSource?.driver as
    { databaseConnection?: SqliteHandle; pool?: MysqlPool } | undefined;
  const viaManager: Read = <T>(sql: string, params: unknown[]) =>
    db.run((m) => m.query(sql, params) as Promise<T[]>);
  if (!driver) return viaManager;

  if (db.dialect === 'sqlite') {
    const statements = new Map<string, SqliteStatement>();
    return <T>(sql: string, params: unknown[]) =>
      db.run(async () => {
        const handle = driver.databaseConnection;
        if (!handle) return viaManager<T>(sql, params);
        let statement = statements.get(sql);
        if (!statement) {
          statement = handle.prepare(sql);
          // A deep page inlines its cursor's ranges: keep the cache bounded (oldest out first).
          if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
          statements.set(sql, statement);
        }
        return statement.all(...params) as T[];
      });
  }
  return <T>(sql: string, params: unknown[]) => {
    const pool = driver.pool;
    if (!pool) return viaManager<T>(sql, params);
    return new Promise<T[]>((resolve, reject) =>
      pool.query(sql, params, (err, rows) => (err ? reject(err) : resolve(rows as T[]))),
    );
  };
}
