import { EntitySchema } from 'typeorm';
import { col } from './columns';

/**
 * spec 4.11 / DESIGN.md 3: scoped per owner and Idempotency-Key; committed in the same
 * transaction as the submission it created. Only successes are kept.
 */
export interface IdempotencyRecord {
  pk: number;
  ownerId: string;
  idempotencyKey: string;
  /** SHA-256 over method, path and the raw body bytes. */
  fingerprint: string;
  state: 'in_flight' | 'done';
  lockedUntil: Date;
  responseStatus: number | null;
  responseBody: string | null;
  submissionId: number | null;
  createdAt: Date;
}

export const IdempotencyRecordEntity = new EntitySchema<IdempotencyRecord>({
  name: 'IdempotencyRecord',
  tableName: 'idempotency_records',
  columns: {
    pk: col.id(),
    ownerId: { ...col.text(40), name: 'owner_id' },
    idempotencyKey: { ...col.text(255), name: 'idempotency_key' },
    fingerprint: col.text(64),
    state: col.text(10),
    lockedUntil: { ...col.time(), name: 'locked_until' },
    responseStatus: { ...col.int(true), name: 'response_status' },
    responseBody: { ...col.longText(true), name: 'response_body' },
    submissionId: { ...col.int(true), name: 'submission_id' },
    createdAt: { ...col.time(), name: 'created_at' },
  },
});
