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
  done: (err?: unknown) => void;
}

/** Most responses one coalesced UPDATE replaces; fixed sizes, so few statement texts. */
const FLUSH_SIZES = [1, 2, 4, 8, 16, 32, 64] as const;

/**
 * spec 4.11 with DESIGN.md 3: records are per owner and Idempotency-Key. A request looks its key
 * up first (a replay or a 409 comes before any other check); a new key's record is written in
 * the transaction that queues its submission, with the response it is about to give, so record
 * and submission commit together or not at all and a failure stores nothing. The unique index
 * decides a race between two requests with one key, also across processes: the loser learns it
 * from `record`, rolls its transaction back and answers 409 like any request still in flight.
 * In-flight records (written by earlier versions before the submission, with a lease) are still
 * honoured: one whose lease ran out belongs to a request that died before committing anything,
 * and the next request takes it over.
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
    if (!record) return { kind: 'execute', takeOver: null };
    if (record.state === 'done') {
      if (record.fingerprint !== fingerprint) return { kind: 'conflict' };
      return {
        kind: 'replay',
        status: record.responseStatus ?? 202,
        body: record.responseBody ?? '',
      };
    }
    if (record.lockedUntil.getTime() > now.getTime()) {
      return record.fingerprint === fingerprint ? { kind: 'in_flight' } : { kind: 'conflict' };
    }
    return { kind: 'execute', takeOver: { pk: record.pk, until: now } };
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
   * transaction that queues that submission. Returns the record's pk, or null when another
   * request with the key got there first (the caller then rolls its transaction back).
   */
  async record(
    tx: EntityManager,
    claim: IdempotencyClaim,
    start: Extract<IdempotencyStart, { kind: 'execute' }>,
    response: { status: number; body: string; submissionId: number },
  ): Promise<number | null> {
    const t = (d: Date) => timeParam(this.dialect, d);
    if (start.takeOver) {
      // Compare-and-set: of several retries after a lease ran out, exactly one takes it over.
      const { affected } = await execute(
        tx,
        `UPDATE idempotency_records SET state = 'done', fingerprint = ?, response_status = ?,
           response_body = ?, submission_id = ? WHERE pk = ? AND state = 'in_flight' AND locked_until <= ?`,
        [
          claim.fingerprint,
          response.status,
          response.body,
          response.submissionId,
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
          t(claim.now),
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
   * The stored response becomes the 201 once the worker applied the write within the wait. The
   * requests one worker batch wakes replace theirs together: one statement (one commit) for all
   * waiting at that moment; each resolves once it is durable.
   */
  replaceResponse(pk: number, status: number, body: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ pk, status, body, done: (err) => (err ? reject(err) : resolve()) });
      this.flushing ??= new Promise<void>((r) => setImmediate(r)).then(() => this.flush());
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const size = FLUSH_SIZES.find((n) => n >= this.pending.length) ?? 64;
      const group = this.pending.splice(0, size);
      try {
        await this.replaceAll(group, size);
        for (const p of group) p.done();
      } catch (err) {
        for (const p of group) p.done(err);
      }
    }
    this.flushing = null;
  }

  /** One UPDATE for the group, padded to `size` by repeating its last row (the same write twice). */
  private async replaceAll(group: PendingResponse[], size: number): Promise<void> {
    const rows = Array.from({ length: size }, (_, i) => group[Math.min(i, group.length - 1)]!);
    const cases = rows.map(() => 'WHEN ? THEN ?').join(' ');
    await this.db.run((m) =>
      execute(
        m,
        `UPDATE idempotency_records SET response_status = CASE pk ${cases} END,
           response_body = CASE pk ${cases} END WHERE pk IN (${rows.map(() => '?').join(', ')})`,
        [
          ...rows.flatMap((r) => [r.pk, r.status]),
          ...rows.flatMap((r) => [r.pk, r.body]),
          ...rows.map((r) => r.pk),
        ],
      ),
    );
  }
}
