/**
 * Counts this process's commits on MariaDB at the one place every statement passes: the mysql2
 * connections of the pool. TypeORM's query runners (entity manager calls, query builders, raw
 * `query`, transactions) and src/store/prepared.ts all take their connection from
 * `pool.getConnection`, so wrapping it sees every statement, whichever path sent it.
 *
 * A statement reports `committed` once the server has answered it (before its caller's callback
 * runs) when it made a change visible to other connections: an autocommit write, a COMMIT, a
 * statement that commits implicitly (DDL; START TRANSACTION inside a transaction). Writes inside
 * a transaction wait for its COMMIT. Reads, savepoints and rollbacks report nothing. In doubt a
 * statement reports: a spare report costs a cache miss, a missing one a stale read.
 */
export interface MysqlPool {
  getConnection(cb: (err: Error | null, connection?: unknown) => void): void;
}

interface Command {
  onResult?: (...args: unknown[]) => unknown;
  prependOnceListener?(event: 'end', listener: () => void): unknown;
}

type Kind = 'read' | 'begin' | 'commit' | 'rollback' | 'ddl' | 'write';

const TRACKED = Symbol('tally.trackedWrites');

export function trackMysqlWrites(pool: MysqlPool, committed: () => void): void {
  const tracked = pool as MysqlPool & { [TRACKED]?: true };
  if (tracked[TRACKED]) return;
  tracked[TRACKED] = true;
  const getConnection = pool.getConnection;
  pool.getConnection = function (this: MysqlPool, cb) {
    getConnection.call(this, (err, connection) => {
      if (connection) trackConnection(connection as Record<PropertyKey, unknown>, committed);
      cb(err, connection);
    });
  };
}

function trackConnection(connection: Record<PropertyKey, unknown>, committed: () => void): void {
  if (connection[TRACKED]) return;
  connection[TRACKED] = true;
  let inTransaction = false;
  const settle = (kind: Kind) => {
    switch (kind) {
      case 'begin':
        if (inTransaction) committed(); // START TRANSACTION commits an open one
        inTransaction = true;
        return;
      case 'rollback':
        inTransaction = false;
        return;
      case 'commit':
      case 'ddl':
        inTransaction = false;
        committed();
        return;
      case 'write':
        if (!inTransaction) committed();
        return;
      case 'read':
        return;
    }
  };
  for (const name of ['query', 'execute'] as const) {
    const original = connection[name];
    if (typeof original !== 'function') continue;
    connection[name] = function (this: unknown, ...args: unknown[]) {
      const command = (original as (...a: unknown[]) => Command).apply(this, args);
      const kind = kindOf(sqlOf(args[0]));
      if (kind !== 'read') whenAnswered(command, () => settle(kind));
      return command;
    };
  }
}

/** Runs `done` when the server has answered, before the caller hears of it. */
function whenAnswered(command: Command | undefined, done: () => void): void {
  if (!command) return done();
  const onResult = command.onResult;
  if (typeof onResult === 'function') {
    command.onResult = function (this: unknown, ...args: unknown[]) {
      done();
      return onResult.apply(this, args);
    };
  } else if (typeof command.prependOnceListener === 'function') {
    command.prependOnceListener('end', done);
  } else {
    done();
  }
}

function sqlOf(first: unknown): string {
  if (typeof first === 'string') return first;
  const sql = (first as { sql?: unknown } | null)?.sql;
  return typeof sql === 'string' ? sql : '';
}

/** The statement's leading keywords, past blanks, parentheses and comments. */
export function kindOf(sql: string): Kind {
  let head = sql.slice(0, 64).trimStart();
  if (/^[(/#-]/.test(head)) {
    head = sql
      .slice(0, 400)
      .replace(/^(?:\s+|\(|\/\*[\s\S]*?\*\/|(?:--\s|#)[^\n]*(?:\n|$))+/, '')
      .slice(0, 64);
  }
  head = head.toUpperCase();
  if (/^(?:SELECT|SHOW|EXPLAIN|DESCRIBE|DESC|SAVEPOINT|RELEASE\s+SAVEPOINT)\b/.test(head))
    return 'read';
  if (/^SET\s+(?:SESSION\s+)?TRANSACTION\b/.test(head)) return 'read';
  if (/^ROLLBACK\s+(?:WORK\s+)?TO\b/.test(head)) return 'read'; // to a savepoint: still open
  if (/^ROLLBACK\b/.test(head)) return 'rollback';
  // Not `BEGIN NOT ATOMIC …`, a compound statement whose writes commit as they run.
  if (/^(?:START\s+TRANSACTION\b|BEGIN(?:\s+WORK)?\s*;?\s*$)/.test(head)) return 'begin';
  if (/^COMMIT\b/.test(head)) return 'commit';
  if (/^(?:CREATE|ALTER|DROP|RENAME|TRUNCATE|LOCK|UNLOCK)\b/.test(head)) return 'ddl';
  return 'write';
}
