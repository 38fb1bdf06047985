import { createHash, randomBytes } from 'node:crypto';

/**
 * What the fake's OAuth2 authorization server remembers (RFC 6749, with PKCE, RFC 7636): the
 * codes it handed out at the authorize step and the tokens they were exchanged for. Pure
 * bookkeeping, no HTTP: oauth.ts reads the wire and says what each outcome looks like.
 *
 * - A code is bound to the client, the redirect_uri, the scopes, the person who approved and the
 *   PKCE challenge; it lives `codeLifetimeSeconds` (RFC 6749 4.1.2: "a maximum authorization code
 *   lifetime of 10 minutes is RECOMMENDED") and is used up by the first exchange that names it,
 *   whether that exchange succeeds or not (a code whose verifier was guessed wrong cannot be
 *   tried again with another guess).
 * - A code exchanged twice revokes every token issued from it (RFC 6749 4.1.2: it "SHOULD revoke
 *   (when possible) all tokens previously issued based on that authorization code").
 * - A refresh rotates: the new pair replaces the old refresh token, which is refused from then
 *   on. The old access token keeps working until it expires: Discord does not document
 *   otherwise, and a client that keeps using it is not wrong until then.
 */

/** One authorization of the client by a person: an access token and its refresh token. */
export interface Grant {
  userId: string;
  clientId: string;
  scopes: string[];
  accessToken: string;
  refreshToken: string;
  /** Epoch ms after which the access token is refused. */
  expiresAt: number;
  /** Seconds the access token lived when issued (the answer's `expires_in`). */
  expiresIn: number;
  revoked: boolean;
}

interface Code {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  userId: string;
  /** The S256 code_challenge; undefined when the request had none (a violation, oauth.ts). */
  challenge: string | undefined;
  expiresAt: number;
  used: boolean;
  /** The grants issued from it, revoked if it is ever presented again. */
  issued: Grant[];
}

/** Why a grant was refused: the RFC 6749 5.2 error code and the description the answer carries. */
export interface Refused {
  error: 'invalid_grant' | 'invalid_scope';
  description: string;
}

const invalid = (description: string): Refused => ({ error: 'invalid_grant', description });

/** RFC 7636 4.1: 43 to 128 characters of the unreserved set. */
export const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** RFC 7636 4.2: BASE64URL(SHA256(verifier)) is 43 characters, no padding. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const s256 = (verifier: string) =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url');
const secret = () => randomBytes(24).toString('base64url');

export class Grants {
  /** Seconds an access token lives (Discord: 604 800, a week). */
  tokenLifetimeSeconds = 604_800;
  /** Seconds a code lives before it is exchanged. */
  codeLifetimeSeconds = 600;
  private readonly codes = new Map<string, Code>();
  private readonly byAccess = new Map<string, Grant>();
  private readonly byRefresh = new Map<string, Grant>();

  constructor(private readonly now: () => number) {}

  /** A fresh code for an approved authorization request. */
  issueCode(code: Omit<Code, 'expiresAt' | 'used' | 'issued'>): string {
    const value = secret();
    this.codes.set(value, {
      ...code,
      expiresAt: this.now() + this.codeLifetimeSeconds * 1000,
      used: false,
      issued: [],
    });
    return value;
  }

  /**
   * Exchanges a code (RFC 6749 4.1.3, RFC 7636 4.6): a new grant, or why not. The redirect_uri
   * must be the authorize request's, the verifier must hash to its challenge.
   */
  redeem(
    value: string,
    clientId: string,
    redirectUri: string,
    verifier: string | undefined,
  ): Grant | Refused {
    const code = this.codes.get(value);
    if (!code || code.clientId !== clientId) return invalid('Invalid "code" in request.');
    if (code.used) {
      for (const grant of code.issued) grant.revoked = true;
      return invalid('Invalid "code" in request.');
    }
    code.used = true;
    if (this.now() >= code.expiresAt) return invalid('Invalid "code" in request.');
    if (code.redirectUri !== redirectUri) return invalid('Invalid "redirect_uri" in request.');
    if (
      code.challenge !== undefined &&
      (verifier === undefined || s256(verifier) !== code.challenge)
    ) {
      return invalid('Invalid "code_verifier" in request.');
    }
    const grant = this.issue(code.userId, clientId, code.scopes);
    code.issued.push(grant);
    return grant;
  }

  /**
   * A refresh (RFC 6749 6): a new pair for the same person, with the scopes asked for (no more
   * than granted; all of them when none are asked for), the old refresh token spent.
   */
  refresh(value: string, clientId: string, scopes: string[] | undefined): Grant | Refused {
    const old = this.byRefresh.get(value);
    if (!old || old.revoked || old.clientId !== clientId) {
      return invalid('Invalid "refresh_token" in request.');
    }
    if (scopes?.some((s) => !old.scopes.includes(s))) {
      return { error: 'invalid_scope', description: 'A scope asked for was not granted.' };
    }
    this.byRefresh.delete(value);
    const grant = this.issue(old.userId, clientId, scopes ?? old.scopes);
    // A later reuse of the code the old grant came from revokes this one too.
    for (const code of this.codes.values()) if (code.issued.includes(old)) code.issued.push(grant);
    return grant;
  }

  /** The grant an access token stands for while it works: issued, not expired, not revoked. */
  bearer(accessToken: string): Grant | undefined {
    const grant = this.byAccess.get(accessToken);
    return grant && !grant.revoked && this.now() < grant.expiresAt ? grant : undefined;
  }

  /** The person takes back the authorization (Discord: Settings, Authorized Apps). */
  revokeUser(userId: string): void {
    for (const grant of this.byAccess.values()) if (grant.userId === userId) grant.revoked = true;
  }

  /** RFC 7009: the grant an access or refresh token of this client belongs to is revoked. */
  revokeToken(token: string, clientId: string): void {
    const grant = this.byAccess.get(token) ?? this.byRefresh.get(token);
    if (grant?.clientId === clientId) grant.revoked = true;
  }

  private issue(userId: string, clientId: string, scopes: string[]): Grant {
    const expiresIn = this.tokenLifetimeSeconds;
    const grant: Grant = {
      userId,
      clientId,
      scopes,
      accessToken: secret(),
      refreshToken: secret(),
      expiresAt: this.now() + expiresIn * 1000,
      expiresIn,
      revoked: false,
    };
    this.byAccess.set(grant.accessToken, grant);
    this.byRefresh.set(grant.refreshToken, grant);
    return grant;
  }
}
