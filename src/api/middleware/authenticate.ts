import type { RequestHandler } from 'express';
import { TallyError } from '../../domain/errors';
import type { Stamp } from '../../pipeline/read-caches';
import { bearerToken, type Authenticator, type Principal } from '../auth';

const failed = () =>
  new TallyError(
    'authentication_failed',
    'A valid API key is required: Authorization: Bearer <API_KEY>',
  );

/**
 * spec 5.10: runs before routing and before the limiter; every failure is the same 401. It also
 * takes the request's reading of the database generation (`stamps`), by which this request's
 * cached reads are judged, the key first (src/pipeline/read-caches.ts).
 */
export function authenticate(
  authenticator: Authenticator,
  stamps: () => Stamp | null = () => null,
): RequestHandler {
  return async (req, res, next) => {
    const token = presentedSecret(req.rawHeaders);
    const stamp = stamps();
    res.locals.readStamp = stamp;
    const principal = token === null ? null : await authenticator.authenticate(token, stamp);
    if (!principal) throw failed();
    res.locals.principal = principal;
    next();
  };
}

/**
 * The secret of the one `Authorization: Bearer` header, read from the raw header lines; null if
 * there is none or it is malformed, and if there are two (Node keeps only the first; two is
 * ambiguous). Scanning the few raw lines costs less than `headersDistinct`, which copies every
 * header of the request.
 */
export function presentedSecret(raw: string[]): string | null {
  let found: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 13 && name.toLowerCase() === 'authorization') {
      if (found !== undefined) return null;
      found = raw[i + 1];
    }
  }
  return bearerToken(found);
}

export const principalOf = (locals: Record<string, unknown>) => locals.principal as Principal;

/** The request's reading of the database generation; null: nothing cached may be served. */
export const readStampOf = (locals: Record<string, unknown>) =>
  (locals.readStamp as Stamp | null | undefined) ?? null;
