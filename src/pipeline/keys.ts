import type { ApiKey } from '../../entities/api-key';
import {
  displaySuffix,
  generateSecret,
  hashSecret,
  MAX_ACTIVE_KEYS,
  type KeyType,
} from '../domain/keys';
import { ACCESS_LEVELS, type AccessLevel, type Scope } from '../domain/scopes';
import { recordAudit } from './audit';
import { keyMintedLine, keyRevokedLine } from './audit-lines';
import { actsFor, type Actor, type Context } from './context';
import { mayMintKeys, requireOwner } from './owners';
import { refusal } from '../domain/errors';

export interface MintInput {
  ownerId: string;
  type: KeyType;
  access?: AccessLevel;
  scopes?: Scope[];
  label?: string;
  /** Who mints it, for the audit line: `chat:<id>` in chat; the operator (`cli`) by default. */
  by?: string;
}

/** A key as listed: never the secret, never the hash (spec 5.6). */
export interface KeySummary {
  id: string;
  owner: string;
  type: KeyType;
  scopes: Scope[];
  label: string;
  hint: string;
  created_at: string;
  revoked_at: string | null;
}

export const keyId = (key: Pick<ApiKey, 'id'>) => `key_${key.id}`;

export function summarise(key: ApiKey): KeySummary {
  return {
    id: keyId(key),
    owner: key.ownerId,
    type: key.type,
    scopes: key.scopes,
    label: key.label,
    hint: `sk_${key.type}_…${key.suffix}`,
    created_at: key.createdAt.toISOString(),
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}

/** Mints a key; the returned secret is the only copy there will ever be. */
export async function mintKey(
  ctx: Context,
  input: MintInput,
): Promise<KeySummary & { secret: string }> {
  const owner = await requireOwner(ctx, input.ownerId);
  if (!mayMintKeys(ctx, owner)) {
    throw refusal(
      'permission_denied',
      owner.apiAccess === 'withdrawn' ? 'admin.errors.accessWithdrawn' : 'admin.errors.noAccess',
      { owner: owner.id },
    );
  }
  const scopes = input.scopes ?? [...ACCESS_LEVELS[input.access ?? 'read']];
  const secret = generateSecret(input.type);
  const key = await ctx.repos.db.transaction(async (tx) => {
    // Counted inside the transaction; on MariaDB the owner row lock serialises concurrent mints.
    await ctx.repos.owners.lockForUpdate(owner.id, tx);
    if ((await ctx.repos.keys.countActive(owner.id, tx)) >= MAX_ACTIVE_KEYS) {
      throw refusal('invalid_request', 'admin.errors.tooManyKeys', {
        owner: owner.id,
        max: MAX_ACTIVE_KEYS,
      });
    }
    const minted = await ctx.repos.keys.insert(
      {
        ownerId: owner.id,
        type: input.type,
        scopes,
        label: input.label ?? '',
        hash: hashSecret(secret),
        suffix: displaySuffix(secret),
        createdAt: ctx.now(),
        revokedAt: null,
      },
      tx,
    );
    await recordAudit(ctx, tx, owner.id, (locale) =>
      keyMintedLine(input.by ?? 'cli', summarise(minted), locale),
    );
    return minted;
  });
  return { ...summarise(key), secret };
}

export async function listKeys(ctx: Context, ownerId: string): Promise<KeySummary[]> {
  await requireOwner(ctx, ownerId);
  return (await ctx.repos.keys.listByOwner(ownerId)).map(summarise);
}

export function parseKeyId(id: string): number {
  const match = /^key_(\d+)$/.exec(id) ?? /^(\d+)$/.exec(id);
  if (!match?.[1]) throw refusal('invalid_request', 'admin.errors.keyId', { id });
  return Number(match[1]);
}

/** Revokes a key; `by` (the operator, `cli`, by default) is who, for the audit line. */
export async function revokeKey(
  ctx: Context,
  id: string,
  actor: Actor,
  by = 'cli',
): Promise<KeySummary> {
  const pk = parseKeyId(id);
  const key = await ctx.repos.keys.get(pk);
  // Another owner's key is the same "no such key" as a missing one.
  if (!key || !actsFor(actor, key.ownerId)) {
    throw refusal('not_found', 'admin.errors.noKey', { id });
  }
  await ctx.repos.db.transaction(async (tx) => {
    // A key revoked already changes nothing, and gets no second line.
    if (await ctx.repos.keys.revoke(pk, ctx.now(), tx)) {
      await recordAudit(ctx, tx, key.ownerId, (locale) =>
        keyRevokedLine(by, summarise(key), locale),
      );
    }
  });
  return summarise((await ctx.repos.keys.get(pk)) ?? key);
}

/**
 * The key with this SHA-256 if it authenticates now: not revoked, and its owner's access not
 * withdrawn for a live key (spec 5.3, 5.7); one indexed lookup, whatever the answer.
 */
export const usableKeyByHash = (
  ctx: Context,
  hash: string,
): Promise<Pick<ApiKey, 'id' | 'ownerId' | 'type' | 'scopes'> | null> =>
  ctx.repos.keys.findUsableByHash(hash);
