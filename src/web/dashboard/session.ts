import { timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { Request, RequestHandler, Response } from 'express';
import { TallyError, type ErrorCode } from '../../domain/errors';
import { t, type TextKey } from '../../domain/i18n';
import type { Context } from '../../pipeline/context';
import { sessionOf, type WebSession } from '../../pipeline/web-sessions';

/**
 * The session cookie and what guards a form (DESIGN.md 7): an opaque id, HttpOnly (no script
 * can read it), SameSite=Lax (a cross-site POST does not carry it), Secure with the `__Host-`
 * prefix when Tally is served over https (PUBLIC_URL), and a session-bound CSRF token plus a
 * same-origin check on every state-changing request.
 */
export interface CookieNames {
  session: string;
  signIn: string;
  secure: boolean;
}

export function cookieNames(publicUrl: string): CookieNames {
  const secure = publicUrl.startsWith('https:');
  // __Host-: the browser keeps it only if Secure, Path=/ and no Domain: no subdomain can plant it.
  return secure
    ? { session: '__Host-tally_session', signIn: '__Host-tally_sign_in', secure }
    : { session: 'tally_session', signIn: 'tally_sign_in', secure };
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.get('Cookie');
  return header ? parseCookie(header)[name] : undefined;
}

export function setCookie(
  res: Response,
  names: CookieNames,
  name: string,
  value: string,
  maxAgeSeconds: number,
): void {
  res.append(
    'Set-Cookie',
    stringifySetCookie(name, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: names.secure,
      path: '/',
      maxAge: maxAgeSeconds,
    }),
  );
}

export const clearCookie = (res: Response, names: CookieNames, name: string) =>
  setCookie(res, names, name, '', 0);

/** The signed-in session of this request, if any (set by `loadSession`). */
export const sessionIn = (res: Response): WebSession | null =>
  (res.locals.session as WebSession | undefined) ?? null;

/** The cookie's id of this request's session (for sign-out). */
export const sessionIdIn = (res: Response): string | null =>
  (res.locals.sessionId as string | undefined) ?? null;

/**
 * Reads the session cookie. On the dashboard an unknown or ended session is dropped from the
 * browser; on the public pages (`clear` false) it is only ignored, since their answers may be
 * stored by shared caches, which must never keep a Set-Cookie for everyone.
 */
export function loadSession(ctx: Context, names: CookieNames, clear = true): RequestHandler {
  return async (req, res, next) => {
    const id = readCookie(req, names.session);
    if (id) {
      const session = await sessionOf(ctx, id);
      if (session) {
        res.locals.session = session;
        res.locals.sessionId = id;
      } else if (clear) {
        clearCookie(res, names, names.session);
      }
    }
    next();
  };
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * A refusal of these checks: English detail, and the catalogue's text the error page shows in
 * the page's language (words.ts is not imported here: locale.ts reads this file's cookies).
 */
const said = (code: ErrorCode, key: TextKey, status?: number) =>
  new TallyError(code, t('en', key), { said: { key }, ...(status ? { status } : {}) });

/**
 * A state-changing request must come from one of Tally's own pages: the browser says so (Origin,
 * or Sec-Fetch-Site where a browser sends no Origin), checked from the headers alone so it runs
 * before any body is read. Anything else is refused before any use case runs.
 */
export function requireSameOrigin(publicUrl: string): RequestHandler {
  const origin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (!sessionIn(res)) {
      throw said('authentication_failed', 'dashboard.session.ended');
    }
    const from = req.get('Origin');
    const site = req.get('Sec-Fetch-Site');
    const sameOrigin = from !== undefined ? from === origin : site === 'same-origin';
    if (!sameOrigin) throw forged();
    next();
  };
}

/** The form's CSRF token (a field of the parsed body) must be the session's. */
export const requireCsrfToken: RequestHandler = (req, res, next) => {
  const session = sessionIn(res);
  const token = (req.body as Record<string, unknown> | undefined)?.csrf;
  if (!session || typeof token !== 'string' || !same(token, session.csrfToken)) throw forged();
  next();
};

const forged = () => said('permission_denied', 'dashboard.session.forged');

/**
 * A form's fields as text: a field sent twice (an array) or not at all is refused in one place,
 * so no handler meets anything but strings.
 */
export const textFields: RequestHandler = (req, _res, next) => {
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (Object.values(body).some((v) => typeof v !== 'string')) {
    throw said('invalid_request', 'dashboard.session.fieldTwice', 400);
  }
  next();
};

/**
 * Where to go after signing in: a path on this site only. Anything that could leave it (another
 * host, `//host`, `/\host`, a scheme, control characters) falls back to the dashboard.
 */
export function safeReturnPath(raw: unknown, publicUrl: string): string {
  const fallback = '/dashboard';
  if (typeof raw !== 'string' || raw.length > 400) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  if ([...raw].some((c) => c <= ' ' || c === '\u007f' || c === '\\')) return fallback;
  const base = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  if (!/^\/(dashboard|boards)(\/|$)/.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}`;
}
