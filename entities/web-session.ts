import { EntitySchema } from 'typeorm';
import { col } from './columns';

/**
 * A signed-in browser (DESIGN.md 7, "The web as a front end"): the cookie holds an opaque random
 * id and the row holds its SHA-256, so a copy of the database names no live session. The row
 * keeps the member's Discord OAuth2 tokens, which Tally uses only to read who they are, which
 * servers they are in and their roles there.
 */
export interface WebSession {
  pk: number;
  idHash: string;
  userId: string;
  userName: string;
  accessToken: string;
  refreshToken: string;
  tokenExpiresAt: Date;
  /** Every form the dashboard serves carries it; a POST without it is refused. */
  csrfToken: string;
  createdAt: Date;
  seenAt: Date;
  /** The absolute end: no activity extends it. */
  expiresAt: Date;
}

/**
 * A sign-in on its way through Discord: the hash of its `state`, the PKCE verifier, and where to
 * return. Taken (deleted) by the callback, so a replayed `state` finds nothing.
 */
export interface WebSignIn {
  stateHash: string;
  codeVerifier: string;
  returnTo: string;
  expiresAt: Date;
}

export const WebSessionEntity = new EntitySchema<WebSession>({
  name: 'WebSession',
  tableName: 'web_sessions',
  columns: {
    pk: col.id(),
    idHash: { ...col.text(64), name: 'id_hash' },
    userId: { ...col.text(20), name: 'user_id' },
    userName: { ...col.text(100), name: 'user_name' },
    accessToken: { ...col.text(255), name: 'access_token' },
    refreshToken: { ...col.text(255), name: 'refresh_token' },
    tokenExpiresAt: { ...col.time(), name: 'token_expires_at' },
    csrfToken: { ...col.text(64), name: 'csrf_token' },
    createdAt: { ...col.time(), name: 'created_at' },
    seenAt: { ...col.time(), name: 'seen_at' },
    expiresAt: { ...col.time(), name: 'expires_at' },
  },
});

export const WebSignInEntity = new EntitySchema<WebSignIn>({
  name: 'WebSignIn',
  tableName: 'web_sign_ins',
  columns: {
    stateHash: { ...col.text(64), primary: true, name: 'state_hash' },
    codeVerifier: { ...col.text(128), name: 'code_verifier' },
    returnTo: { ...col.text(500), name: 'return_to' },
    expiresAt: { ...col.time(), name: 'expires_at' },
  },
});
