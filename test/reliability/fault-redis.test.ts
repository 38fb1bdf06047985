import { beforeAll, describe, expect, it } from 'vitest';
import { mintKey } from '../../src/pipeline/keys';
import { type Served } from '../support/serve';
import {
  auditScores,
  call,
  drained,
  expectClassicTotals,
  seed,
  sleep,
  withContext,
  type Accepted,
  type Reply,
  type Seeded,
} from './support/harness';
import { usePrivateStack } from './support/private-stack';

/**
 * Redis killed under load with two processes (test/api/redis-outage.test.ts covers one in-process
 * Tally behind a relay). What two processes add: each falls back to its own buckets (so a key gets
 * up to twice its limit, as documented) without a 5xx or a hang, cross-process wake-ups are lost
 * yet every write still applies, and once Redis is back the buckets are shared again.
 */
describe('Redis killed under load with two tally serve processes (private MariaDB + Redis)', () => {
  const stack = usePrivateStack({ servers: 'per-file' });
  let databaseUrl: string;
  let s: Seeded;
  let servers: Served[] = [];
  const spare: string[] = [];

  beforeAll(async () => {
    databaseUrl = await stack.mariadb.createDatabase();
    s = await seed(databaseUrl, { auto: { type: 'Classic', windowHours: 0 } });
    await withContext(databaseUrl, async (ctx) => {
      for (let i = 0; i < 6; i++) {
        spare.push(
          (await mintKey(ctx, { ownerId: s.ownerId, type: 'live', access: 'read-write' })).secret,
        );
      }
    });
    const env = {
      SYNC_WAIT_MS: '1000',
      RATE_LIMIT_READ_PER_MIN: '600',
      RATE_LIMIT_WRITE_PER_MIN: '60',
    };
    servers = await Promise.all([stack.serve(databaseUrl, env), stack.serve(databaseUrl, env)]);
  }, 120_000);

  const url = (i: number) => servers[i % 2]!.url;

  /** A burst of `n` writes with one key, alternating processes; admitted per process. */
  async function burst(key: string, n: number, tag: string, accepted: Accepted[]) {
    const started = Date.now();
    const replies = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const reply = await call(url(i), 'POST', `/v1/boards/${s.boards.auto!.id}/scores`, {
          key,
          idempotencyKey: `${tag}-${i}`,
          body: { player: { name: 'Burst', custom: true }, score: 1 },
          timeoutMs: 20_000,
        });
        expect(reply, `${tag}-${i}: no answer`).not.toBeInstanceOf(Error);
        const r = reply as Reply;
        expect([201, 202, 429], r.text).toContain(r.status);
        if (r.status < 300) {
          accepted.push({
            idempotencyKey: `${tag}-${i}`,
            handle: String(r.body?.handle),
            boardPk: s.boards.auto!.pk,
            player: 'Burst',
            score: 1,
          });
        }
        return { ok: r.status < 300, i };
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const per = [0, 1].map((p) => replies.filter((x) => x.ok && x.i % 2 === p).length);
    return { per, total: per[0]! + per[1]!, seconds };
  }

  it('GIVEN Redis killed mid-load THEN both processes keep answering (no 5xx, no hang), limits fall back to each process, every write applies, and limits are shared again once Redis is back', async () => {
    const accepted: Accepted[] = [];
    const statuses: Record<string, number> = {};
    let phase: 'up' | 'down' | 'back' = 'up';
    let stop = false;
    let n = 0;
    const worker = async (w: number) => {
      while (!stop) {
        const i = n++;
        const key = spare[w % 2]!; // two keys, well under their limits
        const write = i % 3 === 0;
        const reply = write
          ? await call(url(i), 'POST', `/v1/boards/${s.boards.auto!.id}/scores`, {
              key,
              idempotencyKey: `steady-${i}`,
              body: { player: { name: `P${i % 5}`, custom: true }, score: i % 9 },
              timeoutMs: 10_000,
            })
          : await call(url(i), 'GET', `/v1/boards/${s.boards.auto!.id}/entries`, {
              key,
              timeoutMs: 10_000,
            });
        expect(reply, 'a request hung').not.toBeInstanceOf(Error);
        const r = reply as Reply;
        statuses[`${phase} ${r.status}`] = (statuses[`${phase} ${r.status}`] ?? 0) + 1;
        expect(r.status, r.text).toBeLessThan(300);
        if (write) {
          accepted.push({
            idempotencyKey: `steady-${i}`,
            handle: String(r.body?.handle),
            boardPk: s.boards.auto!.pk,
            player: `P${i % 5}`,
            score: i % 9,
          });
          await sleep(250); // ~2 writes per second per key: under 60 per minute
        }
      }
    };
    const load = Promise.all(Array.from({ length: 4 }, (_, w) => worker(w)));
    await sleep(2000);
    phase = 'down';
    await stack.redis.stop();
    await sleep(1000);

    // Both processes report the outage and keep serving.
    for (const p of [0, 1]) {
      const health = (await call(url(p), 'GET', '/healthz', { timeoutMs: 10_000 })) as Reply;
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'degraded' });
    }
    // Each process enforces the limit on its own: a fresh key gets 60 from each.
    const apart = await burst(spare[2]!, 200, 'apart', accepted);
    for (const admitted of apart.per) {
      expect(admitted).toBeGreaterThanOrEqual(60);
      expect(admitted).toBeLessThanOrEqual(60 + Math.floor(apart.seconds));
    }
    await sleep(2000);

    phase = 'back';
    await stack.redis.up();
    const deadline = Date.now() + 15_000;
    for (const p of [0, 1]) {
      for (;;) {
        const health = (await call(url(p), 'GET', '/healthz', { timeoutMs: 10_000 })) as Reply;
        if ((health.body as { status?: string } | undefined)?.status === 'ok') break;
        if (Date.now() > deadline) throw new Error('a process never saw Redis again');
        await sleep(200);
      }
    }
    // Shared again: a fresh key's burst over both processes admits the one bucket.
    const together = await burst(spare[3]!, 200, 'together', accepted);
    expect(together.total).toBeGreaterThanOrEqual(60);
    expect(together.total).toBeLessThanOrEqual(60 + Math.floor(together.seconds));
    await sleep(1000);
    stop = true;
    await load;

    const rows = await drained(databaseUrl, s.ownerId, 20_000);
    expect(auditScores(rows, accepted)).toEqual({
      approved: accepted.length,
      pending_review: 0,
      failed: 0,
    });
    expectClassicTotals(rows, accepted, s.boards.auto!.pk);
    console.log(
      `[fault] Redis killed under load (2 processes): ${n} steady requests, statuses ${JSON.stringify(statuses)}; ` +
        `during the outage a 200-write burst admitted ${apart.per.join(' + ')} (per-process buckets), ` +
        `after Redis came back ${together.total} (${together.per.join(' + ')}, shared); ` +
        `${accepted.length} writes accounted for, all applied, nothing lost`,
    );
  }, 120_000);
});
