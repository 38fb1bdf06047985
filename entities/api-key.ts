import { EntitySchema } from 'typeorm';
import type { Scope } from '../src/domain/scopes';
import { col } from './columns';

export interface ApiKey {
  id: number;
  ownerId: string;
  type: 'live' | 'test';
  scopes: Scope[];
  label: string;
  /** SHA-256 of the whole secret, hex; the secret itself is never stored (spec 5.6). */
  hash: string;
  /** Last characters of the secret, so an admin can tell keys apart in a list. */
  suffix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export const ApiKeyEntity = new EntitySchema<ApiKey>({
  name: 'ApiKey',
  tableName: 'api_keys',
  columns: {
    id: col.id(),
    ownerId: { ...col.text(40), name: 'owner_id' },
    type: col.text(4),
    scopes: { type: 'simple-array' },
    label: col.text(100),
    hash: col.text(64),
    suffix: col.text(8),
    createdAt: { ...col.time(), name: 'created_at' },
    revokedAt: { ...col.time(true), name: 'revoked_at' },
  },
});
