import type { RequestHandler } from 'express';
import { TallyError } from '../../domain/errors';
import type { Scope } from '../../domain/scopes';
import { principalOf } from './authenticate';

/**
 * spec 5.2 and 5.4: test keys never write, whatever their scopes; scopes are checked exactly,
 * without implication.
 */
export function requireScope(scope: Scope, write: boolean): RequestHandler {
  return (_req, res, next) => {
    const principal = principalOf(res.locals);
    if (write && principal.type === 'test') {
      throw new TallyError(
        'permission_denied',
        'Test keys (sk_test_) serve reads only; use a live key to write',
      );
    }
    if (!principal.scopes.includes(scope)) {
      throw new TallyError(
        'permission_denied',
        `This key lacks the scope ${scope}; it has: ${principal.scopes.join(', ') || 'none'}`,
      );
    }
    next();
  };
}
