import { Redis } from 'ioredis';
import { loadConfig, type Config } from '../../src/config';
import { startTally, type StartOptions, type Tally } from '../../src/main';
import { createBoard, type BoardInput } from '../../src/pipeline/boards';
import { mintKey, type MintInput } from '../../src/pipeline/keys';
import { addOwner } from '../../src/pipeline/owners';
import { createTestDatabase, redisServerUrl, uniqueName } from './backends';

export interface TestTally extends Tally {
  config: Config;
  redisPrefix: string;
  /** GET/POST against the running server with an optional key. */
  request(
    method: string,
    path: string,
    init?: { key?: string; headers?: Record<string, string>; body?: string },
  ): Promise<TestResponse>;
  owner(id?: string): Promise<string>;
  key(input: Partial<MintInput> & { ownerId: string }): Promise<string>;
  board(input: Partial<BoardInput> & { ownerId: string }): ReturnType<typeof createBoard>;
  stop(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

let snowflake = 100_000_000_000_000_000n;
export const nextSnowflake = () => String(++snowflake + BigInt(process.pid) * 1_000_000n);

let idempotency = 0;
/** An Idempotency-Key header no other write of this run uses. */
export const idempotencyHeader = () => ({
  'idempotency-key': `test-${process.pid}-${++idempotency}`,
});

/** A real Tally on an ephemeral loopback port, on this run's database and limiter backend. */
export async function startTestTally(
  env: Record<string, string> = {},
  options: Pick<StartOptions, 'worker' | 'discord' | 'dashboard'> = {},
): Promise<TestTally> {
  const db = await createTestDatabase();
  const redisPrefix = `${uniqueName('tally_test')}:`;
  const config = loadConfig({
    DATABASE_URL: db.url,
    PORT: '0',
    PUBLIC_URL: 'http://tally.test',
    ...(redisServerUrl ? { REDIS_URL: redisServerUrl } : {}),
    ...env,
  });
  const tally = await startTally(config, { redisPrefix, ...options });
  return {
    ...tally,
    config,
    redisPrefix,
    async request(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.key) headers.authorization = `Bearer ${init.key}`;
      if (
        init.body !== undefined &&
        !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
      ) {
        headers['content-type'] = 'application/json';
      }
      const res = await fetch(`${tally.url}${path}`, { method, headers, body: init.body });
      const text = await res.text();
      let body: unknown = undefined;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { status: res.status, headers: res.headers, text, body };
    },
    async owner(id = `guild:${nextSnowflake()}`) {
      await addOwner(tally.ctx, id);
      return id;
    },
    async key(input) {
      const minted = await mintKey(tally.ctx, { type: 'live', access: 'read-write', ...input });
      return minted.secret;
    },
    board(input) {
      return createBoard(tally.ctx, { type: 'ELO', ...input });
    },
    async stop() {
      await tally.close();
      if (redisServerUrl) {
        const redis = new Redis(redisServerUrl);
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
      await db.drop();
    },
  };
}
