import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';
import { dialectOf, type Dialect } from './data-source';

/**
 * The one door to the database. On MariaDB every call takes a pooled connection and transactions
 * are real connections of their own. better-sqlite3 has a single connection per data source, so
 * two interleaved async transactions would nest as savepoints and a stray write could join
 * someone else's transaction; there every call and every transaction runs one at a time. A call
 * made from inside a running section (the same async context) joins it instead of waiting.
 */
export class Database {
  readonly dialect: Dialect;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly inside = new AsyncLocalStorage<true>();

  constructor(
    readonly dataSource: DataSource,
    /** Migrations applied when this database was opened. */
    readonly appliedMigrations: string[] = [],
  ) {
    this.dialect = dialectOf(dataSource);
  }

  run<T>(fn: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.serial(() => fn(this.dataSource.manager));
  }

  transaction<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.serial(() => this.dataSource.transaction(fn));
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    if (this.dialect === 'mysql' || this.inside.getStore()) return fn();
    const run = () => this.inside.run(true, fn);
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    await this.tail;
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
