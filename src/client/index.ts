import createClient, { type Client } from 'openapi-fetch';
import {
  TallyApiError,
  TallyNetworkError,
  TallyResponseError,
  TallyWaitTimeoutError,
  type Problem,
} from './errors.js';
import { jittered, RateLimitGate, retryAfterMs, sleep } from './retry.js';
import type { components, paths } from './schema.js';

/**
 * A client for the Leaderboard Scoring API, typed from its OpenAPI description
 * (openapi/openapi.yaml → src/client/schema.ts by openapi-typescript; calls go through
 * openapi-fetch). What the spec leaves to callers is done here: Idempotency-Keys and safe retries
 * of writes (spec 4.11), rate limits (spec 8), polling a handle with back-off (spec 6), cursor
 * pages (spec 2.10) and Problem documents as typed errors (spec 7).
 */

export * from './errors.js';
export type { components, paths } from './schema.js';

type Schemas = components['schemas'];
export type Board = Schemas['Board'];
export type BoardList = Schemas['BoardList'];
export type Entry = Schemas['Entry'];
export type EntryList = Schemas['EntryList'];
export type Match = Schemas['Match'];
export type MatchList = Schemas['MatchList'];
export type MatchStatus = Schemas['MatchStatus'];
export type MatchWrite = Schemas['MatchWriteElo'] | Schemas['MatchWriteLeague'];
export type ScoreWrite = Schemas['ScoreWrite'];
export type Participant = Schemas['Participant'];
export type Submission = Schemas['Submission'];
export type SubmissionStatus = Schemas['SubmissionStatus'];
export type WriteAccepted = Schemas['WriteAccepted'];

/** Statuses a submission never leaves (spec 3.1). */
export const TERMINAL_STATUSES: readonly SubmissionStatus[] = ['approved', 'rejected', 'failed'];

export interface TallyClientOptions {
  /** Where Tally serves, such as `http://localhost:3000`; `/v1` is added unless it is there. */
  baseUrl: string;
  /** `sk_live_…` or `sk_test_…` (test keys read only). */
  apiKey: string;
  /** The fetch to send with (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
  /** Retries of one call after its first try: network errors, 5xx, 429, in-flight 409. Default 4. */
  maxRetries?: number;
  /** The longest single wait a retry may take; a longer Retry-After fails the call. Default 60 s. */
  maxWaitMs?: number;
  /** The first back-off after a network error or a 5xx, doubled each try (with jitter). Default 250 ms. */
  retryBaseMs?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface PageOptions extends CallOptions {
  /** 1–200; the API's default is 50. */
  limit?: number;
  cursor?: string;
}

export interface MatchPageOptions extends PageOptions {
  /** Only matches this participant took part in (namespaced id or bare snowflake). */
  player?: string;
  status?: MatchStatus;
}

export interface WriteOptions extends CallOptions {
  /**
   * The write's Idempotency-Key (1–255 characters). Give your own to make a write safe to repeat
   * across restarts of your program; one is generated otherwise. Every retry sends the same key.
   */
  idempotencyKey?: string;
}

/** What a write got back. */
export interface Written {
  accepted: WriteAccepted;
  /** 201: applied within the API's wait (auto-applying boards); 202: queued, poll the handle. */
  status: 201 | 202;
  /** The API answered with the stored response of an earlier try with this key. */
  replayed: boolean;
  idempotencyKey: string;
}

export interface WaitOptions extends CallOptions {
  /** Give up after this long (TallyWaitTimeoutError). Default 60 s. */
  timeout?: number;
  /** The first pause between polls; each next one is twice as long, up to `maxDelayMs`. Default 250 ms. */
  initialDelayMs?: number;
  /** Default 5 s. */
  maxDelayMs?: number;
}

/** What openapi-fetch returns for one call. */
interface Fetched<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

export class TallyClient {
  private readonly api: Client<paths>;
  private readonly fetch: (request: Request) => Promise<Response>;
  private readonly maxRetries: number;
  private readonly maxWaitMs: number;
  private readonly retryBaseMs: number;
  private readonly gate = new RateLimitGate();

  constructor(options: TallyClientOptions) {
    const base = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? ((request) => globalThis.fetch(request));
    this.maxRetries = options.maxRetries ?? 4;
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
    this.retryBaseMs = options.retryBaseMs ?? 250;
    this.api = createClient<paths>({
      baseUrl: base.endsWith('/v1') ? base : `${base}/v1`,
      headers: { Authorization: `Bearer ${options.apiKey}` },
      fetch: (request) => this.send(request),
    });
  }

  /** GET /boards: one page of the key owner's boards, oldest first. */
  async listBoards(options: PageOptions = {}): Promise<BoardList> {
    const { limit, cursor, signal } = options;
    return this.read(
      await this.api.GET('/boards', { params: { query: { limit, cursor } }, signal }),
    );
  }

  /** GET /boards/{board}. */
  async getBoard(board: string, options: CallOptions = {}): Promise<Board> {
    return this.read(
      await this.api.GET('/boards/{board}', {
        params: { path: { board } },
        signal: options.signal,
      }),
    );
  }

  /** GET /boards/{board}/entries: one page of standings, best first. */
  async listEntries(board: string, options: PageOptions = {}): Promise<EntryList> {
    const { limit, cursor, signal } = options;
    return this.read(
      await this.api.GET('/boards/{board}/entries', {
        params: { path: { board }, query: { limit, cursor } },
        signal,
      }),
    );
  }

  /** GET /boards/{board}/entries/{player_id}: one standing with its live rank. */
  async getEntry(board: string, playerId: string, options: CallOptions = {}): Promise<Entry> {
    return this.read(
      await this.api.GET('/boards/{board}/entries/{player_id}', {
        params: { path: { board, player_id: playerId } },
        signal: options.signal,
      }),
    );
  }

  /** GET /boards/{board}/matches: one page of matches, newest first. */
  async listMatches(board: string, options: MatchPageOptions = {}): Promise<MatchList> {
    const { limit, cursor, player, status, signal } = options;
    return this.read(
      await this.api.GET('/boards/{board}/matches', {
        params: { path: { board }, query: { limit, cursor, player, status } },
        signal,
      }),
    );
  }

  /** GET /boards/{board}/matches/{match_id}. */
  async getMatch(board: string, matchId: number, options: CallOptions = {}): Promise<Match> {
    return this.read(
      await this.api.GET('/boards/{board}/matches/{match_id}', {
        params: { path: { board, match_id: matchId } },
        signal: options.signal,
      }),
    );
  }

  /** POST /boards/{board}/matches. */
  async createMatch(board: string, body: MatchWrite, options: WriteOptions = {}): Promise<Written> {
    const idempotencyKey = options.idempotencyKey ?? globalThis.crypto.randomUUID();
    const fetched = await this.api.POST('/boards/{board}/matches', {
      params: { path: { board }, header: { 'Idempotency-Key': idempotencyKey } },
      body,
      signal: options.signal,
    });
    return this.written(fetched, idempotencyKey);
  }

  /** POST /boards/{board}/scores. */
  async createScore(board: string, body: ScoreWrite, options: WriteOptions = {}): Promise<Written> {
    const idempotencyKey = options.idempotencyKey ?? globalThis.crypto.randomUUID();
    const fetched = await this.api.POST('/boards/{board}/scores', {
      params: { path: { board }, header: { 'Idempotency-Key': idempotencyKey } },
      body,
      signal: options.signal,
    });
    return this.written(fetched, idempotencyKey);
  }

  /** GET /submissions/{handle}: the live state of a write. */
  async getSubmission(handle: string, options: CallOptions = {}): Promise<Submission> {
    return this.read(
      await this.api.GET('/submissions/{handle}', {
        params: { path: { handle } },
        signal: options.signal,
      }),
    );
  }

  /**
   * Polls a handle until its submission is approved, rejected or failed (spec 6: no events, poll
   * with increasing back-off). The first look is at once; then pauses double from
   * `initialDelayMs` to `maxDelayMs`, each shortened by a random part of its half so many
   * waiting clients do not poll in step.
   */
  async waitForSubmission(handle: string, options: WaitOptions = {}): Promise<Submission> {
    const { timeout = 60_000, signal, initialDelayMs = 250, maxDelayMs = 5_000 } = options;
    const deadline = Date.now() + timeout;
    let delay = initialDelayMs;
    for (;;) {
      const submission = await this.getSubmission(handle, { signal });
      if (TERMINAL_STATUSES.includes(submission.status)) return submission;
      const left = deadline - Date.now();
      if (left <= 0) throw new TallyWaitTimeoutError(handle, submission.status, timeout);
      await sleep(Math.min(jittered(delay), left), signal);
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }

  /** Every board of the key's owner, page after page. */
  boards(options: Omit<PageOptions, 'cursor'> = {}): AsyncGenerator<Board> {
    return this.each((cursor) => this.listBoards({ ...options, cursor }));
  }

  /** Every standing of a board, best first, page after page (ties resume where they were cut). */
  entries(board: string, options: Omit<PageOptions, 'cursor'> = {}): AsyncGenerator<Entry> {
    return this.each((cursor) => this.listEntries(board, { ...options, cursor }));
  }

  /** Every match of a board (optionally one player's, or of one status), newest first. */
  matches(board: string, options: Omit<MatchPageOptions, 'cursor'> = {}): AsyncGenerator<Match> {
    return this.each((cursor) => this.listMatches(board, { ...options, cursor }));
  }

  private async *each<T>(
    page: (cursor: string | undefined) => Promise<{
      data: T[];
      has_more: boolean;
      next_cursor: string | null;
    }>,
  ): AsyncGenerator<T> {
    let cursor: string | undefined;
    do {
      const { data, has_more, next_cursor } = await page(cursor);
      yield* data;
      // has_more, not a short page, says whether there is more (spec 2.10).
      cursor = has_more && next_cursor !== null ? next_cursor : undefined;
    } while (cursor !== undefined);
  }

  private read<T>(fetched: Fetched<T>): T {
    if (fetched.response.ok && fetched.data !== undefined) return fetched.data;
    throw failure(fetched, null);
  }

  private written(fetched: Fetched<WriteAccepted>, idempotencyKey: string): Written {
    const { response, data } = fetched;
    if ((response.status === 201 || response.status === 202) && data !== undefined) {
      return {
        accepted: data,
        status: response.status,
        replayed: response.headers.get('Idempotent-Replayed') === 'true',
        idempotencyKey,
      };
    }
    throw failure(fetched, idempotencyKey);
  }

  /**
   * One call with its retries, all with the same request (so a write keeps its Idempotency-Key):
   * network errors and 5xx after a growing back-off, a 429 and an in-flight 409 after their
   * Retry-After. Nothing else is retried: a 409 without Retry-After is a key reused with another
   * body, and every 4xx would come back the same.
   */
  private async send(request: Request): Promise<Response> {
    const bucket = RateLimitGate.bucketOf(request.method);
    const key = request.headers.get('Idempotency-Key');
    for (let attempt = 0; ; attempt++) {
      await this.gate.ready(bucket, request.signal);
      let response: Response;
      try {
        response = await this.fetch(request.clone());
      } catch (err) {
        if (request.signal.aborted) throw request.signal.reason;
        if (attempt >= this.maxRetries) {
          throw new TallyNetworkError(err, key, { method: request.method, url: request.url });
        }
        await sleep(jittered(this.backoff(attempt)), request.signal);
        continue;
      }
      this.gate.observe(bucket, response);
      const wait = attempt < this.maxRetries ? await this.retryWait(response, attempt, key) : null;
      if (wait === null) return response;
      await response.body?.cancel();
      await sleep(wait, request.signal);
    }
  }

  /** How long to wait before sending again, or null to answer with this response. */
  private async retryWait(response: Response, attempt: number, key: string | null) {
    const after = retryAfterMs(response);
    if (after !== null && after > this.maxWaitMs) return null;
    if (response.status === 429) return after ?? this.backoff(attempt);
    if (response.status === 409 && key !== null && after !== null) {
      // In flight (spec 4.11.4) rather than reused with another body: both are
      // idempotency_conflict, only the first tells when to come back.
      const problem = (await response
        .clone()
        .json()
        .catch(() => null)) as Partial<Problem> | null;
      return problem?.code === 'idempotency_conflict' ? after : null;
    }
    if (response.status >= 500) return after ?? jittered(this.backoff(attempt));
    return null;
  }

  private backoff(attempt: number): number {
    return Math.min(this.retryBaseMs * 2 ** attempt, this.maxWaitMs);
  }
}

/** The typed error for a failed call: the Problem when the API sent one. */
function failure(fetched: Fetched<unknown>, idempotencyKey: string | null): Error {
  const { response, error } = fetched;
  if (isProblem(error)) {
    return new TallyApiError(error, { retryAfterMs: retryAfterMs(response), idempotencyKey });
  }
  const body = typeof error === 'string' ? error : JSON.stringify(error ?? null);
  return new TallyResponseError(response.status, body, idempotencyKey);
}

function isProblem(value: unknown): value is Problem {
  const p = value as Partial<Problem> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.code === 'string' &&
    typeof p.status === 'number' &&
    typeof p.request_id === 'string'
  );
}

/** `new TallyClient(options)`. */
export const createTallyClient = (options: TallyClientOptions) => new TallyClient(options);
