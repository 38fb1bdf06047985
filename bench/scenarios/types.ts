/**
 * A scenario is one kind of request the harness measures. It is split in two halves because
 * they run in different processes: `prepare` runs in the harness (it may read the seeded
 * database) and returns plain JSON parameters; `request` runs in the load generator for every
 * request it sends, so it must be cheap and import nothing heavy.
 */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, starting with '/'. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What `prepare` may use: the board under test and read access to its database. */
export interface PrepareContext {
  /** The board's public id and primary key, and how many entries it was seeded with. */
  board: { id: string; pk: number; size: number };
  /** Runs one SQL statement against the seeded database (placeholders `?`). */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Player id of the i-th seeded player (0 ≤ i < size). */
  playerId(i: number): string;
}

export interface Scenario<P = unknown> {
  name: string;
  description: string;
  prepare(ctx: PrepareContext): Promise<P>;
  /**
   * The seq-th request of a run. seq is unique per load-generator process and grows by one per
   * request, so a write scenario can derive a fresh Idempotency-Key from it.
   */
  request(params: P, seq: number): HttpRequest;
  /**
   * Requests repeat after this many seq values (a read scenario rotating through a list), so the
   * load generators may build them once. Leave it out when every request must differ.
   */
  distinct?(params: P): number;
  /** Answers that count as success (default: any 2xx). */
  okStatus?: (status: number) => boolean;
}
