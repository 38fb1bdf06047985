import type { Board } from '../../entities/board';
import { autoApplies } from '../domain/board-rules';
import { TallyError } from '../domain/errors';
import { log } from '../log';
import type { IdempotencyClaim, IdempotencyStart, StoredResponse } from '../store/idempotency';
import type { Context } from './context';
import type { FinalAnswers } from './final-answers';
import type { SettledOutcome } from './signals';
import { submit, type Submitted } from './submit';
import { viewFrom, type SubmissionView } from './submission-view';

/**
 * The API's writes under an Idempotency-Key (spec 4.11 with DESIGN.md 3), as two use cases the
 * route calls: `checkIdempotencyKey` decides a replay or a 409 before anything else, and
 * `submitIdempotent` queues the write with the key's record in one transaction, waits for the
 * worker and stores the final answer before it is given, so a replay repeats it byte for byte.
 *
 * On an auto-applying board the record commits with the 202 as a provisional answer and a lease:
 * a duplicate is a 409 with Retry-After until the final answer (the 201, or that 202 once the
 * wait ran out) is stored, never the 202 of a write that is about to be answered 201 (issue 25).
 * A request that dies in between leaves a record whose lease runs out; its 202 (the durable
 * handle) then becomes the final answer (`IdempotencyRepository.start`).
 */

export type KeyClaim = IdempotencyClaim;
export type Answer = StoredResponse;
type Execute = Extract<IdempotencyStart, { kind: 'execute' }>;

export type KeyCheck = { kind: 'replay'; status: number; body: string } | Execute;

/**
 * How long beyond the sync wait a record's answer stays provisional (duplicates get 409): time
 * for a live request to store its final answer after the wait. It bounds what a crash costs: the
 * retries of a write whose request died after its commit get 409 for at most the wait and this,
 * then the stored 202. A request slower than that still answers what its record keeps.
 */
export const IDEMPOTENCY_LEASE_MS = 2000;

/**
 * When the wait ran out, the stored 202 is the answer. The request waits at most this long for it
 * to be marked final (duplicates replay it from then on) before answering, so a database that
 * stopped answering does not hold back the 202 of a durable handle
 * (test/reliability/fault-mariadb.test.ts); if the mark is late, the lease makes it final.
 */
const FINISH_202_GRACE_MS = 1000;

/** The key's record first (DESIGN.md 3 check order): a replay, a 409, or go ahead. */
export async function checkIdempotencyKey(ctx: Context, claim: KeyClaim): Promise<KeyCheck> {
  const start = await ctx.repos.idempotency.start(
    claim.ownerId,
    claim.key,
    claim.fingerprint,
    claim.now,
  );
  if (start.kind === 'conflict') throw idempotencyConflict();
  if (start.kind === 'in_flight') throw idempotencyInFlight();
  return start;
}

/** What the edge answers for the write: queued (`view` null), or what the worker made of it. */
export type RenderAnswer = (written: {
  handle: string;
  queuedAt: Date;
  view: SubmissionView | null;
}) => Answer;

export interface IdempotentWrite {
  board: Board;
  kind: 'match' | 'score';
  body: unknown;
}

/**
 * submit, with the key's record committed in the same transaction (DESIGN.md 3); resolves with
 * the answer stored for replays. On a board that applies at once it waits for the worker
 * (spec 1.4) and the record stays in flight until the answer is final.
 */
export async function submitIdempotent(
  ctx: Context,
  write: IdempotentWrite,
  claim: KeyClaim,
  start: Execute,
  render: RenderAnswer,
): Promise<Answer> {
  const waitMs = autoApplies(write.board) ? ctx.config.syncWaitMs : 0;
  let queued: Answer = { status: 202, body: '' };
  let recordPk = 0;
  const armed: { final: Expected | null } = { final: null };
  let written: Submitted;
  try {
    written = await submit(
      ctx,
      { ...write, submittedBy: 'api', waitMs },
      {
        inTransaction: async (tx, { submission, handle }) => {
          queued = render({ handle, queuedAt: submission.queuedAt, view: null });
          const inFlightUntil =
            waitMs > 0 ? new Date(ctx.now().getTime() + waitMs + IDEMPOTENCY_LEASE_MS) : null;
          const pk = await ctx.repos.idempotency.record(tx, claim, start, {
            ...queued,
            submissionId: submission.id,
            inFlightUntil,
          });
          if (pk === null) throw new KeyTaken(); // rolls the submission back
          recordPk = pk;
          if (waitMs === 0) return;
          // The worker may store the final answer with the write (final-answers.ts). A try
          // that was rolled back lets its submission id go: another write may get it.
          armed.final?.release();
          armed.final = ctx.signals.answers.expect(submission.id, pk, ({ submission: s, record }) =>
            render({ handle, queuedAt: s.queuedAt, view: viewFrom(ctx, s, write.board, record) }),
          );
        },
      },
    );
  } catch (err) {
    armed.final?.release();
    // Another request with this key committed first: this one queued nothing (spec 4.11.4).
    if (!(err instanceof KeyTaken)) throw err;
    const taken = await ctx.repos.idempotency.find(claim.ownerId, claim.key);
    throw taken && taken.fingerprint !== claim.fingerprint
      ? idempotencyConflict()
      : idempotencyInFlight();
  }
  const { final } = armed;
  try {
    if (waitMs === 0) return queued; // stored as the final answer with the submission
    if (!written.settled) return await finishQueued(ctx, recordPk, queued, final);
    // Stored with the write by this process's worker: nothing left to store.
    const stored = final?.stored();
    if (stored) return stored;
    const answer = render({
      handle: written.handle,
      queuedAt: written.submission.queuedAt,
      view: written.settled.view,
    });
    try {
      // Stored before it is given; the record keeps the 202 only if its lease ran out first.
      return await ctx.repos.idempotency.finish(recordPk, answer.status, answer.body);
    } catch (err) {
      // The record keeps the 202, final once its lease runs out: answer that.
      log.warn('the final response could not be stored; answering the queued one', { err });
      return queued;
    }
  } finally {
    final?.release();
  }
}

/**
 * The wait ran out: the stored 202 is the answer; it is made final (bounded, see above). If the
 * worker stored its answer with the write meanwhile (between the end of the wait and now), that
 * answer is what the record keeps, and so what this request gives too.
 */
async function finishQueued(
  ctx: Context,
  pk: number,
  queued: Answer,
  final: Expected | null,
): Promise<Answer> {
  const already = final?.stored();
  if (already) return already;
  const finished = ctx.repos.idempotency.finish(pk, queued.status, queued.body).then(
    (kept) => kept,
    (err: unknown) => {
      log.warn('the queued response could not be made final', { err });
      return queued;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<Answer>((resolve) => {
    timer = setTimeout(() => resolve(queued), FINISH_202_GRACE_MS);
  });
  try {
    return await Promise.race([finished, grace]);
  } finally {
    clearTimeout(timer);
  }
}

type Expected = ReturnType<FinalAnswers<SettledOutcome>['expect']>;

/** Another request with the same key committed first (spec 4.11.4). */
class KeyTaken extends Error {}

const idempotencyConflict = () =>
  new TallyError(
    'idempotency_conflict',
    'This Idempotency-Key was already used with a different request',
  );

const idempotencyInFlight = () =>
  new TallyError('idempotency_conflict', 'A request with this Idempotency-Key is still in flight', {
    retryAfterSeconds: 1,
  });
