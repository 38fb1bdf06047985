import type { EntityManager } from 'typeorm';
import { IdempotencyRecordEntity, type IdempotencyRecord } from '../../entities/idempotency-record';
import { Repository } from './repository';

export type IdempotencyStart =
  | { kind: 'execute'; pk: number }
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

/**
 * spec 4.11 with DESIGN.md 3: records are per owner and Idempotency-Key. A request first claims
 * the key with an in-flight row (the unique index decides races, also across processes); the
 * row is completed in the same transaction as the submission it created, or deleted if the
 * request failed, so only successes are kept. An in-flight row whose lease ran out belongs to a
 * request that died before committing anything, and the next request takes it over.
 */
export class IdempotencyRepository extends Repository {
  async start(
    ownerId: string,
    key: string,
    fingerprint: string,
    now: Date,
    leaseMs: number,
  ): Promise<IdempotencyStart> {
    const lockedUntil = new Date(now.getTime() + leaseMs);
    try {
      const result = await this.use(undefined, (m) =>
        m.insert(IdempotencyRecordEntity, {
          ownerId,
          idempotencyKey: key,
          fingerprint,
          state: 'in_flight',
          lockedUntil,
          responseStatus: null,
          responseBody: null,
          submissionId: null,
          createdAt: now,
        }),
      );
      return { kind: 'execute', pk: Number(result.identifiers[0]?.pk) };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const existing = await this.use(undefined, (m) =>
      m.findOneBy(IdempotencyRecordEntity, { ownerId, idempotencyKey: key }),
    );
    if (!existing) return this.start(ownerId, key, fingerprint, now, leaseMs); // abandoned meanwhile
    return this.decide(existing, fingerprint, now, lockedUntil);
  }

  private async decide(
    record: IdempotencyRecord,
    fingerprint: string,
    now: Date,
    lockedUntil: Date,
  ): Promise<IdempotencyStart> {
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
    // The lease ran out: take it over; the compare-and-set lets only one retry win.
    const result = await this.use(undefined, (m) =>
      m
        .createQueryBuilder()
        .update(IdempotencyRecordEntity)
        .set({ lockedUntil, fingerprint })
        .where("pk = :pk AND state = 'in_flight' AND locked_until <= :now", { pk: record.pk, now })
        .execute(),
    );
    return (result.affected ?? 0) === 1
      ? { kind: 'execute', pk: record.pk }
      : { kind: 'in_flight' };
  }

  async complete(
    pk: number,
    status: number,
    body: string,
    submissionId: number,
    tx: EntityManager,
  ): Promise<void> {
    await tx.update(
      IdempotencyRecordEntity,
      { pk },
      { state: 'done', responseStatus: status, responseBody: body, submissionId },
    );
  }

  /** The stored response becomes the 201 once the worker applied the write within the wait. */
  async replaceResponse(pk: number, status: number, body: string): Promise<void> {
    await this.use(undefined, (m) =>
      m.update(IdempotencyRecordEntity, { pk }, { responseStatus: status, responseBody: body }),
    );
  }

  /** spec 4.11.5: failures are not stored; the key can be used again. */
  async abandon(pk: number): Promise<void> {
    await this.use(undefined, (m) => m.delete(IdempotencyRecordEntity, { pk, state: 'in_flight' }));
  }
}
