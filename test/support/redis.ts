import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis that service tests may use; unset means those tests are not built (never skipped). */
export function testRedisUrl(): string | undefined {
  const url = process.env.TEST_REDIS_URL?.trim();
  return url ? url : undefined;
}

export interface TestRedis {
  redis: Redis;
  /** Unique per call, so parallel test files and reruns never see each other's keys. */
  prefix: string;
  /** Deletes every key under `prefix` (SCAN, never KEYS or FLUSHDB: the Redis may be shared), then quits. */
  cleanup(): Promise<void>;
}

export function createTestRedis(url: string | undefined = testRedisUrl()): TestRedis {
  if (!url) throw new Error('createTestRedis needs TEST_REDIS_URL');
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  const prefix = `tally_test_${process.pid}_${randomBytes(6).toString('hex')}:`;
  return {
    redis,
    prefix,
    async cleanup() {
      // The prefix holds only [a-z0-9_:], so it needs no glob escaping.
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length > 0) await redis.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
      await redis.quit();
    },
  };
}
