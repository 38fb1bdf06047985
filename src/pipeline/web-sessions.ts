import { createHash, randomBytes } from 'node:crypto';
import type { WebSession } from '../../entities/web-session';
import type { Context } from './context';

export type { WebSession };

/**
 * Sign-in with Discord's sessions (DESIGN.md 7): an opaque random id in the cookie, its SHA-256
 * in the row. A session ends after `idle` without a request or at `absolute` from sign-in,
 * whichever comes first, and at sign-out (the row is deleted, so the cookie opens nothing).
 *
 * - idle 12 h: a moderator's working day with the dashboard left open between reviews;
 * - absolute 7 days: Discord's access tokens live that long, and a week-old sign-in should ask
 *   again rather than refresh forever;
 * - a sign-in has 10 minutes to come back from Discord's consent page.
 */
export const SESSION_TIMES = {
  idleMs: 12 * 3_600_000,
  absoluteMs: 7 * 86_400_000,
  signInMs: 10 * 60_000,
  /** How stale `seen_at` may be before a request writes it again: one write a minute at most. */
  touchMs: 60_000,
} as const;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');

export interface SignInStart {
  state: string;
  codeVerifier: string;
  /** A path on this site (checked by the web edge before it gets here). */
  returnTo: string;
}

/** Remembers a sign-in that leaves for Discord's consent page. */
export async function beginSignIn(ctx: Context, start: SignInStart): Promise<void> {
  await ctx.repos.webSessions.purgeSignIns(ctx.now()); // abandoned ones go as new ones come
  await ctx.repos.webSessions.insertSignIn({
    stateHash: hashOf(start.state),
    codeVerifier: start.codeVerifier,
    returnTo: start.returnTo,
    expiresAt: new Date(ctx.now().getTime() + SESSION_TIMES.signInMs),
  });
}

/** The sign-in `state` names, once: a replayed, expired or unknown state is null. */
export async function takeSignIn(
  ctx: Context,
  state: string,
): Promise<{ codeVerifier: string; returnTo: string } | null> {
  const row = await ctx.repos.webSessions.takeSignIn(hashOf(state), ctx.now());
  return row ? { codeVerifier: row.codeVerifier, returnTo: row.returnTo } : null;
}

export interface DiscordTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

/** A new session for who Discord said signed in; the returned id goes into the cookie only. */
export async function openSession(
  ctx: Context,
  user: { id: string; name: string },
  tokens: DiscordTokens,
): Promise<{ id: string; session: WebSession }> {
  const id = randomToken();
  const now = ctx.now();
  const session = await ctx.repos.webSessions.insertSession({
    idHash: hashOf(id),
    userId: user.id,
    userName: user.name.slice(0, 100),
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    tokenExpiresAt: tokens.expiresAt,
    csrfToken: randomToken(),
    createdAt: now,
    seenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TIMES.absoluteMs),
  });
  // Each sign-in is a moment to forget sessions nobody will use again.
  await ctx.repos.webSessions.purge(now, new Date(now.getTime() - SESSION_TIMES.idleMs));
  return { id, session };
}

/** The live session a cookie's id opens, or null (unknown, signed out, idle or past its end). */
export async function sessionOf(ctx: Context, id: string): Promise<WebSession | null> {
  if (id === '' || id.length > 100) return null;
  const now = ctx.now();
  const session = await ctx.repos.webSessions.session(hashOf(id), now);
  if (!session) return null;
  if (now.getTime() - session.seenAt.getTime() > SESSION_TIMES.idleMs) {
    await ctx.repos.webSessions.deleteSession(session.idHash);
    return null;
  }
  if (now.getTime() - session.seenAt.getTime() > SESSION_TIMES.touchMs) {
    await ctx.repos.webSessions.touch(session.pk, now);
    return { ...session, seenAt: now };
  }
  return session;
}

/** Sign-out: the row goes, so the cookie (and any copy of it) opens nothing. */
export async function closeSession(ctx: Context, id: string): Promise<void> {
  await ctx.repos.webSessions.deleteSession(hashOf(id));
}

/** Discord's refreshed tokens for a session. */
export async function saveTokens(
  ctx: Context,
  session: Pick<WebSession, 'pk'>,
  tokens: DiscordTokens,
): Promise<void> {
  await ctx.repos.webSessions.updateTokens(session.pk, {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    tokenExpiresAt: tokens.expiresAt,
  });
}
