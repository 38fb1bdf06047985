import { createServer, Socket, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerUrl } from '../support/backends';
import { assertProblem } from '../support/contract';
import { startTestTally, type TestTally } from '../support/tally';

/**
 * Redis is only the limiter's shared memory and the wake-up channel (DESIGN.md 2); when it is
 * unreachable the API keeps answering and each process enforces the limits on its own.
 */
async function readsUntilLimited(tally: TestTally, key: string, max: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < max; i++) {
    const res = await tally.request('GET', '/v1/boards', { key });
    statuses.push(res.status);
    if (res.status === 429) {
      assertProblem(res, 429, 'rate_limited');
      break;
    }
    expect(res.headers.get('ratelimit-limit')).toBe('3');
  }
  return statuses;
}

describe('the API with Redis unreachable from the start', () => {
  let tally: TestTally;
  beforeAll(async () => {
    // Port 1 on loopback: nothing listens, every connection attempt is refused.
    tally = await startTestTally({
      REDIS_URL: 'redis://127.0.0.1:1',
      RATE_LIMIT_READ_PER_MIN: '3',
    });
  });
  afterAll(() => tally.stop());

  it('answers reads and writes and still enforces the limits, in process', async () => {
    const owner = await tally.owner();
    const key = await tally.key({ ownerId: owner });
    expect(await readsUntilLimited(tally, key, 6)).toEqual([200, 200, 200, 429]);
    const board = await tally.board({ ownerId: owner, type: 'Highscore', windowHours: 0 });
    const write = await tally.request('POST', `/v1/boards/${board.id}/scores`, {
      key,
      headers: { 'idempotency-key': 'outage-1' },
      body: JSON.stringify({ player: { name: 'Ann', custom: true }, score: 5 }),
    });
    expect(write.status).toBe(201);
  });
});

if (redisServerUrl) {
  const upstream = new URL(redisServerUrl);

  /** A TCP relay to the real Redis that the test can cut and restore, like a network outage. */
  class Relay {
    private server: Server | null = null;
    private readonly sockets = new Set<Socket>();
    constructor(readonly port: number) {}
    async open(): Promise<void> {
      this.server = createServer((client) => {
        const target = new Socket();
        target.connect(Number(upstream.port || 6379), upstream.hostname);
        for (const s of [client, target]) {
          this.sockets.add(s);
          s.on('close', () => this.sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(target).pipe(client);
      });
      await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    }
    async cut(): Promise<void> {
      for (const s of this.sockets) s.destroy();
      await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    }
  }

  async function freePort(): Promise<number> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return port;
  }

  describe('the API when Redis goes away and comes back', () => {
    let tally: TestTally;
    let relay: Relay;
    beforeAll(async () => {
      relay = new Relay(await freePort());
      await relay.open();
      tally = await startTestTally({
        REDIS_URL: `redis://127.0.0.1:${relay.port}`,
        RATE_LIMIT_READ_PER_MIN: '3',
      });
    });
    afterAll(async () => {
      await tally.stop();
      await relay.cut().catch(() => undefined);
    });

    it('keeps answering through the outage and shares the buckets again once Redis is back', async () => {
      const owner = await tally.owner();
      const shared = await tally.key({ ownerId: owner });
      // Shared bucket: 3 reads admitted, then limited.
      expect(await readsUntilLimited(tally, shared, 6)).toEqual([200, 200, 200, 429]);

      await relay.cut();
      const during = await tally.key({ ownerId: owner });
      expect(await readsUntilLimited(tally, during, 6)).toEqual([200, 200, 200, 429]);

      await relay.open();
      // Back on Redis: the key used only during the outage has an untouched shared bucket (its
      // in-process one is empty for the next 20 s), and the first key's shared bucket is still empty.
      const deadline = Date.now() + 10_000;
      let status = 0;
      while (Date.now() < deadline && status !== 200) {
        status = (await tally.request('GET', '/v1/boards', { key: during })).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe(200);
      assertProblem(await tally.request('GET', '/v1/boards', { key: shared }), 429, 'rate_limited');
    });
  });
}
