import { KEY_FORM, hashSecret } from '../domain/keys';
import type { Scope } from '../domain/scopes';
import type { Context } from '../pipeline/context';

/** Who is calling: the key and the owner it is bound to (spec 5.3). */
export interface Principal {
  keyId: number;
  ownerId: string;
  type: 'live' | 'test';
  scopes: Scope[];
}

export interface Authenticator {
  authenticate(secret: string): Promise<Principal | null>;
}

/**
 * Looks the key up by the SHA-256 of the presented secret on every request, so revocation and
 * withdrawal take effect on the very next request in every process (DESIGN.md 3). Unknown,
 * wrong-secret and revoked keys take the same path (a hash and one indexed lookup) and answer alike.
 */
export class KeyAuthenticator implements Authenticator {
  constructor(private readonly keys: Context['repos']['keys']) {}

  async authenticate(secret: string): Promise<Principal | null> {
    if (!KEY_FORM.test(secret)) return null;
    const found = await this.keys.findUsableByHash(hashSecret(secret));
    if (!found) return null;
    return { keyId: found.id, ownerId: found.ownerId, type: found.type, scopes: found.scopes };
  }
}

/** `Authorization: Bearer <key>`; the scheme is case-insensitive (RFC 9110 11.1). */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer +([^\s]+) *$/i.exec(header);
  return match?.[1] ?? null;
}
