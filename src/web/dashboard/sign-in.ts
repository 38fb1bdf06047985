import { generateCodeVerifier, generateState } from 'arctic';
import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { link } from '../html';
import { log } from '../../log';
import type { Context } from '../../pipeline/context';
import {
  beginSignIn,
  closeSession,
  openSession,
  SESSION_TIMES,
  takeSignIn,
} from '../../pipeline/web-sessions';
import { DiscordUnavailable, type DiscordAccount } from './discord-account';
import { dashboardHtml, sendDashboard } from './layout';
import type { MemberAccessReader } from './member-access';
import { wordsOf, type DashboardKey } from './words';
import {
  clearCookie,
  readCookie,
  safeReturnPath,
  sessionIdIn,
  sessionIn,
  setCookie,
  type CookieNames,
} from './session';

/**
 * Sign-in with Discord (OAuth2 authorization code with PKCE, DESIGN.md 7):
 *
 *   GET  /auth/sign-in?return=/dashboard/…   a new `state` and verifier, remembered on the server
 *                                            and the state in a short cookie; off to Discord
 *   GET  /auth/callback?code&state           the state must be this browser's and unused; the
 *                                            code is exchanged, a new session opens
 *   POST /auth/sign-out                      the session's row is deleted
 *
 * Nothing secret is ever in a URL Tally makes or a line it logs: the code and state are
 * Discord's one-time values, and the session id lives only in the cookie.
 */
export interface SignInDeps {
  ctx: Context;
  discord: DiscordAccount;
  access: MemberAccessReader;
  cookies: CookieNames;
}

export function startSignIn({ ctx, discord, cookies }: SignInDeps): RequestHandler {
  return async (req, res) => {
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    const returnTo = safeReturnPath(req.query.return, ctx.config.publicUrl);
    await beginSignIn(ctx, { state, codeVerifier, returnTo });
    setCookie(res, cookies, cookies.signIn, state, SESSION_TIMES.signInMs / 1000);
    res
      .set('Cache-Control', 'no-store')
      .redirect(303, discord.authorizeUrl(state, codeVerifier).href);
  };
}

function refused(
  req: Request,
  res: Response,
  status: number,
  title: DashboardKey,
  text: DashboardKey,
): void {
  const w = wordsOf(req);
  const body = `<h1>${w.h(title)}</h1>\n<p>${w.h(text)}</p>\n<p>${link('/auth/sign-in', w.h('layout.signIn'))}</p>`;
  sendDashboard(res, status, dashboardHtml(w.t(title), body, { session: null, w }));
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function finishSignIn({ ctx, discord, cookies }: SignInDeps): RequestHandler {
  return async (req: Request, res: Response) => {
    const { code, state, error } = req.query;
    const browserState = readCookie(req, cookies.signIn);
    clearCookie(res, cookies, cookies.signIn);
    if (typeof state !== 'string' || !browserState || !sameText(state, browserState)) {
      // Not this browser's sign-in (a link someone sent, or an old tab): never accepted.
      refused(req, res, 400, 'signIn.notCompleted', 'signIn.otherBrowser');
      return;
    }
    const started = await takeSignIn(ctx, state);
    if (!started) {
      refused(req, res, 400, 'signIn.notCompleted', 'signIn.used');
      return;
    }
    if (typeof error === 'string' || typeof code !== 'string') {
      refused(req, res, 403, 'signIn.cancelled', 'signIn.cancelledText');
      return;
    }
    let tokens;
    let user;
    try {
      tokens = await discord.exchange(code, started.codeVerifier);
      user = tokens ? await discord.user(tokens.accessToken) : null;
    } catch (err) {
      if (!(err instanceof DiscordUnavailable)) throw err;
      log.warn('sign-in: Discord did not answer', {
        requestId: res.locals.requestId,
        err: err.message,
      });
      refused(req, res, 503, 'signIn.discordDown', 'signIn.discordDownText');
      return;
    }
    if (!tokens || !user) {
      refused(req, res, 400, 'signIn.notCompleted', 'signIn.notAccepted');
      return;
    }
    const previous = sessionIdIn(res);
    if (previous) await closeSession(ctx, previous); // a new id at every sign-in
    const { id } = await openSession(ctx, user, tokens);
    setCookie(res, cookies, cookies.session, id, SESSION_TIMES.absoluteMs / 1000);
    log.info('signed in', { requestId: res.locals.requestId, user: user.id });
    res.set('Cache-Control', 'no-store').redirect(303, started.returnTo);
  };
}

export function signOut({ ctx, discord, access, cookies }: SignInDeps): RequestHandler {
  return async (_req, res) => {
    const id = sessionIdIn(res);
    const session = sessionIn(res);
    if (id) await closeSession(ctx, id);
    if (session) {
      access.forget(session);
      await discord.revoke(session.refreshToken);
    }
    clearCookie(res, cookies, cookies.session);
    res.set('Cache-Control', 'no-store').redirect(303, '/dashboard');
  };
}
