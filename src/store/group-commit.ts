import type { EntityManager } from 'typeorm';
import type { Database } from './database';

interface Waiting {
  fn: (tx: EntityManager) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/** Most calls one shared transaction takes; the rest go in the next. */
const GROUP_MAX = 64;

/**
 * Small write transactions that arrive together, committed together (group commit). On SQLite a
 * commit writes every page the transaction touched to the WAL, and two queued submissions touch
 * the same pages (the tail of the table and of each index): one commit for all that arrived in
 * one turn of the event loop writes those pages once. Each call still runs alone in a savepoint
 * of the shared transaction, in arrival order, so a call that throws is undone alone and gets
 * its error, while the others commit; each resolves only once the shared COMMIT is durable. On
 * MariaDB every call keeps a transaction (and a pooled connection) of its own: the server groups
 * their log flushes itself, and one connection would serialise the round trips.
 */
export class GroupCommit {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    // Inside a running transaction a group would wait for it forever: join it instead.
    if (this.db.dialect !== 'sqlite' || this.db.inSection) return this.db.transaction(fn);
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // The rest of this turn first: requests whose bodies arrived with this one join it.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const group = this.waiting.splice(0, GROUP_MAX);
    // Later arrivals (or the rest past GROUP_MAX) go in the next group, once this one is done.
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      await this.db.transaction(async (tx) => {
        for (const call of group) {
          await tx.query('SAVEPOINT grouped');
          try {
            outcomes.push({ ok: true, value: await call.fn(tx) });
            await tx.query('RELEASE grouped');
          } catch (err) {
            await tx.query('ROLLBACK TO grouped');
            await tx.query('RELEASE grouped');
            outcomes.push({ ok: false, value: err });
          }
        }
      });
    } catch (err) {
      // The shared transaction itself failed (BEGIN or COMMIT): nothing of the group committed.
      for (const call of group) call.reject(err);
      this.next();
      return;
    }
    group.forEach((call, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) call.resolve(outcome.value);
      else call.reject(outcome.value);
    });
    this.next();
  }

  private next(): void {
    if (this.waiting.length > 0) setImmediate(() => void this.flush());
    else this.scheduled = false;
  }
}
