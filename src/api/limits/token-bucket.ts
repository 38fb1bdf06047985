/**
 * Token buckets for the per-key read and write rate limits (spec 8). This module holds the types
 * and the pure arithmetic; memory-buckets.ts applies it in process and redis-buckets.ts mirrors
 * it line for line in Lua. Both must agree bit for bit, so every quantity is an integer:
 * one token = periodMs units, each elapsed millisecond adds `capacity` units, and a full bucket
 * holds capacity * periodMs units. Integers below 2^53 are exact in JS numbers and Lua doubles,
 * and floor/ceil of a quotient of such integers is exact too.
 */

export interface BucketSpec {
  /** Tokens in a full bucket (spec 8: 600 reads or 60 writes). */
  capacity: number;
  /** Time in which an empty bucket refills completely, continuously (spec 8: one minute). */
  periodMs: number;
}

export interface TakeResult {
  allowed: boolean;
  /** The capacity (RateLimit-Limit, spec 4.1). */
  limit: number;
  /** Whole tokens left after this take (RateLimit-Remaining). */
  remaining: number;
  /** Delta-seconds until the bucket is whole again, 0 if full (spec 8: RateLimit-Reset). */
  resetSeconds: number;
  /** 0 when allowed; else the shortest correct wait for one token, >= 1 (spec 8: Retry-After). */
  retryAfterSeconds: number;
  /** The clock reading used, so X-RateLimit-Reset = ceil(nowMs / 1000 + resetSeconds). */
  nowMs: number;
}

export interface TokenBuckets {
  take(key: string, spec: BucketSpec): Promise<TakeResult>;
  close(): Promise<void>;
}

/** A bucket as stored: its level in units as of `ts` (ms), the latest clock reading seen. */
export interface BucketState {
  level: number;
  ts: number;
}

/**
 * An idle bucket is dropped only once it has been full for this long. Dropping is harmless (a
 * missing bucket starts full), and the grace keeps a clock that steps back a little (another
 * process, an explicit test clock) from finding a bucket gone that it would still see part-empty.
 */
export const IDLE_GRACE_MS = 1_000;

/** Refuse specs whose unit arithmetic would leave the exact integer range. */
export function checkSpec(spec: BucketSpec): void {
  const { capacity, periodMs } = spec;
  if (!Number.isSafeInteger(capacity) || capacity < 1)
    throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
  if (!Number.isSafeInteger(periodMs) || periodMs < 1)
    throw new RangeError(`periodMs must be a positive integer, got ${periodMs}`);
  if (!Number.isSafeInteger(capacity * periodMs))
    throw new RangeError('capacity * periodMs must stay below 2^53');
}

/**
 * The bucket's level at `now`. Spec 8: refill continuously, not on a window boundary. A clock
 * reading earlier than `ts` adds nothing and keeps `ts` (clocks of different processes disagree;
 * going back must never mint tokens, and keeping the latest reading avoids counting an interval
 * twice). The clamp to [0, full] also absorbs a spec changed between deployments.
 */
export function refill(state: BucketState | undefined, spec: BucketSpec, now: number): BucketState {
  const full = spec.capacity * spec.periodMs;
  if (state === undefined) return { level: full, ts: now }; // a new bucket starts full
  let { level, ts } = state;
  if (now > ts) {
    const elapsed = now - ts;
    // elapsed >= periodMs refills even an empty bucket; short-circuit so huge gaps cannot overflow
    level = elapsed >= spec.periodMs ? full : Math.min(full, level + elapsed * spec.capacity);
    ts = now;
  }
  return { level: Math.max(0, Math.min(full, level)), ts };
}

/** Milliseconds (after `state.ts`) until the level reaches `target` units; 0 if already there. */
export function msUntil(state: BucketState, spec: BucketSpec, target: number): number {
  return state.level >= target ? 0 : Math.ceil((target - state.level) / spec.capacity);
}

/**
 * One take: refill, then consume one token if a whole one is there. A rejected take consumes
 * nothing (the returned state is only the refilled one). Waits are measured from `now`, so they
 * include any lag of `now` behind the stored `ts`.
 */
export function takeToken(
  state: BucketState | undefined,
  spec: BucketSpec,
  now: number,
): { state: BucketState; result: TakeResult } {
  const next = refill(state, spec, now);
  const full = spec.capacity * spec.periodMs;
  const lag = next.ts - now;
  const allowed = next.level >= spec.periodMs;
  if (allowed) next.level -= spec.periodMs;
  const resetMs = next.level >= full ? 0 : msUntil(next, spec, full) + lag;
  const retryMs = allowed ? 0 : msUntil(next, spec, spec.periodMs) + lag;
  return {
    state: next,
    result: {
      allowed,
      limit: spec.capacity,
      remaining: Math.floor(next.level / spec.periodMs),
      resetSeconds: Math.ceil(resetMs / 1000),
      retryAfterSeconds: Math.ceil(retryMs / 1000), // >= 1: a refused bucket lacks >= 1 unit
      nowMs: now,
    },
  };
}
