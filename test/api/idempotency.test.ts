import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { SubmissionEntity } from '../../entities/submission';
import { backendName } from '../support/backends';
import { assertProblem } from '../support/contract';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';

describe(`idempotency of writes (spec 4.11, ${backendName})`, () => {
  let tally: TestTally;
  let owner: string;
  let key: string;
  let board: Board;
  let n = 0;
  const freshKey = () => `idem-${process.pid}-${++n}`;

  beforeAll(async () => {
    tally = await startTestTally({ RATE_LIMIT_WRITE_PER_MIN: '100000' });
    owner = await tally.owner();
    key = await tally.key({ ownerId: owner });
    board = await tally.board({ ownerId: owner, type: 'Highscore' });
  });
  afterAll(() => tally.stop());

  const post = (
    idempotencyKey: string,
    body: string,
    k = key,
    path = `/v1/boards/${board.id}/scores`,
  ) =>
    tally.request('POST', path, { key: k, headers: { 'idempotency-key': idempotencyKey }, body });
  const submissions = () => tally.ctx.repos.db.dataSource.manager.count(SubmissionEntity);
  const score = (value = 10) => `{"player":{"chat_id":"${'1'.repeat(18)}"},"score":${value}}`;

  it('GIVEN the same key and raw body THEN the stored response is replayed byte for byte, nothing enqueued', async () => {
    const k = freshKey();
    const first = await post(k, score());
    expect(first.status).toBe(202);
    const before = await submissions();
    await new Promise((r) => setTimeout(r, 15));
    const again = await post(k, score());
    expect(again.status).toBe(202);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(await submissions()).toBe(before);
  });

  it.each([
    ['a different value', score(10), score(11)],
    [
      'the same fields in another order',
      '{"score":10,"player":{"chat_id":"111111111111111111"}}',
      score(10),
    ],
    ['1 instead of 1.0', score(1), `{"player":{"chat_id":"${'1'.repeat(18)}"},"score":1.0}`],
    ['extra whitespace', score(10), ` ${score(10)}`],
  ])('GIVEN the same key with %s THEN 409 idempotency_conflict', async (_name, a, b) => {
    const k = freshKey();
    expect((await post(k, a)).status).toBe(202);
    const res = await post(k, b);
    assertProblem(res, 409, 'idempotency_conflict');
    expect(res.headers.get('retry-after')).toBeNull();
  });

  it('GIVEN the same key on another path THEN 409 (the path is part of the fingerprint)', async () => {
    const other = await tally.board({ ownerId: owner, type: 'Classic' });
    const k = freshKey();
    expect((await post(k, score())).status).toBe(202);
    assertProblem(
      await post(k, score(), key, `/v1/boards/${other.id}/scores`),
      409,
      'idempotency_conflict',
    );
  });

  it('GIVEN a 422 THEN nothing is stored and the key works once the body is fixed (spec 4.11.5)', async () => {
    const k = freshKey();
    assertProblem(await post(k, '{"player":{"chat_id":"1"},"score":1}'), 422, 'invalid_request');
    assertProblem(
      await post(k, '{"player":{"chat_id":"111111111111111111"},"score":1.5}'),
      422,
      'invalid_request',
    );
    expect((await post(k, score())).status).toBe(202);
  });

  it('GIVEN a 404 board THEN the key is not spent', async () => {
    const k = freshKey();
    assertProblem(await post(k, score(), key, '/v1/boards/missing/scores'), 404, 'not_found');
    expect((await post(k, score())).status).toBe(202);
  });

  it('GIVEN the same key from two owners THEN each owner has its own record', async () => {
    const other = await tally.owner();
    const otherKey = await tally.key({ ownerId: other });
    const otherBoard = await tally.board({ ownerId: other, type: 'Highscore' });
    const k = freshKey();
    expect((await post(k, score())).status).toBe(202);
    const res = await post(k, score(), otherKey, `/v1/boards/${otherBoard.id}/scores`);
    expect(res.status).toBe(202);
    expect(res.headers.get('idempotent-replayed')).toBe('false');
  });

  it('GIVEN two keys of one owner THEN they share the owner’s Idempotency-Key space', async () => {
    const second = await tally.key({ ownerId: owner });
    const k = freshKey();
    const first = await post(k, score());
    const replay = await post(k, score(), second);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('GIVEN 20 parallel requests with one key THEN exactly one executes; the rest are replays or 409 Retry-After 1', async () => {
    const k = freshKey();
    const before = await submissions();
    const body = score(Number(nextSnowflake().slice(-6)));
    const results = await Promise.all(Array.from({ length: 20 }, () => post(k, body)));
    const fresh = results.filter(
      (r) => r.status === 202 && r.headers.get('idempotent-replayed') === 'false',
    );
    const replays = results.filter((r) => r.headers.get('idempotent-replayed') === 'true');
    const busy = results.filter((r) => r.status === 409);
    expect(fresh).toHaveLength(1);
    expect(replays.length + busy.length).toBe(19);
    for (const r of replays) expect(r.text).toBe(fresh[0]!.text);
    for (const r of busy) {
      assertProblem(r, 409, 'idempotency_conflict');
      expect(r.headers.get('retry-after')).toBe('1');
    }
    expect(await submissions()).toBe(before + 1);
  });
});

describe(`idempotency records: in-flight leases (${backendName})`, () => {
  let tally: TestTally;
  beforeAll(async () => {
    tally = await startTestTally();
  });
  afterAll(() => tally.stop());

  it('GIVEN an in-flight record THEN a second start is in_flight, one with another body is a conflict', async () => {
    const repo = tally.ctx.repos.idempotency;
    const now = new Date('2026-11-01T00:00:00.000Z');
    const first = await repo.start('guild:1', 'lease-1', 'fp-a', now, 30_000);
    expect(first.kind).toBe('execute');
    expect((await repo.start('guild:1', 'lease-1', 'fp-a', now, 30_000)).kind).toBe('in_flight');
    expect((await repo.start('guild:1', 'lease-1', 'fp-b', now, 30_000)).kind).toBe('conflict');
  });

  it('GIVEN the holder died and the lease ran out THEN exactly one retry takes it over; never blocked forever', async () => {
    const repo = tally.ctx.repos.idempotency;
    const t0 = new Date('2026-11-01T00:00:00.000Z');
    await repo.start('guild:1', 'lease-2', 'fp', t0, 30_000);
    const later = new Date(t0.getTime() + 30_001);
    const attempts = await Promise.all([
      repo.start('guild:1', 'lease-2', 'fp', later, 30_000),
      repo.start('guild:1', 'lease-2', 'fp', later, 30_000),
      repo.start('guild:1', 'lease-2', 'fp', later, 30_000),
    ]);
    expect(attempts.filter((a) => a.kind === 'execute')).toHaveLength(1);
    expect(attempts.filter((a) => a.kind === 'in_flight')).toHaveLength(2);
  });

  it('GIVEN an abandoned (failed) request THEN the key can start afresh', async () => {
    const repo = tally.ctx.repos.idempotency;
    const now = new Date('2026-11-01T00:00:00.000Z');
    const first = await repo.start('guild:1', 'lease-3', 'fp', now, 30_000);
    if (first.kind !== 'execute') throw new Error('expected execute');
    await repo.abandon(first.pk);
    expect((await repo.start('guild:1', 'lease-3', 'fp-other', now, 30_000)).kind).toBe('execute');
  });
});
