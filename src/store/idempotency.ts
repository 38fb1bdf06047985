import type { EntityManager } from 'typeorm';
import type { IdempotencyRecord } from '../../entities/idempotency-record';
import { execute, timeParam } from './raw';
import { preparedReader, type Reader } from './prepared';
import { Repository } from './repository';
import { read, rowCodec } from './row-codec';

/** The idempotency_records columns the fixed SQL reads (src/store/row-codec.ts). */
export const IDEMPOTENCY = rowCodec<IdempotencyRecord>('idempotency_records', {
  pk: ['pk', read.int],
  ownerId: ['owner_id', read.text],
  idempotencyKey: ['idempotency_key', read.text],
  fingerprint: ['fingerprint', read.text],
  state: ['state', read.as<IdempotencyRecord['state']>()],
  lockedUntil: ['locked_until', read.date],
  responseStatus: ['response_status', read.intOrNull],
  responseBody: ['response_body', read.textOrNull],
  submissionId: ['submission_id', read.intOrNull],
  createdAt: ['created_at', read.date],
});

/** What a request may do with its key, decided before anything else (DESIGN.md 3 check order). */
export type IdempotencyStart =
  /** No record: execute; the record is written with the submission (`record`). */
  | { kind: 'execute'; takeOver: null }
  /** An in-flight record whose lease ran out: its request died before committing; take it over. */
  | { kind: 'execute'; takeOver: { pk: number; until: Date } }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'conflict' }
  | { kind: 'in_flight' };

/** A stored answer: what the request that executed answered, and what every replay repeats. */
export interface StoredResponse {
  status: number;
  body: string;
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as {
    code?: string;
    errno?: number;
    driverError?: { code?: string; errno?: number };
  };
  const code = e.driverError?.code ?? e.code;
  const errno = e.driverError?.errno ?? e.errno;
  return (
    code === 'ER_DUP_ENTRY' ||
    errno === 1062 ||
    (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'))
  );
}

export interface IdempotencyClaim {
  ownerId: string;
  key: string;
  fingerprint: string;
  now: Date;
}

interface PendingResponse {
  pk: number;
  status: number;
  body: string;
  done: (err: unknown, stored?: StoredResponse) => void;
}

/** Most responses one coalesced UPDATE replaces; fixed sizes, so few statement texts. */
const FLUSH_SIZES = [1, 2, 4, 8, 16, 32, 64] as const;

/**
 * spec 4.11 with DESIGN.md 3: records are per owner and Idempotency-Key. A request looks its key
 * up first (a replay or a 409 comes before any other check); a new key's record is written in
 * the transaction that queues its submission, so record and submission commit together or not at
 * all and a failure stores nothing (`state` is `done` from then on). The unique index decides a
 * race between two requests with one key, also across processes: the loser learns it from
 * `record`, rolls its transaction back and answers 409 like any request still in flight.
 *
 * Only a final answer is replayed (spec 4.11.2). A write that waits for the worker (an
 * auto-applying board) commits its record with the 202 it gives if the wait runs out and a lease
 * past the end of that wait (`locked_until` after `created_at`): until `finish` stores the final
 * answer (and ends the lease, `locked_until = created_at`), a duplicate is a 409 (spec 4.11.4).
 * If that request died after its commit, the lease runs out and its stored 202 (the durable
 * handle) becomes the final answer. `finish` and that take-over are compare-and-sets on the
 * lease, so exactly one of them decides what every replay says. Records written with their final
 * answer (and those of earlier versions) have `locked_until = created_at`.
 *
 * In-flight claims without a submission (`state` `in_flight`, written by earlier versions before
 * the submission) are still honoured: one whose lease ran out belongs to a request that died
 * before committing anything, and the next request takes it over.
 */
export class IdempotencyRepository extends Repository {
  private reader: Reader | undefined;
  private pending: PendingResponse[] = [];
  private flushing: Promise<void> | null = null;

  async start(
    ownerId: string,
    key: string,
    fingerprint: string,
    now: Date,
  ): Promise<IdempotencyStart> {
    const record = await this.find(ownerId, key);
    return record ? this.decide(record, fingerprint, now) : { kind: 'execute', takeOver: null };
  }

  private async decide(
    record: IdempotencyRecord,
    fingerprint: string,
    now: Date,
  ): Promise<IdempotencyStart> {
    const leased = record.lockedUntil.getTime() > now.getTime();
    if (record.state === 'in_flight') {
      // An earlier version's claim: nothing was committed with it.
      if (!leased) return { kind: 'execute', takeOver: { pk: record.pk, until: now } };
      return record.fingerprint === fingerprint ? { kind: 'in_flight' } : { kind: 'conflict' };
    }
    if (record.fingerprint !== fingerprint) return { kind: 'conflict' };
    if (record.lockedUntil.getTime() > record.createdAt.getTime()) {
      // Its request has not stored the final answer yet.
      if (leased) return { kind: 'in_flight' };
      // It died after committing: the 202 it stored is the final answer from now on.
      if (!(await this.endExpiredLease(record.pk, now))) {
        // Its request stored the final answer meanwhile: that is the one to replay.
        const again = await this.find(record.ownerId, record.idempotencyKey);
        return again ? this.decide(again, fingerprint, now) : { kind: 'execute', takeOver: null };
      }
    }
    return {
      kind: 'replay',
      status: record.responseStatus ?? 202,
      body: record.responseBody ?? '',
    };
  }

  /** Compare-and-set: the stored answer of a record whose lease ran out becomes final. */
  private async endExpiredLease(pk: number, now: Date): Promise<boolean> {
    const { affected } = await this.db.run((m) =>
      execute(
        m,
        `UPDATE idempotency_records SET locked_until = created_at
           WHERE pk = ? AND state = 'done' AND locked_until > created_at AND locked_until <= ?`,
        [pk, timeParam(this.dialect, now)],
      ),
    );
    return affected === 1;
  }

  /** The record of an owner's key, if any: one fixed statement on the hot path of every write. */
  async find(ownerId: string, key: string): Promise<IdempotencyRecord | null> {
    const rows = await (this.reader ??= preparedReader(this.db)).all<Record<string, unknown>>(
      `SELECT ${IDEMPOTENCY.columns} FROM idempotency_records WHERE owner_id = ? AND idempotency_key = ?`,
      [ownerId, key],
    );
    return rows[0] ? IDEMPOTENCY.fromObject(rows[0]) : null;
  }

  /**
   * Writes the key's record, done, with the response and the submission it created, in the
   * transaction that queues that submission; with `inFlightUntil` the response is provisional
   * until `finish` replaces it (a duplicate is in flight until then, or until that lease runs
   * out). Returns the record's pk, or null when another request with the key got there first
   * (the caller then rolls its transaction back).
   */
  async record(
    tx: EntityManager,
    claim: IdempotencyClaim,
    start: Extract<IdempotencyStart, { kind: 'execute' }>,
    response: StoredResponse & { submissionId: number; inFlightUntil: Date | null },
  ): Promise<number | null> {
    const t = (d: Date) => timeParam(this.dialect, d);
    const until = t(response.inFlightUntil ?? claim.now);
    if (start.takeOver) {
      // Compare-and-set: of several retries after a lease ran out, exactly one takes it over.
      const { affected } = await execute(
        tx,
        `UPDATE idempotency_records SET state = 'done', fingerprint = ?, response_status = ?,
           response_body = ?, submission_id = ?, locked_until = ?, created_at = ?
         WHERE pk = ? AND state = 'in_flight' AND locked_until <= ?`,
        [
          claim.fingerprint,
          response.status,
          response.body,
          response.submissionId,
          until,
          t(claim.now),
          start.takeOver.pk,
          t(start.takeOver.until),
        ],
      );
      return affected === 1 ? start.takeOver.pk : null;
    }
    try {
      const { insertId } = await execute(
        tx,
        `INSERT INTO idempotency_records (owner_id, idempotency_key, fingerprint, state, locked_until,
           response_status, response_body, submission_id, created_at)
         VALUES (?, ?, ?, 'done', ?, ?, ?, ?, ?)`,
        [
          claim.ownerId,
          claim.key,
          claim.fingerprint,
          until,
          response.status,
          response.body,
          response.submissionId,
          t(claim.now),
        ],
      );
      return insertId;
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  /**
   * Stores the final answer of a provisional record (the 201 once the worker applied the write,
   * else the 202) and ends its lease; resolves with the answer the record keeps: this one, or, if
   * the lease ran out first and a duplicate made the stored 202 final (`start`), that 202. The
   * requests one worker batch wakes store theirs together: one statement (one commit) for all
   * waiting at that moment; each resolves once it is durable.
   */
  finish(pk: number, status: number, body: string): Promise<StoredResponse> {
    return new Promise<StoredResponse>((resolve, reject) => {
      this.pending.push({
        pk,
        status,
        body,
        done: (err, stored) => (err ? reject(err) : resolve(stored!)),
      });
      this.flushing ??= new Promise<void>((r) => setImmediate(r)).then(() => this.flush());
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const size = FLUSH_SIZES.find((n) => n >= this.pending.length) ?? 64;
      const group = this.pending.splice(0, size);
      try {
        const stored = await this.finishAll(group, size);
        for (const p of group) p.done(undefined, stored.get(p.pk));
      } catch (err) {
        for (const p of group) p.done(err);
      }
    }
    this.flushing = null;
  }

  /**
   * One UPDATE for the group, padded to `size` by repeating its last row (the same write twice),
   * of the records whose lease is still running. When fewer rows than the group changed, some
   * lease ran out first: those records' answers are read back (a rare second statement).
   */
  private async finishAll(
    group: PendingResponse[],
    size: number,
  ): Promise<Map<number, StoredResponse>> {
    const rows = Array.from({ length: size }, (_, i) => group[Math.min(i, group.length - 1)]!);
    const { affected } = await this.db.run((m) => execute(m, ...finishStatement(rows)));
    const mine = new Map(group.map((p) => [p.pk, { status: p.status, body: p.body }]));
    if (affected >= mine.size) return mine;
    const stored = await this.db.run(
      (m) =>
        m.query(
          `SELECT pk, response_status, response_body FROM idempotency_records
           WHERE pk IN (${group.map(() => '?').join(', ')})`,
          group.map((p) => p.pk),
        ) as Promise<Record<string, unknown>[]>,
    );
    for (const row of stored) {
      mine.set(Number(row.pk), {
        status: Number(row.response_status),
        body: String(row.response_body),
      });
    }
    return mine;
  }

  /**
   * The most answers `storeInTx` stores with one batch. MariaDB gets one primary-key UPDATE per
   * record: a range read (`pk IN (…)`) held to the end of the worker's transaction would also
   * lock the record after each, often one a group of requests has just inserted and not yet
   * committed while it waits for the worker's board. Past a few, those round trips inside the
   * board's lock cost more than the requests' own grouped UPDATE and commit.
   */
  get answersInTx(): number {
    return this.dialect === 'mysql' ? 4 : 64;
  }

  /**
   * The worker's side of `finish`: final answers stored in the transaction that applied their
   * writes, for requests waiting in this process (pipeline/final-answers.ts), so a 201 costs no
   * commit of its own. Same compare-and-set on the lease; returns how many records took theirs.
   */
  async storeInTx(
    tx: EntityManager,
    answers: (StoredResponse & { pk: number })[],
  ): Promise<number> {
    if (answers.length === 0) return 0;
    if (this.dialect !== 'mysql') return (await execute(tx, ...finishStatement(answers))).affected;
    let affected = 0;
    for (const answer of answers)
      affected += (await execute(tx, ...finishStatement([answer]))).affected;
    return affected;
  }
}

/** The UPDATE that stores final answers and ends their leases, where the lease still runs. */
function finishStatement(rows: (StoredResponse & { pk: number })[]): [string, unknown[]] {
  const cases = rows.map(() => 'WHEN ? THEN ?').join(' ');
  return [
    `UPDATE idempotency_records SET locked_until = created_at,
       response_status = CASE pk ${cases} END, response_body = CASE pk ${cases} END
     WHERE locked_until > created_at AND pk IN (${rows.map(() => '?').join(', ')})`,
    [
      ...rows.flatMap((r) => [r.pk, r.status]),
      ...rows.flatMap((r) => [r.pk, r.body]),
      ...rows.map((r) => r.pk),
    ],
  ];
}
