import type { components } from './schema.js';

/** The Problem document every failure of the API carries (spec 2.11). */
export type Problem = components['schemas']['Problem'];
/** What a client branches on (spec 7): never the title or the detail. */
export type ProblemCode = Problem['code'];

/** Every error this client throws, so one `instanceof` catches them all. */
export class TallyError extends Error {
  override name = 'TallyError';
}

/**
 * The API answered with a failure: its Problem document, with the `code` to branch on. A write
 * that ends here after retries (a 500 that kept coming back) is safe to send again with the same
 * Idempotency-Key, which the error carries.
 */
export class TallyApiError extends TallyError {
  override name = 'TallyApiError';
  readonly status: number;
  readonly code: ProblemCode;
  readonly requestId: string;
  /** How long the API asked to wait before trying again (429, an in-flight 409), if it did. */
  readonly retryAfterMs: number | null;
  /** The key a write was sent with; null for reads. */
  readonly idempotencyKey: string | null;

  constructor(
    readonly problem: Problem,
    init: { retryAfterMs: number | null; idempotencyKey: string | null },
  ) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.status = problem.status;
    this.code = problem.code;
    this.requestId = problem.request_id;
    this.retryAfterMs = init.retryAfterMs;
    this.idempotencyKey = init.idempotencyKey;
  }
}

/**
 * Something other than the API answered (a proxy's HTML error page, say) or the answer was not
 * what the contract describes.
 */
export class TallyResponseError extends TallyError {
  override name = 'TallyResponseError';
  constructor(
    readonly status: number,
    readonly body: string,
    readonly idempotencyKey: string | null,
  ) {
    super(`unexpected ${status} response: ${body.slice(0, 200)}`);
  }
}

/**
 * No answer at all (connection refused or reset, DNS), after every retry. The message names the
 * request and the reason under fetch's own "fetch failed" (`connect ECONNREFUSED 127.0.0.1:3000`),
 * so a wrong baseUrl or a server that is down reads as such.
 */
export class TallyNetworkError extends TallyError {
  override name = 'TallyNetworkError';
  constructor(
    cause: unknown,
    readonly idempotencyKey: string | null,
    /** The URL tried, with its method. */
    readonly request: { method: string; url: string } | null = null,
  ) {
    const at = request ? ` at ${request.method} ${request.url}` : '';
    super(`no answer from the API${at}: ${reasonOf(cause)}`, { cause });
  }
}

/** An error's message, with its cause's (fetch wraps the socket's error in "fetch failed"). */
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const inner = err.cause instanceof Error ? err.cause : null;
  if (!inner) return err.message;
  const detail =
    inner instanceof AggregateError && inner.errors[0] instanceof Error
      ? inner.errors.map((e: unknown) => (e instanceof Error ? e.message : String(e))).join(', ')
      : inner.message;
  return detail ? `${err.message} (${detail})` : err.message;
}

/** `waitForSubmission` ran out of time; the submission may still reach its outcome later. */
export class TallyWaitTimeoutError extends TallyError {
  override name = 'TallyWaitTimeoutError';
  constructor(
    readonly handle: string,
    /** The status last read, not terminal. */
    readonly lastStatus: components['schemas']['SubmissionStatus'],
    timeoutMs: number,
  ) {
    super(`${handle} was still ${lastStatus} after ${timeoutMs} ms`);
  }
}
