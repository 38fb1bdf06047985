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

/** No answer at all (connection refused or reset, DNS), after every retry. */
export class TallyNetworkError extends TallyError {
  override name = 'TallyNetworkError';
  constructor(
    cause: unknown,
    readonly idempotencyKey: string | null,
  ) {
    super(`no answer from the API: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
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
