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
});
