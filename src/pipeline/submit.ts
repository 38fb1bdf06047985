import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import type { Submission } from '../../entities/submission';
import type { Evidence } from '../domain/evidence';
import { log } from '../log';
import type { Context } from './context';
import { awaitingOpponents } from './confirm';
import { crashPoint } from './crash-points';
import { enqueueWrite, type Enqueued } from './enqueue';
import { viewOf, type SubmissionView } from './submission-view';
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
  const enqueued = await enqueueWrite(
    ctx,
    input.board,
    write,
    input.submittedBy,
    awaitingOpponents(ctx, input, write, hooks.inTransaction),
    input.evidence,
  );
  crashPoint('enqueue:after-commit');
  ctx.signals.queued();
  const settled =
    input.waitMs > 0 ? await settledWithin(ctx, enqueued.submission.id, input.waitMs) : null;
  return { ...enqueued, settled };
}

/** Moved past the queue: decided, waiting for review, or failed. */
const isSettled = (s: Submission) => s.status !== 'queued' && s.status !== 'processing';

/**
 * The whole wait is bounded by `budgetMs`, also when the database stops answering the look at
 * the row (a frozen or vanished server): the handle is committed, so the caller answers in time
 * with what it has (a 202, a "queued" reply), never a hang or an error for an accepted write
 * (test/reliability/fault-mariadb.test.ts).
 */
async function settledWithin(ctx: Context, id: number, budgetMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), budgetMs);
  });
  const look = settledRow(ctx, id, budgetMs).catch((err: unknown) => {
    log.warn('the wait for the worker failed; answering without it', { submission: id, err });
    return null;
  });
  try {
    return await Promise.race([look, budget]);
  } finally {
    clearTimeout(timer);
  }
}

/** The wake-up is armed before the first look at the row, so a worker finishing in between is seen. */
async function settledRow(ctx: Context, id: number, budgetMs: number) {
  const wake = ctx.signals.waitSettled(id, budgetMs);
  for (let round = 0; round < 2; round++) {
    const submission = await ctx.repos.submissions.byId(id);
    if (submission && isSettled(submission))
      return { submission, view: await viewOf(ctx, submission) };
    if (round === 0) await wake;
  }
  return null;
}
