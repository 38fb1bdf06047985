import { assertContract, assertProblemDocument } from '../../support/contract';
import { headerOf, type RawResponse } from './raw-http';

/** spec 7: every code with the statuses it may carry. board_locked is reserved (never emitted). */
export const SPEC_CODES: Readonly<Record<string, readonly number[]>> = {
  invalid_request: [400, 413, 422],
  authentication_failed: [401],
  permission_denied: [403],
  not_found: [404],
  idempotency_conflict: [409],
  rate_limited: [429],
  board_type_mismatch: [422],
  team_size_mismatch: [422],
  duplicate_participant: [422],
  unknown_player: [422],
  internal_error: [500],
};

/** spec 4.1: the inbound X-Request-Id form that is honoured. */
export const USABLE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export interface Sent {
  method: string;
  /** The operation the request was aimed at; undefined for an unmatched route. */
  operationId?: string;
  /** False when the path is not valid percent-encoding: no operation can be said to match. */
  pathDecodes: boolean;
  /**
   * False when Node's HTTP parser must refuse the request (a CR, LF or NUL inside a header value,
   * an unknown or lower-case method, a head over 16 KB): then the answer is a plain 400 Problem.
   */
  parses: boolean;
  /** The X-Request-Id values sent (0, 1 or more). */
  requestIds: string[];
  /** Substrings that must never come back (markers planted in header values, secrets). */
  secrets: string[];
}

const fail = (what: string, res: RawResponse): never => {
  throw new Error(`${what}\nstatus ${res.status}\n${res.raw.slice(0, 1500)}`);
};

/**
 * The fuzzing invariant (issue 6.1): never a 5xx; either a well-formed Problem with a spec 7 code
 * at one of its statuses, or a success valid against the OpenAPI document; never HTML; never a
 * reflected header value; X-Request-Id honoured only in its usable form.
 */
export function checkInvariants(res: RawResponse, sent: Sent): void {
  if (res.status >= 500) fail('a 5xx answer', res);
  if (res.status < 200) fail('an informational answer', res);
  const contentType = headerOf(res, 'content-type') ?? '';
  if (/html/i.test(contentType) || /<(!doctype|html|body|pre)\b/i.test(res.text)) fail('HTML', res);
  for (const secret of sent.secrets) {
    if (secret.length > 0 && res.raw.includes(secret)) fail(`reflected "${secret}"`, res);
  }
  if (headerOf(res, 'x-api-lifecycle') !== 'beta') fail('X-API-Lifecycle is not beta', res);
  const requestId = headerOf(res, 'x-request-id');
  if (requestId === undefined || !USABLE_REQUEST_ID.test(requestId)) {
    fail(`X-Request-Id ${JSON.stringify(requestId)} is missing or not of the usable form`, res);
  }
  if (!sent.parses) {
    if (res.status !== 400) fail('an unparseable request is not a 400', res);
    checkProblem(res, { ...sent, operationId: undefined });
    if (sent.requestIds.includes(requestId ?? ''))
      fail('X-Request-Id of an unparseable request reflected', res);
    return;
  }
  const [only, ...more] = sent.requestIds;
  if (only !== undefined && more.length === 0 && USABLE_REQUEST_ID.test(only)) {
    if (requestId !== only) fail(`usable X-Request-Id ${only} not honoured`, res);
  } else if (sent.requestIds.includes(requestId ?? '')) {
    fail(`unusable X-Request-Id ${requestId} reflected`, res);
  }
  if (res.status >= 400) checkProblem(res, sent);
  else if (sent.operationId === undefined) fail('success on an unmatched route', res);
  else if (sent.method !== 'HEAD') assertContract(res, sent.operationId);
}

function checkProblem(res: RawResponse, sent: Sent): void {
  const contentType = headerOf(res, 'content-type') ?? '';
  if (!contentType.startsWith('application/problem+json'))
    fail('a failure that is not application/problem+json', res);
  if (sent.method === 'HEAD') return; // no body to judge
  assertProblemDocument(res.body);
  const body = res.body as { status: number; code: string; request_id: string; type: string };
  const statuses = SPEC_CODES[body.code];
  if (!statuses?.includes(res.status))
    fail(`code ${body.code} at status ${res.status} is not in spec 7`, res);
  if (body.status !== res.status) fail('body.status differs from the HTTP status', res);
  if (body.request_id !== headerOf(res, 'x-request-id'))
    fail('request_id differs from X-Request-Id', res);
  if (!body.type.endsWith(`/${body.code.replace(/_/g, '-')}`))
    fail('type does not name the code', res);
  if (sent.operationId !== undefined && sent.pathDecodes) assertContract(res, sent.operationId);
}
