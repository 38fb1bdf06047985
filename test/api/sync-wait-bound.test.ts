import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { backendName } from '../support/backends';
import { assertContract } from '../support/contract';
import { startTestTally, type TestTally } from '../support/tally';

/**
 * spec 1.4 with a database that stops answering after the enqueue committed: the wait for the
 * worker is bounded by SYNC_WAIT_MS however the look at the row goes, and the client gets the
 * 202 with its durable handle. Found by test/reliability/fault-mariadb.test.ts (MariaDB frozen
 * with SIGSTOP hung the request); here the row read is made to hang or fail in process. There is
 * no worker, so the wake-up that leads to the look is sent by hand, as a worker would send it.
 */
const SYNC_WAIT_MS = 300;

describe(`the wait for the worker is bounded when the database stops answering (${backendName})`, () => {
  let tally: TestTally;
  let key: string;
  let auto: Board;
  let withRecord: TestTally['ctx']['repos']['submissions']['withRecord'];
  let waitOutcome: TestTally['ctx']['signals']['waitOutcome'];

  beforeAll(async () => {
    // No worker: nothing settles but what a test pretends settled.
    tally = await startTestTally({ SYNC_WAIT_MS: String(SYNC_WAIT_MS) }, { worker: false });
    const owner = await tally.owner();
    key = await tally.key({ ownerId: owner });
    auto = await tally.board({ ownerId: owner, type: 'Classic', windowHours: 0 });
    const { repos, signals } = tally.ctx;
    withRecord = repos.submissions.withRecord.bind(repos.submissions);
    waitOutcome = signals.waitOutcome.bind(signals);
    // "The worker settled it": the wake-up comes at once, so the request looks at the row.
    signals.waitOutcome = async () => ({ outcome: null });
  });
  afterAll(async () => {
    tally.ctx.repos.submissions.withRecord = withRecord;
    tally.ctx.signals.waitOutcome = waitOutcome;
    await tally.stop();
  });

  async function post(n: number) {
    const started = performance.now();
    const res = await tally.request('POST', `/v1/boards/${auto.id}/scores`, {
      key,
      headers: { 'idempotency-key': `bounded-${n}` },
      body: JSON.stringify({ player: { name: 'Ann', custom: true }, score: n }),
    });
    return { res, ms: performance.now() - started };
  }

  it('GIVEN the row read never returns THEN 202 with the handle once the budget is spent, not a hang', async () => {
    const pending: (() => void)[] = [];
    tally.ctx.repos.submissions.withRecord = () =>
      new Promise((resolve) => pending.push(() => resolve(null)));
    try {
      const { res, ms } = await post(1);
      expect(res.status, res.text).toBe(202);
      assertContract(res, 'createScore');
      expect(res.body).toMatchObject({ status: 'queued', applied: false });
      expect(ms).toBeGreaterThanOrEqual(SYNC_WAIT_MS - 5);
      expect(pending.length).toBeGreaterThan(0); // the read really was left hanging
    } finally {
      tally.ctx.repos.submissions.withRecord = withRecord;
      for (const release of pending) release();
    }
    const handle = (await post(1)).res; // the replay, with the read working again
    expect(handle.headers.get('idempotent-replayed')).toBe('true');
    const row = await tally.ctx.repos.submissions.byId(
      Number((handle.body as { handle: string }).handle.slice(4)),
    );
    expect(row).toMatchObject({ status: 'queued' });
  });

  it('GIVEN the row read fails after the enqueue committed THEN 202 with the durable handle, not a 500', async () => {
    tally.ctx.repos.submissions.withRecord = () => Promise.reject(new Error('connection lost'));
    try {
      const { res } = await post(2);
      expect(res.status, res.text).toBe(202);
      assertContract(res, 'createScore');
      const handle = (res.body as { handle: string }).handle;
      // The replay is the same 202: the key was completed with the handle in the enqueue.
      tally.ctx.repos.submissions.withRecord = withRecord;
      const replay = await post(2);
      expect(replay.res.status).toBe(202);
      expect(replay.res.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.res.body).toMatchObject({ handle });
    } finally {
      tally.ctx.repos.submissions.withRecord = withRecord;
    }
  });
});
