import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { SubmissionEntity } from '../../entities/submission';
import { review } from '../../src/pipeline/review';
import { backendName } from '../support/backends';
import { assertContract, assertProblem } from '../support/contract';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { pollUntil } from '../support/wait';

let n = 0;
const idem = () => ({ 'idempotency-key': `out-${process.pid}-${++n}` });

describe(`write outcomes: 201, 202 and handles (${backendName})`, () => {
  let tally: TestTally;
  let owner: string;
  let key: string;
  let auto: Board;
  let reviewed: Board;
  let scores: Board;

  beforeAll(async () => {
    tally = await startTestTally({ RATE_LIMIT_WRITE_PER_MIN: '100000' });
    owner = await tally.owner();
    key = await tally.key({ ownerId: owner });
    auto = await tally.board({ ownerId: owner, type: 'ELO', windowHours: 0 });
    reviewed = await tally.board({ ownerId: owner, type: 'Highscore', windowHours: 24 });
    scores = await tally.board({ ownerId: owner, type: 'Highscore', windowHours: 0 });
  });
  afterAll(() => tally.stop());

  const match = () =>
    JSON.stringify({
      team1: [{ chat_id: nextSnowflake() }],
      team2: [{ chat_id: nextSnowflake() }],
      winner: 'team2',
    });
  const handleOf = (body: unknown) => (body as { handle: string }).handle;
  const resolve = (handle: string, k = key) =>
    tally.request('GET', `/v1/submissions/${handle}`, { key: k });

  it('GIVEN an auto-applying board THEN 201 approved and applied with the match, per the contract', async () => {
    const res = await tally.request('POST', `/v1/boards/${auto.id}/matches`, {
      key,
      headers: idem(),
      body: match(),
    });
    expect(res.status).toBe(201);
    assertContract(res, 'createMatch');
    expect(res.body).toMatchObject({
      board: auto.id,
      status: 'approved',
      applied: true,
      match: { applied: true },
    });
    expect((res.body as { match: { id: number } }).match.id).toBeGreaterThan(0);
    const handle = await resolve(handleOf(res.body));
    assertContract(handle, 'getSubmission');
    expect(handle.body).toMatchObject({ status: 'approved', match: { applied: true } });
  });

  it('GIVEN the worker in this process THEN the 201 is what it told, the same as the handle reads, without a second look at the row', async () => {
    const submissions = tally.ctx.repos.submissions;
    const withRecord = submissions.withRecord.bind(submissions);
    let looks = 0;
    submissions.withRecord = (id) => {
      looks++;
      return withRecord(id);
    };
    try {
      for (const [path, body] of [
        [`/v1/boards/${auto.id}/matches`, match()],
        [
          `/v1/boards/${scores.id}/scores`,
          JSON.stringify({ player: { chat_id: nextSnowflake() }, score: 3 }),
        ],
      ] as const) {
        const res = await tally.request('POST', path, { key, headers: idem(), body });
        expect(res.status, res.text).toBe(201);
        const told = res.body as { handle: string; match: unknown };
        const live = await resolve(told.handle);
        expect(live.body).toEqual({
          handle: told.handle,
          board: (res.body as { board: string }).board,
          status: 'approved',
          match: told.match,
        });
      }
      expect(looks).toBe(0);
    } finally {
      submissions.withRecord = withRecord;
    }
  });

  it('GIVEN a replay of a 201 THEN the same bytes with Idempotent-Replayed: true', async () => {
    const headers = idem();
    const body = match();
    const first = await tally.request('POST', `/v1/boards/${auto.id}/matches`, {
      key,
      headers,
      body,
    });
    const again = await tally.request('POST', `/v1/boards/${auto.id}/matches`, {
      key,
      headers,
      body,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('GIVEN a board with review THEN 202 queued, then pending_review, then approved once a moderator acts', async () => {
    const res = await tally.request('POST', `/v1/boards/${reviewed.id}/scores`, {
      key,
      headers: idem(),
      body: JSON.stringify({ player: { chat_id: nextSnowflake() }, score: 42 }),
    });
    expect(res.status).toBe(202);
    assertContract(res, 'createScore');
    expect(res.body).toMatchObject({ status: 'queued', applied: false });
    expect(res.body).not.toHaveProperty('match');
    const handle = handleOf(res.body);
    const seen = await pollUntil(
      () => resolve(handle),
      (r) => (r.body as { status: string }).status === 'pending_review',
      { timeoutMs: 15_000, intervalMs: 50 },
    );
    assertContract(seen, 'getSubmission');
    expect(seen.body).toMatchObject({
      handle,
      board: reviewed.id,
      status: 'pending_review',
      match: { applied: false },
    });
    await review(tally.ctx, handle, 'approve', 'chat:1', 'operator');
    const after = await resolve(handle);
    expect(after.body).toMatchObject({ status: 'approved', match: { applied: true } });
  });

  it('GIVEN SYNC_WAIT_MS=0 THEN even an auto-applying board answers 202, and the handle reaches approved', async () => {
    const quick = await startTestTally({ SYNC_WAIT_MS: '0' });
    try {
      const o = await quick.owner();
      const k = await quick.key({ ownerId: o });
      const b = await quick.board({ ownerId: o, type: 'Classic', windowHours: 0 });
      const res = await quick.request('POST', `/v1/boards/${b.id}/scores`, {
        key: k,
        headers: idem(),
        body: JSON.stringify({ player: { name: 'Zed', custom: true }, score: 3 }),
      });
      expect(res.status).toBe(202);
      const status = await pollUntil(
        async () =>
          (
            (await quick.request('GET', `/v1/submissions/${handleOf(res.body)}`, { key: k }))
              .body as { status: string }
          ).status,
        (s) => s === 'approved',
        { timeoutMs: 15_000, intervalMs: 50 },
      );
      expect(status).toBe('approved');
    } finally {
      await quick.stop();
    }
  });

  it('GIVEN another owner’s handle, an unknown one or one older than 30 days THEN the same 404', async () => {
    const res = await tally.request('POST', `/v1/boards/${auto.id}/matches`, {
      key,
      headers: idem(),
      body: match(),
    });
    const handle = handleOf(res.body);
    const other = await tally.key({ ownerId: await tally.owner() });
    assertProblem(await resolve(handle, other), 404, 'not_found', 'getSubmission');
    assertProblem(await resolve('sub_999999999'), 404, 'not_found', 'getSubmission');
    const id = Number(handle.slice(4));
    await tally.ctx.repos.db.run((m) =>
      m.update(SubmissionEntity, { id }, { queuedAt: new Date(Date.now() - 31 * 24 * 3_600_000) }),
    );
    assertProblem(await resolve(handle), 404, 'not_found', 'getSubmission');
  });

  it('GIVEN a malformed handle THEN 422 invalid_request', async () => {
    assertProblem(await resolve('sub_abc'), 422, 'invalid_request', 'getSubmission');
    assertProblem(await resolve('12'), 422, 'invalid_request', 'getSubmission');
  });
});
