import { setTimeout as pause } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import type { Submission } from '../../entities/submission';
import type { Evidence } from '../domain/evidence';
import { log } from '../log';
import type { Context } from './context';
import { awaitingOpponents } from './confirm';
import { crashPoint } from './crash-points';
import { enqueueWrite, type Enqueued } from './enqueue';
import { viewFrom, type SubmissionView } from './submission-view';
import { validateWrite } from './validate-write';

/**
 * The one submit use case (STYLE.md 2): POST …/matches|scores and /match report, /score submit
 * validate, enqueue, wake the worker and wait for it the same way.
 */
export interface SubmitInput {
  board: Board;
  kind: 'match' | 'score';
  body: unknown;
  /** `api`, or `chat:<member>` (DESIGN.md 3 submitted_by). */
  submittedBy: string;
  /** How long to wait for the worker (spec 1.4: SYNC_WAIT_MS on auto-applying boards); 0: not at all. */
  waitMs: number;
  /** Where a chat report was made: on an `opponents` board it waits there for them (confirm.ts). */
  reportedIn?: { guildId: string | null; channelId: string | null };
  /** A chat report's link or attachment (the API has none). */
  evidence?: Evidence;
}

export interface SubmitHooks {
  /** The write passed validation and is about to be queued (chat defers its reply here). */
  validated?: () => Promise<void>;
  /** Runs in the enqueue transaction (the API's idempotency record, spec 4.11). */
  inTransaction?: (tx: EntityManager, enqueued: Enqueued) => Promise<void>;
}

export interface Submitted extends Enqueued {
  /** The submission once the worker moved it past the queue, with its view; null if not in time. */
  settled: { submission: Submission; view: SubmissionView } | null;
}

export async function submit(
  ctx: Context,
  input: SubmitInput,
  hooks: SubmitHooks = {},
): Promise<Submitted> {
  const write = await validateWrite(ctx, input.board, input.kind, input.body);
  await hooks.validated?.();
  const inner = awaitingOpponents(ctx, input, write, hooks.inTransaction);
  // The wait is armed inside the enqueue transaction, before its commit: no worker can settle the
  // submission earlier, so its wake-up cannot be missed and no look at the row is needed first.
  // A transaction that lost a lock race runs again (SubmissionRepository.queueTransaction): each
  // try arms its own wait, and the wait of a try that was rolled back is let go.
  let stop = new AbortController();
  let wake: Wake | null = null;
  let enqueued: Enqueued;
  try {
    enqueued = await enqueueWrite(
      ctx,
      input.board,
      write,
      input.submittedBy,
      async (tx, queued) => {
        await inner?.(tx, queued);
        if (input.waitMs > 0) {
          stop.abort();
          stop = new AbortController();
          wake = ctx.signals.waitOutcome(queued.submission.id, input.waitMs, stop.signal);
        }
      },
      input.evidence,
    );
  } catch (err) {
    stop.abort(); // rolled back: nothing will settle
    throw err;
  }
  crashPoint('enqueue:after-commit');
  ctx.signals.queued();
  const settled = wake
    ? await settledWithin(ctx, input.board, enqueued.submission.id, wake, input.waitMs)
    : null;
  return { ...enqueued, settled };
}

type Wake = ReturnType<Context['signals']['waitOutcome']>;
type Woken = Awaited<Wake>;

/** Moved past the queue: decided, waiting for review, or failed. */
const isSettled = (s: Submission) => s.status !== 'queued' && s.status !== 'processing';

/**
 * The whole wait is bounded by `budgetMs`, also when the database stops answering the look at
 * the row (a frozen or vanished server): the handle is committed, so the caller answers in time
 * with what it has (a 202, a "queued" reply), never a hang or an error for an accepted write
 * (test/reliability/fault-mariadb.test.ts).
 */
async function settledWithin(ctx: Context, board: Board, id: number, wake: Wake, budgetMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), budgetMs);
  });
  const over = new AbortController();
  // Only this process's worker rings here unless signals cross processes (Redis): a write that
  // another process applies (two Tally processes on one database) is found by looking at the row.
  const told = ctx.signals.acrossProcesses
    ? wake
    : Promise.race([wake, settledElsewhere(ctx, id, over.signal)]);
  const look = settledRow(ctx, board, id, told).catch((err: unknown) => {
    log.warn('the wait for the worker failed; answering without it', { submission: id, err });
    return null;
  });
  try {
    return await Promise.race([look, budget]);
  } finally {
    clearTimeout(timer);
    over.abort();
  }
}

/**
 * When the row is looked at while no signal came: late enough that this process's own worker,
 * which rings, has nearly always answered first (so it costs nothing then), and doubling, so a
 * long wait costs a handful of reads, not one per interval.
 */
export const ELSEWHERE_LOOKS_MS = [100, 200, 400, 800, 1600, 3200];

/**
 * The row once it moved past the queue, looked at on ELSEWHERE_LOOKS_MS. Never resolves when
 * `stop` aborts first (the wait is over), when no look found it settled, or when a look fails:
 * the signal and the budget still end the wait.
 */
async function settledElsewhere(ctx: Context, id: number, stop: AbortSignal): Promise<Woken> {
  let waited = 0;
  try {
    for (const at of ELSEWHERE_LOOKS_MS) {
      await pause(at - waited, undefined, { signal: stop });
      waited = at;
      const found = await ctx.repos.submissions.withRecord(id);
      if (found && isSettled(found.submission)) return { outcome: found };
    }
  } catch {
    // Aborted, or the look failed: nothing more to look at.
  }
  return new Promise<never>(() => undefined);
}

/**
 * Once woken: what the worker told, when it works in this process, else one look at the row
 * with its match or score. The board is the request's own.
 */
async function settledRow(ctx: Context, board: Board, id: number, wake: Wake) {
  const woken = await wake;
  if (!woken) return null;
  const found = woken.outcome ?? (await ctx.repos.submissions.withRecord(id));
  if (!found || !isSettled(found.submission)) return null;
  return {
    submission: found.submission,
    view: viewFrom(ctx, found.submission, board, found.record),
  };
}
