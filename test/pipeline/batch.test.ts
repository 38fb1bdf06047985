import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Board } from '../../entities/board';
import { EntryEntity } from '../../entities/entry';
import { ScoreEntity } from '../../entities/score';
import { BATCH_SIZE } from '../../src/pipeline/process';
import { rebuildRankCounts } from '../../src/store/entries';
import { backendName } from '../support/backends';
import { customPlayer, startPipeline, type TestPipeline } from '../support/pipeline';

/**
 * The worker applies a board's queued submissions in batches, one transaction each: the batch
 * must behave exactly as one transaction per submission would, in queue order, and a submission
 * that cannot be applied fails alone.
 */
describe(`batched processing (${backendName})`, () => {
  // Every assertion here is about a whole worker pass: each test has a database of its own.
  let t: TestPipeline;
  beforeEach(async () => {
    t = await startPipeline();
  });
  afterEach(() => t.close());

  /** Queues a custom player's score; resolves with the submission id. */
  const submitScore = async (b: Board, name: string, score: number) =>
    (await t.submitScore(b, customPlayer(name), score)).submission.id;
  const rows = (b: Board) =>
    t.ctx.repos.db.run(async (m) => ({
      scores: await m.find(ScoreEntity, { where: { boardPk: b.pk }, order: { pk: 'ASC' } }),
      entries: await m.find(EntryEntity, {
        where: { boardPk: b.pk },
        order: { playerId: 'ASC' },
      }),
      counts: (
        (await m.query(
          'SELECT level, bucket, n FROM entry_rank_counts WHERE board_pk = ? AND n <> 0 ORDER BY level, bucket',
          [b.pk],
        )) as { level: number | string; bucket: number | string; n: number | string }[]
      ).map((c) => [Number(c.level), Number(c.bucket), Number(c.n)]),
    }));

  /** The rank counters as a rebuild from the entries computes them. */
  const rebuiltCounts = async (b: Board) => {
    await t.ctx.repos.db.transaction((tx) => rebuildRankCounts(tx, b.pk));
    return (await rows(b)).counts;
  };

  it('GIVEN many queued scores on one board THEN one transaction applies them all in queue order and wakes every waiting request', async () => {
    const b = await t.board({ type: 'Classic', windowHours: 0 });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await submitScore(b, `P${i % 4}`, i + 1));
    const woken = ids.map((id) => t.ctx.signals.waitSettled(id, 5_000));
    const transactions = vi.spyOn(t.ctx.repos.db, 'transaction');
    try {
      expect(await t.worker.runOnce()).toBe(true);
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
    }
    expect(await Promise.all(woken)).toEqual(ids.map(() => true));

    const after = await rows(b);
    // Queue order: scores numbered as submitted, each submission recorded once.
    expect(after.scores.map((s) => s.submissionId)).toEqual(ids);
    expect(after.scores.map((s) => Number(s.score))).toEqual(ids.map((_, i) => i + 1));
    for (const [i, id] of ids.entries()) {
      const submission = await t.ctx.repos.submissions.byId(id);
      expect(submission).toMatchObject({
        status: 'approved',
        attempts: 1,
        scorePk: after.scores[i]!.pk,
      });
    }
    // P0 took 1+5+9+13+17, P1 2+6+…, and so on: accumulate saw every earlier score of the batch.
    expect(after.entries.map((e) => [e.playerId, Number(e.score), e.submissions])).toEqual([
      ['custom:P0', 45, 5],
      ['custom:P1', 50, 5],
      ['custom:P2', 55, 5],
      ['custom:P3', 60, 5],
    ]);
    expect(after.counts).toEqual(await rebuiltCounts(b));
  });

  it('GIVEN a batch with one submission that cannot be applied THEN it alone fails and every other is applied exactly once, in order', async () => {
    const b = await t.board({ type: 'Classic', windowHours: 0 });
    const ids = [
      await submitScore(b, 'Ann', 5),
      await submitScore(b, 'Max', Number.MAX_SAFE_INTEGER),
      await submitScore(b, 'Bob', 3),
      // Past 2^53−1: the operator throws inside the batch's transaction.
      await submitScore(b, 'Max', 1),
      await submitScore(b, 'Ann', 7),
      await submitScore(b, 'Max', -10),
      await submitScore(b, 'Bob', 4),
    ];
    const overflow = ids[3]!;
    const woken = ids.map((id) => t.ctx.signals.waitSettled(id, 5_000));
    await t.worker.runOnce();
    expect(await Promise.all(woken)).toEqual(ids.map(() => true));

    const failed = await t.ctx.repos.submissions.byId(overflow);
    expect(failed).toMatchObject({ status: 'failed', scorePk: null });
    expect(failed?.failureReason).toMatch(/outside/);
    const applied = ids.filter((id) => id !== overflow);
    for (const id of applied) {
      expect(await t.ctx.repos.submissions.byId(id)).toMatchObject({
        status: 'approved',
        attempts: 1,
      });
    }
    const after = await rows(b);
    expect(after.scores.map((s) => s.submissionId)).toEqual(applied);
    expect(after.entries.map((e) => [e.playerId, Number(e.score), e.submissions])).toEqual([
      ['custom:Ann', 12, 2],
      ['custom:Bob', 7, 2],
      ['custom:Max', Number.MAX_SAFE_INTEGER - 10, 2],
    ]);
    expect(after.counts).toEqual(await rebuiltCounts(b));

    // Nothing is left to do: another pass applies nothing twice.
    expect(await t.worker.runOnce()).toBe(false);
    expect((await rows(b)).scores).toHaveLength(applied.length);
  });

  it(`GIVEN more than ${BATCH_SIZE} queued scores THEN they are taken in batches of ${BATCH_SIZE}, in order`, async () => {
    const b = await t.board({ type: 'Highscore', windowHours: 0 });
    const total = BATCH_SIZE + 5;
    const ids: number[] = [];
    for (let i = 0; i < total; i++) ids.push(await submitScore(b, `Q${i % 7}`, i));
    const transactions = vi.spyOn(t.ctx.repos.db, 'transaction');
    try {
      await t.worker.runOnce();
      expect(transactions).toHaveBeenCalledTimes(2);
    } finally {
      transactions.mockRestore();
    }
    const after = await rows(b);
    expect(after.scores.map((s) => s.submissionId)).toEqual(ids);
    expect(after.entries).toHaveLength(7);
    for (const entry of after.entries) {
      const player = Number(entry.playerId.slice('custom:Q'.length));
      const last = Math.max(...ids.map((_, i) => i).filter((i) => i % 7 === player));
      expect(Number(entry.score)).toBe(last);
    }
    expect(after.counts).toEqual(await rebuiltCounts(b));
  });
});
