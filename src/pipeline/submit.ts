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
  const look = settledRow(ctx, board, id, wake).catch((err: unknown) => {
    log.warn('the wait for the worker failed; answering without it', { submission: id, err });
    return null;
  });
  try {
    return await Promise.race([look, budget]);
  } finally {
    clearTimeout(timer);
  }
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
