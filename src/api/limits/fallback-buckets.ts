import type { Redis } from 'ioredis';
import { log } from '../../log';
import { MemoryTokenBuckets } from './memory-buckets';
import { RedisTokenBuckets } from './redis-buckets';
import type { BucketSpec, TakeResult, TokenBuckets } from './token-bucket';

/**
 * Shared buckets in Redis while Redis answers; in-process buckets while it does not. A limiter
 * outage must not become an API outage: during one, each process enforces the limits on its own
 * (so N processes admit up to N times a key's limit) and logs it once; the shared buckets resume
 * as soon as Redis is back. A take never waits on a reconnecting client: if the connection is
 * not ready the memory bucket answers at once.
 */
export class FallbackTokenBuckets implements TokenBuckets {
  private readonly shared: RedisTokenBuckets;
  private readonly local: MemoryTokenBuckets;
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    local = new MemoryTokenBuckets(),
  ) {
    this.shared = new RedisTokenBuckets(redis, prefix);
    this.local = local;
  }

  /** True while takes are answered in process because Redis is unavailable. */
  get isDegraded(): boolean {
    return this.degraded;
  }

  async take(key: string, spec: BucketSpec): Promise<TakeResult> {
    if (this.redis.status === 'ready') {
      try {
        const result = await this.shared.take(key, spec);
        if (this.degraded) {
          this.degraded = false;
          log.info('rate limits are shared through Redis again');
        }
        return result;
      } catch (err) {
        this.noteDegraded(err);
      }
    } else {
      this.noteDegraded(new Error(`redis connection is ${this.redis.status}`));
    }
    return this.local.take(key, spec);
  }

  private noteDegraded(err: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    log.warn('redis unavailable: rate limits are enforced per process until it is back', { err });
  }

  async close(): Promise<void> {
    await this.local.close();
  }
}
