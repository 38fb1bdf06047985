import type { RequestHandler } from 'express';
import { TallyError } from '../../domain/errors';
import { bearerToken, type Authenticator, type Principal } from '../auth';

const failed = () =>
  new TallyError(
    'authentication_failed',
    'A valid API key is required: Authorization: Bearer <API_KEY>',
  );

/** spec 5.10: runs before routing and before the limiter; every failure is the same 401. */
export function authenticate(authenticator: Authenticator): RequestHandler {
  return async (req, res, next) => {
    // Node keeps only the first of repeated Authorization headers; two of them is ambiguous.
    const headers = req.headersDistinct.authorization;
    if (headers !== undefined && headers.length !== 1) throw failed();
    const token = bearerToken(headers?.[0]);
    const principal = token === null ? null : await authenticator.authenticate(token);
    if (!principal) throw failed();
    res.locals.principal = principal;
    next();
  };
}

export const principalOf = (locals: Record<string, unknown>) => locals.principal as Principal;
