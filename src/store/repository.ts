import type { EntityManager } from 'typeorm';
import type { Dialect } from './data-source';
import type { Database } from './database';

/** Repositories take an optional transaction manager (STYLE.md 4). */
export abstract class Repository {
  constructor(protected readonly db: Database) {}
  /** Inside the caller's transaction when given one, else one call through the database's door. */
  protected use<T>(
    tx: EntityManager | undefined,
    fn: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    return tx ? fn(tx) : this.db.run(fn);
  }
  get dialect(): Dialect {
    return this.db.dialect;
  }
}
