/**
 * When to send a call again, and when not to send one yet. Every wait is abortable.
 */

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Half the delay plus a random part of the other half: spread out, never shorter than half. */
export const jittered = (ms: number, random: () => number = Math.random) =>
  ms / 2 + random() * (ms / 2);

/** `Retry-After` in milliseconds (spec 8: delta-seconds), or null when absent or unreadable. */
export function retryAfterMs(response: Response): number | null {
  const value = response.headers.get('Retry-After');
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value) * 1000;
}

type Bucket = 'read' | 'write';

/**
 * The key's two token buckets as the API last described them (spec 8): after a 429, nothing is
 * sent on that bucket before its Retry-After; after an answer that left no token
 * (`RateLimit-Remaining: 0`), nothing before the next token is due. The buckets refill
 * continuously, so one token comes every `RateLimit-Reset / RateLimit-Limit` seconds while the
 * bucket is empty.
 */
export class RateLimitGate {
  private readonly notBefore: Record<Bucket, number> = { read: 0, write: 0 };

  constructor(private readonly now: () => number = Date.now) {}

  static bucketOf(method: string): Bucket {
    return ['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase()) ? 'read' : 'write';
  }

  /** Waits until the bucket may be used. */
  async ready(bucket: Bucket, signal?: AbortSignal): Promise<void> {
    const wait = this.notBefore[bucket] - this.now();
    if (wait > 0) await sleep(wait, signal);
  }

  /** How long the next call on the bucket would wait now. */
  waitFor(bucket: Bucket): number {
    return Math.max(0, this.notBefore[bucket] - this.now());
  }

  observe(bucket: Bucket, response: Response): void {
    const now = this.now();
    if (response.status === 429) {
      const after = retryAfterMs(response);
      if (after !== null) this.hold(bucket, now + after);
      return;
    }
    const header = (name: string) => Number(response.headers.get(name) ?? NaN);
    const [limit, remaining, reset] = [
      header('RateLimit-Limit'),
      header('RateLimit-Remaining'),
      header('RateLimit-Reset'),
    ];
    if (remaining === 0 && limit > 0 && reset > 0) this.hold(bucket, now + (reset * 1000) / limit);
  }

  private hold(bucket: Bucket, until: number): void {
    this.notBefore[bucket] = Math.max(this.notBefore[bucket], until);
  }
}
