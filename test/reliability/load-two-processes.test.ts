import { beforeAll, describe, expect, it } from 'vitest';
import { mintKey } from '../../src/pipeline/keys';
import { addOwner } from '../../src/pipeline/owners';
import { createBoard } from '../../src/pipeline/boards';
import { type Served } from '../support/serve';
import { nextSnowflake } from '../support/tally';
import {
  call,
  drained,
  expectClassicTotals,
  withContext,
  type Accepted,
  type Reply,
  type Rows,
} from './support/harness';
import { usePrivateStack } from './support/private-stack';

/**
 * Scale-out (DESIGN.md 2): two `tally serve` processes share one MariaDB and one Redis, with the
 * spec's limits (600 reads, 60 writes per minute per key). Requests alternate between the two.
 * MariaDB and Redis are private to this file, so the bucket keys (`tally:key_<n>:w`) and the load
 * are not shared with other test files. Bounded: the mixed run stops after LOAD_MS or MAX_OPS.
 */
const LOAD_MS = 15_000;
const MAX_OPS = 6000;
const LOAD_KEYS = 16;
const CONNECTIONS = 32;
/** Below the 60-per-minute bucket, so the mixed run must never see a 429 for a write. */
const WRITES_PER_KEY = 45;
const BURST = 200;
const IDEMPOTENCY_ROUNDS = 8;
const PARALLEL = 20;

interface Owner {
  ownerId: string;
  boards: Record<'sumA' | 'sumB' | 'moderated', { id: string; pk: number }>;
  keys: string[];
}

describe('two tally serve processes sharing MariaDB and Redis under load', () => {
  const stack = usePrivateStack({ servers: 'per-file' });
  let databaseUrl: string;
  let servers: Served[] = [];
  const owners: Owner[] = [];
  /** Every write that got a 2xx, from every test below: the final audit accounts for each. */
  const accepted: (Accepted & { ownerId: string })[] = [];

  beforeAll(async () => {
    databaseUrl = await stack.mariadb.createDatabase();
    await withContext(databaseUrl, async (ctx) => {
      // Two owners for the mixed load; a third for the burst and the idempotency rounds (spec 5.6
      // allows 10 active keys per owner).
      for (const count of [LOAD_KEYS / 2, LOAD_KEYS / 2, 1 + IDEMPOTENCY_ROUNDS]) {
        const ownerId = (await addOwner(ctx, `guild:${nextSnowflake()}`)).id;
        const board = async (windowHours: number) => {
          const b = await createBoard(ctx, { ownerId, type: 'Classic', windowHours });
          return { id: b.id, pk: b.pk };
        };
        const boards = { sumA: await board(0), sumB: await board(0), moderated: await board(24) };
        const keys: string[] = [];
        for (let k = 0; k < count; k++) {
          keys.push((await mintKey(ctx, { ownerId, type: 'live', access: 'read-write' })).secret);
        }
        owners.push({ ownerId, boards, keys });
      }
    });
    const env = {
      SYNC_WAIT_MS: '500',
      RATE_LIMIT_READ_PER_MIN: '600',
      RATE_LIMIT_WRITE_PER_MIN: '60',
    };
    servers = await Promise.all([stack.serve(databaseUrl, env), stack.serve(databaseUrl, env)]);
  }, 120_000);

  const url = (i: number) => servers[i % 2]!.url;

  function record(
    owner: Owner,
    board: keyof Owner['boards'],
    body: Score,
    reply: Reply,
    idem: string,
  ) {
    accepted.push({
      ownerId: owner.ownerId,
      idempotencyKey: idem,
      handle: String(reply.body?.handle),
      boardPk: owner.boards[board].pk,
      player: body.player,
      score: body.score,
    });
  }

  interface Score {
    player: string;
    score: number;
  }
  const scoreBody = (s: Score) => ({ player: { name: s.player, custom: true }, score: s.score });

  it(`GIVEN mixed reads and writes from ${LOAD_KEYS} keys over ${CONNECTIONS} connections for ${LOAD_MS / 1000} s THEN every request is answered without a 5xx and no write under the limit is refused`, async () => {
    const statuses = new Map<string, number>();
    const count = (k: string) => statuses.set(k, (statuses.get(k) ?? 0) + 1);
    const writesOf = new Map<string, number>();
    const handles: { key: string; handle: string }[] = [];
    const latencies: number[] = [];
    const loadKeys = owners
      .slice(0, 2)
      .flatMap((o) => o.keys.slice(0, LOAD_KEYS / 2).map((key) => ({ o, key })));
    const stopAt = Date.now() + LOAD_MS;
    let ops = 0;
    let writes = 0;

    const connection = async (c: number) => {
      for (let i = c; Date.now() < stopAt && ops < MAX_OPS; i += CONNECTIONS) {
        ops++;
        const { o, key } = loadKeys[i % loadKeys.length]!;
        const wrote = writesOf.get(key) ?? 0;
        const pick = (i * 7919) % 10;
        let reply: Reply | Error;
        if (pick < 4 && wrote < WRITES_PER_KEY) {
          writesOf.set(key, wrote + 1);
          const board = (['sumA', 'sumB', 'moderated'] as const)[i % 3]!;
          const s: Score = { player: `P${i % 11}`, score: (i % 23) - 5 };
          const idem = `mixed-${i}`;
          reply = await call(url(i), 'POST', `/v1/boards/${o.boards[board].id}/scores`, {
            key,
            idempotencyKey: idem,
            body: scoreBody(s),
          });
          writes++;
          if (!(reply instanceof Error)) {
            count(`write ${reply.status}`);
            expect([201, 202], reply.text).toContain(reply.status);
            record(o, board, s, reply, idem);
            handles.push({ key, handle: String(reply.body?.handle) });
          }
        } else if (pick < 6 && handles.length > 0) {
          // A handle read through either process, by the key that wrote it.
          const h = handles[i % handles.length]!;
          reply = await call(url(i + 1), 'GET', `/v1/submissions/${h.handle}`, { key: h.key });
          if (!(reply instanceof Error)) {
            count(`read ${reply.status}`);
            expect(reply.status, reply.text).toBe(200);
          }
        } else {
          const board = (['sumA', 'sumB', 'moderated'] as const)[i % 3]!;
          reply = await call(url(i), 'GET', `/v1/boards/${o.boards[board].id}/entries?limit=20`, {
            key,
          });
          if (!(reply instanceof Error)) {
            count(`read ${reply.status}`);
            expect(reply.status, reply.text).toBe(200);
          }
        }
        expect(reply, 'a request got no answer within 15 s').not.toBeInstanceOf(Error);
        latencies.push((reply as Reply).ms);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => connection(c)));
    const seconds = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => Math.round(latencies[Math.floor((latencies.length - 1) * p)]!);
    expect(writes).toBeGreaterThan(100);
    console.log(
      `[load] mixed: ${ops} requests (${writes} writes) from ${LOAD_KEYS} keys over ${CONNECTIONS} ` +
        `connections in ${seconds.toFixed(1)} s = ${Math.round(ops / seconds)} req/s across 2 processes; ` +
        `latency p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  }, 60_000);

  it(`GIVEN a burst of ${BURST} writes with one key over ${BURST} connections to both processes THEN exactly the bucket's 60 are admitted (plus what refilled meanwhile, 1/s)`, async () => {
    const o = owners[2]!;
    const key = o.keys[0]!;
    // Open the 200 connections first (reads: their own bucket), so the burst itself is short.
    const warm = await Promise.all(
      Array.from({ length: BURST }, (_, i) => call(url(i), 'GET', '/v1/boards', { key })),
    );
    expect(warm.map((r) => (r instanceof Error ? r.message : r.status))).toEqual(
      warm.map(() => 200),
    );
    const started = Date.now();
    const replies = await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const s: Score = { player: `Burst${i % 7}`, score: 1 };
        const idem = `burst-${i}`;
        // A reviewed board: an admitted write answers at once (no wait for the worker), so the
        // burst, and the refill it allows, stays short.
        const reply = await call(url(i), 'POST', `/v1/boards/${o.boards.moderated.id}/scores`, {
          key,
          idempotencyKey: idem,
          body: scoreBody(s),
          timeoutMs: 30_000,
        });
        expect(reply, 'a burst request got no answer').not.toBeInstanceOf(Error);
        const r = reply as Reply;
        if (r.status === 201 || r.status === 202) record(o, 'moderated', s, r, idem);
        return { r, i };
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const admitted = replies.filter(({ r }) => r.status < 300);
    const limited = replies.filter(({ r }) => r.status === 429);
    expect(admitted.length + limited.length, 'only 2xx and 429').toBe(BURST);
    for (const { r } of limited) {
      expect(r.body).toMatchObject({ code: 'rate_limited', status: 429 });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Both processes admitted some: the bucket is shared, not per process.
    const perProcess = [0, 1].map((p) => admitted.filter(({ i }) => i % 2 === p).length);
    expect(perProcess.every((n) => n > 0)).toBe(true);
    // spec 8: 60 per minute, refilled continuously: 60 plus one per second the burst lasted.
    expect(admitted.length).toBeGreaterThanOrEqual(60);
    expect(admitted.length).toBeLessThanOrEqual(60 + Math.floor(seconds));
    if (seconds < 1) expect(admitted.length).toBe(60);
    // A refused write consumed nothing and left nothing: exactly the admitted ones exist.
    const rows = await withContext(databaseUrl, (ctx) =>
      ctx.repos.db.run((m) =>
        m.query('SELECT COUNT(*) AS n FROM idempotency_records WHERE idempotency_key LIKE ?', [
          'burst-%',
        ]),
      ),
    );
    expect(Number((rows as { n: number }[])[0]!.n)).toBe(admitted.length);
    console.log(
      `[load] burst: ${BURST} writes with one key over ${BURST} connections in ${seconds.toFixed(2)} s: ` +
        `${admitted.length} admitted (${perProcess.join(' + ')} by the two processes), ${limited.length} × 429`,
    );
  }, 60_000);

  it(`GIVEN ${PARALLEL} parallel POSTs with one Idempotency-Key against both processes (${IDEMPOTENCY_ROUNDS} rounds) THEN exactly one 2xx executes, the rest are 409 with Retry-After: 1 or replays, one side effect`, async () => {
    const o = owners[2]!;
    const tally = { executed: 0, conflicts: 0, replays: 0 };
    for (let round = 0; round < IDEMPOTENCY_ROUNDS; round++) {
      const key = o.keys[1 + round]!;
      const idem = `same-${round}`;
      const s: Score = { player: `Idem${round}`, score: 10 + round };
      const replies = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          call(url(i), 'POST', `/v1/boards/${o.boards.sumB.id}/scores`, {
            key,
            idempotencyKey: idem,
            body: scoreBody(s),
          }),
        ),
      );
      const ok = replies.map((r) => {
        expect(r, 'no answer').not.toBeInstanceOf(Error);
        return r as Reply;
      });
      const fresh = ok.filter(
        (r) => r.status < 300 && r.headers.get('idempotent-replayed') === 'false',
      );
      const replays = ok.filter(
        (r) => r.status < 300 && r.headers.get('idempotent-replayed') === 'true',
      );
      const conflicts = ok.filter((r) => r.status === 409);
      expect(fresh.length, `round ${round}: executions`).toBe(1);
      expect(fresh.length + replays.length + conflicts.length, ok.map((r) => r.status).join()).toBe(
        PARALLEL,
      );
      for (const r of conflicts) {
        expect(r.body).toMatchObject({ code: 'idempotency_conflict' });
        expect(r.headers.get('retry-after')).toBe('1');
      }
      const handle = fresh[0]!.body?.handle;
      for (const r of replays) expect(r.body?.handle).toBe(handle);
      record(o, 'sumB', s, fresh[0]!, idem);
      tally.executed++;
      tally.conflicts += conflicts.length;
      tally.replays += replays.length;
    }
    const sideEffects = await withContext(databaseUrl, (ctx) =>
      ctx.repos.db.run((m) =>
        m.query(
          `SELECT COUNT(*) AS n FROM submissions s JOIN idempotency_records r ON r.submission_id = s.id
           WHERE r.idempotency_key LIKE ?`,
          ['same-%'],
        ),
      ),
    );
    expect(Number((sideEffects as { n: number }[])[0]!.n)).toBe(IDEMPOTENCY_ROUNDS);
    console.log(
      `[load] idempotency: ${IDEMPOTENCY_ROUNDS} rounds × ${PARALLEL} parallel POSTs over both processes: ` +
        `${tally.executed} executions (one per round), ${tally.conflicts} × 409 Retry-After: 1, ${tally.replays} replays`,
    );
  }, 60_000);

  it('THEN every write is accounted for: each 2xx handle exists exactly once and ends applied, pending review or failed with a reason, and standings equal the accepted writes', async () => {
    let total = { approved: 0, pending_review: 0, failed: 0 };
    let subs = 0;
    for (const o of owners) {
      const mine = accepted.filter((a) => a.ownerId === o.ownerId);
      const rows: Rows = await drained(databaseUrl, o.ownerId, 30_000);
      subs += rows.submissions.length;
      const byHandle = new Map(mine.map((a) => [a.handle, a]));
      expect(byHandle.size, 'a handle was given twice').toBe(mine.length);
      expect(rows.submissions.map((x) => `sub_${x.id}`).sort()).toEqual(
        [...byHandle.keys()].sort(),
      );
      const scoreOf = new Map(rows.scores.map((x) => [x.submissionId, x.pk]));
      expect(scoreOf.size, 'a submission has two score rows').toBe(rows.scores.length);
      for (const x of rows.submissions) {
        const a = byHandle.get(`sub_${x.id}`)!;
        expect(x.boardPk).toBe(a.boardPk);
        expect(x.payload).toMatchObject({ score: a.score });
        if (x.status === 'failed') expect(x.failureReason).toBeTruthy();
        else expect(scoreOf.get(x.id), `sub_${x.id}`).toBe(x.scorePk);
        expect(['approved', 'pending_review', 'failed']).toContain(x.status);
        total = { ...total, [x.status]: total[x.status as keyof typeof total] + 1 };
      }
      expect(
        rows.submissions.filter(
          (x) => x.boardPk === o.boards.moderated.pk && x.status !== 'pending_review',
        ),
      ).toEqual([]);
      expectClassicTotals(rows, mine, o.boards.sumA.pk);
      expectClassicTotals(rows, mine, o.boards.sumB.pk);
      expect(rows.entries.filter((e) => e.boardPk === o.boards.moderated.pk)).toEqual([]);
    }
    expect(subs).toBe(accepted.length);
    expect(total.failed).toBe(0);
    console.log(
      `[load] accounted for: ${accepted.length} accepted writes = ${subs} submissions ` +
        `(${total.approved} approved, ${total.pending_review} pending review, ${total.failed} failed); ` +
        `standings of ${owners.length * 2} boards equal the reference sums; nothing lost or doubled`,
    );
  }, 60_000);
});
