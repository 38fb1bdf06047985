import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';
import { startCheckpointer, type Checkpointer } from './checkpointer';
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
  private checkpointer: Checkpointer | null = null;

  constructor(
    readonly dataSource: DataSource,
    /** Migrations applied when this database was opened. */
    readonly appliedMigrations: string[] = [],
  ) {
    this.dialect = dialectOf(dataSource);
  }

  /** A server's SQLite file: WAL checkpoints in a thread of their own (src/store/checkpointer.ts). */
  checkpointInBackground(): void {
    this.checkpointer ??= startCheckpointer(this.dataSource);
  }

  /** Whether the caller runs inside a section of the door (a call now would join it). */
  get inSection(): boolean {
    return this.inside.getStore() === true;
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
    await this.checkpointer?.stop();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
