import { KEY_FORM, hashSecret } from '../domain/keys';
import type { Scope } from '../domain/scopes';
import type { Context } from '../pipeline/context';
import { usableKeyByHash } from '../pipeline/keys';
import { ReadCache, type Stamp } from '../pipeline/read-caches';

/** Who is calling: the key and the owner it is bound to (spec 5.3). */
export interface Principal {
  keyId: number;
  ownerId: string;
  type: 'live' | 'test';
  scopes: Scope[];
}

export interface Authenticator {
  /** `stamp`: the request's reading of the database generation, if cached keys may serve it. */
  authenticate(secret: string, stamp?: Stamp | null): Promise<Principal | null>;
  /** The principal if the key is cached and still valid at `stamp`; nothing is read. */
  known?(secret: string, stamp: Stamp): Principal | undefined;
}

/**
 * Looks the key up by the SHA-256 of the presented secret, so revocation and withdrawal take
 * effect on the very next request in every process (DESIGN.md 3). Unknown, wrong-secret and
 * revoked keys take the same path (a hash and one indexed lookup) and answer alike.
 *
 * A key that authenticated is remembered by its hash while the database has not moved
 * (src/pipeline/read-caches.ts): any commit this process could know about (a revocation, an
 * owner's withdrawal, from this process or from the CLI) makes the next request look the key up
 * again. Refusals are never remembered, so every refusal keeps the one path.
 */
export class KeyAuthenticator implements Authenticator {
  private readonly principals = new ReadCache<Principal>({ maxEntries: 4096, maxAgeMs: 1000 });

  constructor(private readonly ctx: Context) {}

  known(secret: string, stamp: Stamp): Principal | undefined {
    return KEY_FORM.test(secret) ? this.principals.get(hashSecret(secret), stamp) : undefined;
  }

  async authenticate(secret: string, stamp: Stamp | null = null): Promise<Principal | null> {
    if (!KEY_FORM.test(secret)) return null;
    const hash = hashSecret(secret);
    const cached = stamp && this.principals.get(hash, stamp);
    if (cached) return cached;
    const found = await usableKeyByHash(this.ctx, hash);
    if (!found) return null;
    const principal: Principal = Object.freeze({
      keyId: found.id,
      ownerId: found.ownerId,
      type: found.type,
      scopes: Object.freeze(found.scopes) as Scope[],
    });
    if (stamp) this.principals.set(hash, stamp, principal);
    return principal;
  }
}

/** `Authorization: Bearer <key>`; the scheme is case-insensitive (RFC 9110 11.1). */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer +([^\s]+) *$/i.exec(header);
  return match?.[1] ?? null;
}
