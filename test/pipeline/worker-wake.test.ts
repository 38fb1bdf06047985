import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OfflineChat } from '../../src/pipeline/chat-port';
import { Worker } from '../../src/pipeline/worker';
import { backendName } from '../support/backends';
import { customPlayer, startPipeline, type TestPipeline } from '../support/pipeline';

/**
 * The worker sleeps between passes until a write wakes it (or a poll comes round). A wake-up
 * that arrives while a pass is running, after the pass looked for work, must not be lost until
 * the next poll: the write it announces would wait the whole poll interval (the API's sync wait
 * would then time out into a 202).
 */
/** The worker's poll here: a lost wake-up would leave the write waiting this long. */
const POLL_MS = 60_000;
/** Taken "at once": well within the poll, however loaded the machine. */
const WAKE_BOUND_MS = 15_000;

describe(`waking the worker (${backendName})`, () => {
  let t: TestPipeline;
  let worker: Worker | undefined;
  beforeEach(async () => {
    t = await startPipeline();
  });
  afterEach(async () => {
    await worker?.stop();
    await t.close();
  });

  it(
    'GIVEN a write queued while a pass runs, after it looked THEN the next pass takes it at once, not a poll later',
    async () => {
      const b = await t.board({ type: 'Highscore', windowHours: 0 });
      const submissions = t.ctx.repos.submissions;
      const look = submissions.boardsWithQueued.bind(submissions);
      let queuedMeanwhile: number | undefined;
      let settled: Promise<boolean> | undefined;
      submissions.boardsWithQueued = async (limit) => {
        const boards = await look(limit);
        if (queuedMeanwhile === undefined) {
          // The pass has looked (and found nothing); a write lands and rings before it sleeps.
          queuedMeanwhile = (await t.submitScore(b, customPlayer('Ann'), 5)).submission.id;
          settled = t.ctx.signals.waitSettled(queuedMeanwhile, WAKE_BOUND_MS);
          t.ctx.signals.queued();
        }
        return boards;
      };
      worker = new Worker(t.ctx, new OfflineChat(), t.ctx.signals, { pollMs: POLL_MS });
      const started = performance.now();
      worker.start();
      await expect.poll(() => settled, { timeout: WAKE_BOUND_MS }).toBeDefined();
      expect(await settled).toBe(true);
      expect(performance.now() - started).toBeLessThan(WAKE_BOUND_MS);
      expect(await t.status(queuedMeanwhile!)).toBe('approved');
    },
    3 * WAKE_BOUND_MS,
  );

  /** Counts the worker's reads of the queue: the list of boards, and a board's batch outside the transaction. */
  function countReads() {
    const submissions = t.ctx.repos.submissions;
    const list = submissions.boardsWithQueued.bind(submissions);
    const batch = submissions.queuedBatch.bind(submissions);
    const reads = {
      lists: 0,
      batches: 0,
      /** Once: the next batch read outside the transaction sees only its oldest row, then a write rings. */
      lateArrival: false,
    };
    submissions.boardsWithQueued = async (limit) => {
      reads.lists++;
      return list(limit);
    };
    submissions.queuedBatch = async (tx, boardPk, limit, lock) => {
      if (lock) return batch(tx, boardPk, limit, lock);
      reads.batches++;
      const rows = await batch(tx, boardPk, limit, lock);
      if (!reads.lateArrival) return rows;
      reads.lateArrival = false;
      t.ctx.signals.queued();
      return rows.slice(0, 1);
    };
    return reads;
  }

  /** An auto-applying board and a worker whose first pass found nothing: it sleeps till a write rings. */
  async function idleWorker() {
    const b = await t.board({ type: 'Highscore', windowHours: 0 });
    worker = new Worker(t.ctx, new OfflineChat(), t.ctx.signals, { pollMs: POLL_MS });
    worker.start();
    await expect.poll(() => t.ctx.repos.submissions.boardsWithQueued(1)).toEqual([]);
    return { b, reads: countReads() };
  }

  it(
    'GIVEN writes arriving one at a time THEN each costs one look at the boards and one read of its queue, not a second of each to find it empty',
    async () => {
      const { b, reads } = await idleWorker();
      const writes = 5;
      for (let i = 0; i < writes; i++) {
        const { submission } = await t.submitScore(b, customPlayer(`P${i}`), i);
        const settled = t.ctx.signals.waitSettled(submission.id, WAKE_BOUND_MS);
        t.ctx.signals.queued();
        expect(await settled).toBe(true);
        expect(await t.status(submission.id)).toBe('approved');
      }
      // Before: two of each per write (the second pass and the second batch found nothing).
      expect(reads.batches).toBe(writes);
      expect(reads.lists).toBe(writes);
    },
    3 * WAKE_BOUND_MS,
  );

  it(
    'GIVEN a write rings while a batch of its board is being applied THEN the worker reads that queue again at once and takes it, not a poll later',
    async () => {
      const { b, reads } = await idleWorker();
      // Two rows queued, but the batch read sees the first only, as if the second had been
      // queued just after it; the second rings during the pass. The short batch settles and
      // leaves the board "empty": only the ring may send the worker round again at once.
      const first = (await t.submitScore(b, customPlayer('First'), 1)).submission.id;
      const late = (await t.submitScore(b, customPlayer('Late'), 9)).submission.id;
      reads.lateArrival = true;
      const started = performance.now();
      t.ctx.signals.queued();
      expect(await t.ctx.signals.waitSettled(first, WAKE_BOUND_MS)).toBe(true);
      await expect.poll(() => t.status(late), { timeout: WAKE_BOUND_MS }).toBe('approved');
      expect(performance.now() - started).toBeLessThan(WAKE_BOUND_MS);
      expect(reads.batches).toBe(2);
    },
    3 * WAKE_BOUND_MS,
  );
});
