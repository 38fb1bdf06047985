import { TallyError, type ErrorCode } from '../domain/errors';
import { t, type TextKey, type TextVars } from '../domain/i18n';

/**
 * A refusal a member reads (issue 32): its English text is the error's `detail` (the API's and
 * the CLI's, as before), and `said` lets chat and the dashboard say it in the member's language.
 */
export const refusal = (code: ErrorCode, key: TextKey, vars: TextVars = {}): TallyError =>
  new TallyError(code, t(null, key, vars), { said: { key, vars } });

/** `refusal` for invalid_request, the usual one. */
export const invalidSaid = (key: TextKey, vars: TextVars = {}): TallyError =>
  refusal('invalid_request', key, vars);
