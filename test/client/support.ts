/** One try the client sent, as it went over the wire. */
export interface Sent {
  method: string;
  /** Path and query. */
  path: string;
  /** The answer's status; 0 when there was none (a network error). */
  status: number;
  /** When it was sent (ms since the epoch) and when its answer came. */
  at: number;
  answeredAt: number;
  idempotencyKey: string | null;
  requestId: string | null;
  retryAfter: string | null;
  rateLimitRemaining: string | null;
}

/**
 * The global fetch, noting every try in `sent`: the client under test sends for real, and the
 * test sees each request and answer (retries included) the way a packet capture would.
 */
export function recordingFetch(sent: Sent[]): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const entry: Sent = {
      method: request.method,
      path: url.pathname + url.search,
      status: 0,
      at: Date.now(),
      answeredAt: 0,
      idempotencyKey: request.headers.get('Idempotency-Key'),
      requestId: null,
      retryAfter: null,
      rateLimitRemaining: null,
    };
    sent.push(entry);
    const response = await fetch(request);
    entry.answeredAt = Date.now();
    entry.status = response.status;
    entry.requestId = response.headers.get('X-Request-Id');
    entry.retryAfter = response.headers.get('Retry-After');
    entry.rateLimitRemaining = response.headers.get('RateLimit-Remaining');
    return response;
  };
}
