import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OfflineChat } from '../../src/pipeline/chat-port';
import { createBoard } from '../../src/pipeline/boards';
import { ELSEWHERE_LOOKS_MS, submit } from '../../src/pipeline/submit';
import { Worker } from '../../src/pipeline/worker';
import { backendName } from '../support/backends';
import { customPlayer, newOwner } from '../support/pipeline';
import { createSharedDatabase, type Opened } from '../support/shared-database';
import { loadConfig } from '../../src/config';
import { closeContext, openContext } from '../../src/main';

/**
 * Two Tally processes on one database without Redis: each process's signals stay in it, so a
 * write one process takes and the other's worker applies rings nobody where its request waits.
 * The request looks at its row instead (src/pipeline/submit.ts settledElsewhere) and answers
 * what was applied, not a 202 once its whole budget ran out. With Redis the worker's signal
 * crosses (test/api/idempotency.test.ts covers a worker of another process there).
 */
/** The request's budget: a wait that only the budget ended would take this long. */
const BUDGET_MS = 20_000;

describe(`a write applied by another process's worker, no Redis (${backendName})`, () => {
  let database: Awaited<ReturnType<typeof createSharedDatabase>>;
  let taker: Opened;
  let applier: Opened;
  let worker: Worker;
  beforeAll(async () => {
    database = await createSharedDatabase('tally-elsewhere-');
    const open = () => openContext(loadConfig({ DATABASE_URL: database.url }));
    taker = await open();
    applier = await open();
    // Only the second "process" works the queue.
    worker = new Worker(applier.ctx, new OfflineChat(), applier.ctx.signals, { pollMs: 50 });
    worker.start();
  });
  afterAll(async () => {
    await worker.stop();
    await closeContext(taker);
    await closeContext(applier);
    await database.drop();
  });

  it('GIVEN signals that stay in each process THEN they say so', () => {
    expect(taker.ctx.signals.acrossProcesses).toBe(false);
  });

  it('GIVEN a write taken here and applied by the other process THEN its wait ends with the applied write, long before its budget', async () => {
    const board = await createBoard(taker.ctx, {
      ownerId: await newOwner(taker.ctx),
      type: 'Highscore',
      windowHours: 0,
    });
    const looks = vi.spyOn(taker.ctx.repos.submissions, 'withRecord');
    try {
      const started = performance.now();
      const written = await submit(taker.ctx, {
        board,
        kind: 'score',
        body: { player: customPlayer('Ann'), score: 7 },
        submittedBy: 'api',
        waitMs: BUDGET_MS,
      });
      const took = performance.now() - started;
      expect(written.settled?.submission.status).toBe('approved');
      expect(written.settled?.view.status).toBe('approved');
      // Found by a look, not by the budget (a loaded machine may need a few of them).
      expect(took).toBeLessThan(BUDGET_MS / 2);
      expect(looks).toHaveBeenCalled();
      expect(looks.mock.calls.length).toBeLessThanOrEqual(ELSEWHERE_LOOKS_MS.length);
    } finally {
      looks.mockRestore();
    }
  });
});
