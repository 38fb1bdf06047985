import {
  checkSpec,
  IDLE_GRACE_MS,
  msUntil,
  takeToken,
  type BucketSpec,
  type BucketState,
  type TakeResult,
  type TokenBuckets,
} from './token-bucket';

interface Entry extends BucketState {
  spec: BucketSpec;
}

/** By default, sweep idle buckets once the map holds this many (then at twice the survivors). */
const SWEEP_AT = 10_000;

/**
 * In-process token buckets, used when no Redis is configured (one process then sees every
 * request of a key). Same arithmetic as the Redis script (token-bucket.ts).
 */
export class MemoryTokenBuckets implements TokenBuckets {
  private readonly buckets = new Map<string, Entry>();
  private readonly minSweepAt: number;
  private sweepAt: number;

  constructor(
    private readonly clock: () => number = Date.now,
    options: { sweepAt?: number } = {},
  ) {
    this.minSweepAt = options.sweepAt ?? SWEEP_AT;
    this.sweepAt = this.minSweepAt;
  }

  async take(key: string, spec: BucketSpec): Promise<TakeResult> {
    checkSpec(spec);
    const now = Math.floor(this.clock());
    const { state, result } = takeToken(this.buckets.get(key), spec, now);
    this.buckets.set(key, { ...state, spec });
    if (this.buckets.size >= this.sweepAt) this.sweep(now);
    return result;
  }

  async close(): Promise<void> {
    this.buckets.clear();
  }

  /** Number of buckets held; exposed for tests of the eviction. */
  get size(): number {
    return this.buckets.size;
  }

  /**
   * Drop buckets that have been full for IDLE_GRACE_MS: a missing bucket starts full, so this
   * changes no answer, and memory stays bounded by the keys active within about one period.
   * The threshold doubles past the survivors so sweeping stays amortised O(1) per take.
   */
  private sweep(now: number): void {
    for (const [key, entry] of this.buckets) {
      const full = entry.spec.capacity * entry.spec.periodMs;
      if (entry.ts + msUntil(entry, entry.spec, full) + IDLE_GRACE_MS <= now)
        this.buckets.delete(key);
    }
    this.sweepAt = Math.max(this.minSweepAt, this.buckets.size * 2);
  }
}
