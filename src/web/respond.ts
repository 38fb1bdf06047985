import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';

/**
 * How the public pages answer: HTML or PNG with a weak ETag (a 304 when the visitor's copy is
 * current) and a short public max-age, or text that is never stored (errors, refusals).
 */

/**
 * No script runs on these pages but the live pages' own (web/live.ts: by its hash, which a page
 * adds with `allowScripts`); the policy makes that hold even if escaping ever slipped. Forms
 * (the head-to-head picker) may only send to this site, and pictures may only come from it (a
 * contest's entries) and from Discord's CDN, exactly (members' avatars, servers' icons: the
 * origin of DISCORD_CDN_URL, which `pageHeaders` was given). No other site may frame a page
 * (frame-ancestors, which default-src does not cover): standings under someone else's buttons
 * are a clickjacking page.
 */
const FRAMING = "frame-ancestors 'none'";
const IMAGE_HOST = 'tallyImageHost';
const SCRIPTS = 'tallyScripts';
const policy = (res: Response) => {
  const host = res.locals[IMAGE_HOST] as string | undefined;
  const scripts = res.locals[SCRIPTS] as string | undefined;
  return `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'${host ? ` ${host}` : ''}; base-uri 'none'; form-action 'self'; ${FRAMING}${scripts ? `; ${scripts}` : ''}`;
};

/** The directives a page that runs a script of Tally's adds to its policy (web/live.ts). */
export const allowScripts = (res: Response, directives: string) => {
  res.locals[SCRIPTS] = directives;
};

/**
 * What every answer under /boards carries, pictures, text faults and refusals included (the HTML
 * answers then set their fuller CSP, which keeps frame-ancestors):
 * - no framing, by CSP and by X-Frame-Options for browsers that predate frame-ancestors;
 * - no Referer from these pages: they link only to themselves and load only avatars from
 *   Discord's CDN, and their address names a player and whom they were compared with (?vs=),
 *   which is no other site's business. Tally reads no Referer, so nothing here needs one.
 */
export function pageHeaders(imageHost: string): RequestHandler {
  const origin = new URL(imageHost).origin;
  return (_req, res, next) => {
    res.locals[IMAGE_HOST] = origin;
    res.set({
      'Content-Security-Policy': `default-src 'none'; ${FRAMING}`,
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
    });
    next();
  };
}

/** How long a visitor or a proxy may reuse a page without asking (seconds). */
export const MAX_AGE = {
  /** Standings "updated live": a refresh a few seconds later may reuse, then revalidates. */
  live: 15,
  /** The landing's list of servers: a new board or server shows within a minute. */
  landing: 60,
  /** The error reference (/errors): it changes only with a release. */
  reference: 3_600,
  /** An ended season's archive never changes; only its seasons menu may grow. */
  archive: 300,
  /** Pictures: an unfurler fetches once; a 304 after that is cheap. */
  image: 60,
  /** A picture whose URL names its content (?v=…): the same bytes for as long as it is asked. */
  versioned: 86_400,
  /** A stored picture, named by the hash of its bytes: those bytes forever. */
  immutable: 31_536_000,
} as const;

/** A short stable hash: ETags, picture versions and renderer cache keys. */
export const digest = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, 22);
};

/** Sets the validator and caching; true when the visitor's copy is current (a 304 was sent). */
function notModified(req: Request, res: Response, etag: string, maxAge: number): boolean {
  res.set({
    ETag: `W/"${etag}"`,
    'Cache-Control': `public, max-age=${maxAge}`,
    'X-Content-Type-Options': 'nosniff',
  });
  if (!matches(req.get('If-None-Match'), etag)) return false;
  res.status(304).end();
  return true;
}

/**
 * RFC 9110 13.1.2: If-None-Match by weak comparison. Not Express's req.fresh, which ignores the
 * validators of a request that also says Cache-Control: no-cache (as fetch() does for every
 * conditional request): that directive is for caches on the way, not the origin.
 */
function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${etag}"`);
}

/** A page that may be cached; an error or refusal page is sent with `sendPlainHtml`. */
export function sendPage(req: Request, res: Response, html: string, maxAge: number): void {
  res.set('Content-Security-Policy', policy(res));
  if (notModified(req, res, digest(html), maxAge)) return;
  res.status(200).type('text/html; charset=utf-8').send(html);
}

/** An answer no cache keeps (`cacheControl` says how), without an ETag, so never a 304. */
function sendUnstored(res: Response, status: number, html: string, cacheControl: string): void {
  res.removeHeader('ETag');
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': cacheControl,
      'Content-Security-Policy': policy(res),
      'X-Content-Type-Options': 'nosniff',
    })
    .send(html);
}

/**
 * A page only a signed-in member may see (a private board's, an index listing one): kept by no
 * cache, the browser's included, and without an ETag, so there is no 304 to ask for.
 */
export const sendPrivatePage = (res: Response, html: string): void =>
  sendUnstored(res, 200, html, 'private, no-store');

/** Error and refusal pages: never stored, so a fixed fault is seen at once. */
export const sendPlainHtml = (res: Response, status: number, html: string): void =>
  sendUnstored(res, status, html, 'no-store');

/** A picture's address (a card, a chart, a stored picture): its faults are answered in text. */
export const isPicturePath = (path: string) => /\.(?:png|webp)$/.test(path);

/** The picture endpoints' faults: text, as an image client (or a person) can read it. */
export function sendText(res: Response, status: number, text: string): void {
  res.removeHeader('ETag');
  res
    .status(status)
    .set({
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    })
    .send(`${text}\n`);
}

/**
 * A picture named by `etag` (a hash of what it shows): a 304 before anything is rendered when
 * the client holds it; otherwise `render` makes the bytes.
 */
export async function sendPng(
  req: Request,
  res: Response,
  etag: string,
  maxAge: number,
  render: () => Promise<Buffer>,
): Promise<void> {
  if (notModified(req, res, etag, maxAge)) return;
  const png = await render();
  res.status(200).type('image/png').send(png);
}

/**
 * A stored picture (GET /images/{hash}.webp): its name is the SHA-256 of its bytes, so it is
 * cached for a year as immutable and its strong ETag is the hash; a client holding it gets a 304.
 * One that only private boards show (`privateOnly`) is a member's: not stored, no ETag.
 */
export function sendImageFile(
  req: Request,
  res: Response,
  hash: string,
  bytes: Buffer,
  privateOnly = false,
): void {
  res.set(
    privateOnly
      ? { 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' }
      : {
          ETag: `"${hash}"`,
          'Cache-Control': `public, max-age=${MAX_AGE.immutable}, immutable`,
          'X-Content-Type-Options': 'nosniff',
        },
  );
  if (!privateOnly && matches(req.get('If-None-Match'), hash)) {
    res.status(304).end();
    return;
  }
  res.status(200).type('image/webp').send(bytes);
}
