import { t, type TextKey, type TextVars } from './i18n';

/** The error codes of spec 7, with the HTTP status each one carries by default. */
export const ERROR_CODES = {
  invalid_request: { status: 422, title: 'Invalid request' },
  authentication_failed: { status: 401, title: 'Authentication failed' },
  permission_denied: { status: 403, title: 'Permission denied' },
  not_found: { status: 404, title: 'Not found' },
  idempotency_conflict: { status: 409, title: 'Idempotency conflict' },
  rate_limited: { status: 429, title: 'Rate limited' },
  board_type_mismatch: { status: 422, title: 'Board type mismatch' },
  team_size_mismatch: { status: 422, title: 'Team size mismatch' },
  duplicate_participant: { status: 422, title: 'Duplicate participant' },
  unknown_player: { status: 422, title: 'Unknown player' },
  board_locked: { status: 409, title: 'Board locked' },
  internal_error: { status: 500, title: 'Internal error' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** A code as its Problem `type` URL names it (spec 2.11: `{errors_url}/<code-with-hyphens>`). */
export const errorSlug = (code: ErrorCode): string => code.replace(/_/g, '-');

/** The code a `type` URL's last segment names, or null for none of spec 7's. */
export function errorCodeOfSlug(slug: string): ErrorCode | null {
  const code = slug.replace(/-/g, '_');
  return Object.hasOwn(ERROR_CODES, code) ? (code as ErrorCode) : null;
}

/**
 * What a refusal says to a member, in their language (issue 32): a catalogue key and its
 * variables. The API's `detail` stays English (an API client reads one language); chat and the
 * dashboard render `said` with `t` in the member's locale, and `detail` when there is none.
 */
export type Said = { readonly key: TextKey; readonly vars?: TextVars };

/**
 * The one typed error (STYLE.md 3): thrown where the fault is found, rendered as a Problem
 * document or an ephemeral reply only at the edge.
 */
export class TallyError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    options: { status?: number; retryAfterSeconds?: number; said?: Said } = {},
  ) {
    super(detail);
    this.name = 'TallyError';
    this.status = options.status ?? ERROR_CODES[code].status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.said = options.said;
  }

  readonly retryAfterSeconds: number | undefined;
  readonly said: Said | undefined;
}

/**
 * A refusal a member reads, written once in the catalogue: its English text is the error's
 * `detail` (the API's, the CLI's and the log's), and `said` lets chat and the dashboard say it in
 * the member's language.
 */
export const refusal = (
  code: ErrorCode,
  key: TextKey,
  vars: TextVars = {},
  options: { status?: number; retryAfterSeconds?: number } = {},
): TallyError => new TallyError(code, t(null, key, vars), { ...options, said: { key, vars } });

/** `refusal` for invalid_request, the usual one. */
export const invalidSaid = (key: TextKey, vars: TextVars = {}): TallyError =>
  refusal('invalid_request', key, vars);

/** What a TallyError tells a member in `locale`: its `said` if it has one, else its detail. */
export const toldIn = (err: TallyError, locale: string | null | undefined): string =>
  err.said ? t(locale, err.said.key, err.said.vars) : err.detail;

/** invalid_request at 400: the request cannot be read at all (spec 7). */
export const badRequest = (detail: string) =>
  new TallyError('invalid_request', detail, { status: 400 });
export const notFound = (detail: string) => new TallyError('not_found', detail);

/** A setting's value, or invalid_request naming it with its range (chat and CLI settings). */
export function wholeInRange(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    const vars = { name, min, max };
    throw new TallyError(
      'invalid_request',
      `${name} must be a whole number from ${min} to ${max}`,
      {
        said: { key: 'admin.errors.wholeInRange', vars },
      },
    );
  }
  return value;
}
