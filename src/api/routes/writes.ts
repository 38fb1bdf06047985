import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Board } from '../../../entities/board';
import { autoApplies } from '../../domain/board-rules';
import { badRequest, TallyError } from '../../domain/errors';
import { log } from '../../log';
import type { Context } from '../../pipeline/context';
import { submit, type Submitted } from '../../pipeline/submit';
import type { SubmissionView } from '../../pipeline/submission-view';
import { principalOf } from '../middleware/authenticate';
import { loadBoard } from './load-board';

const USABLE_KEY = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

function idempotencyKeyOf(req: Request): string {
  const values = req.headersDistinct['idempotency-key'];
  const key = values?.length === 1 ? values[0] : undefined;
  if (key === undefined || !USABLE_KEY.test(key)) {
    throw badRequest(
      'Idempotency-Key header is required: 1–255 printable ASCII characters, given once',
    );
  }
  return key;
}

/** DESIGN.md 3: method + path + SHA-256 of the raw body bytes; `1` and `1.0` differ. */
function fingerprintOf(req: Request, raw: Buffer): string {
  const path = req.originalUrl.split('?')[0] ?? '';
  return createHash('sha256').update(`${req.method} ${path}\n`).update(raw).digest('hex');
}

/** WriteAccepted (spec 2.7); `match` only once the worker created it. */
function accepted(
  handle: string,
  board: string,
  queuedAt: Date,
  status: string,
  match: SubmissionView['match'],
) {
  return {
    handle,
    board,
    status,
    applied: status === 'approved',
    queued_at: queuedAt.toISOString(),
    ...(match ? { match } : {}),
  };
}

function send(res: Response, status: number, body: string, replayed: boolean): void {
  res.status(status).setHeader('Idempotent-Replayed', String(replayed));
  res.type('application/json').send(body);
}

/** POST /boards/{board}/matches and /scores (spec 4.8, 4.9, 4.11). */
export function postWrite(ctx: Context, kind: 'match' | 'score') {
  return async (req: Request, res: Response) => {
    const { ownerId } = principalOf(res.locals);
    const key = idempotencyKeyOf(req);
    const claim = {
      ownerId,
      key,
      fingerprint: fingerprintOf(req, res.locals.rawBody as Buffer),
      now: ctx.now(),
    };
    // The key and the board are read at once (a round trip less on MariaDB), but decided in
    // the order of DESIGN.md 3: a replay or a 409 before the board's 404.
    const [start, found] = await Promise.all([
      ctx.repos.idempotency.start(ownerId, key, claim.fingerprint, claim.now),
      // Called inside a promise: a 400 for the board id is decided after the key too.
      Promise.resolve()
        .then(() => loadBoard(ctx, req, res))
        .then(
          (board) => ({ board }),
          (err: unknown) => ({ err }),
        ),
    ]);
    if (start.kind === 'replay') return send(res, start.status, start.body, true);
    if (start.kind === 'conflict') throw conflict();
    if (start.kind === 'in_flight') throw inFlight();
    if ('err' in found) throw found.err;
    const { board } = found;
    const written = await submitRecorded(ctx, board, kind, res.locals.body, claim, start);
    const answer = await finalAnswer(ctx, board, written);
    send(res, answer.status, answer.body, false);
  };
}

type Idempotency = Context['repos']['idempotency'];
type IdempotencyClaim = Parameters<Idempotency['record']>[1];
type Execute = Extract<Awaited<ReturnType<Idempotency['start']>>, { kind: 'execute' }>;

interface Recorded extends Submitted {
  /** The key's record and the 202 stored in it with the submission. */
  recordPk: number;
  queuedBody: string;
}

/** submit, with the key's record (the 202) committed in the same transaction (DESIGN.md 3). */
async function submitRecorded(
  ctx: Context,
  board: Board,
  kind: 'match' | 'score',
  body: unknown,
  claim: IdempotencyClaim,
  start: Execute,
): Promise<Recorded> {
  let queuedBody = '';
  let recordPk = 0;
  try {
    const written = await submit(
      ctx,
      {
        board,
        kind,
        body,
        submittedBy: 'api',
        waitMs: autoApplies(board) ? ctx.config.syncWaitMs : 0,
      },
      {
        inTransaction: async (tx, { submission, handle }) => {
          queuedBody = JSON.stringify(
            accepted(handle, board.id, submission.queuedAt, 'queued', null),
          );
          const pk = await ctx.repos.idempotency.record(tx, claim, start, {
            status: 202,
            body: queuedBody,
            submissionId: submission.id,
          });
          if (pk === null) throw new KeyTaken(); // rolls the submission back
          recordPk = pk;
        },
      },
    );
    return { ...written, recordPk, queuedBody };
  } catch (err) {
    // Another request with this key committed first: this one queued nothing (spec 4.11.4).
    if (!(err instanceof KeyTaken)) throw err;
    const taken = await ctx.repos.idempotency.find(claim.ownerId, claim.key);
    throw taken && taken.fingerprint !== claim.fingerprint ? conflict() : inFlight();
  }
}

/**
 * 201 once the worker applied the write within the wait, else the stored 202. A new answer is
 * stored before it is sent, so a replay repeats exactly what was answered.
 */
async function finalAnswer(ctx: Context, board: Board, written: Recorded) {
  const queued = { status: 202, body: written.queuedBody };
  if (!written.settled) return queued;
  const { view } = written.settled;
  const status = view.status === 'approved' ? 201 : 202;
  const body = JSON.stringify(
    accepted(view.handle, board.id, written.submission.queuedAt, view.status, view.match),
  );
  try {
    await ctx.repos.idempotency.replaceResponse(written.recordPk, status, body);
    return { status, body };
  } catch (err) {
    // The stored 202 stands (and is what a replay gives): answer it rather than a 500.
    log.warn('the final response could not be stored; answering the queued one', { err });
    return queued;
  }
}

/** Another request with the same key committed first (spec 4.11.4). */
class KeyTaken extends Error {}

const conflict = () =>
  new TallyError(
    'idempotency_conflict',
    'This Idempotency-Key was already used with a different request',
  );

const inFlight = () =>
  new TallyError('idempotency_conflict', 'A request with this Idempotency-Key is still in flight', {
    retryAfterSeconds: 1,
  });
