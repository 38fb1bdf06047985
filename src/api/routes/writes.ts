import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Board } from '../../../entities/board';
import { badRequest } from '../../domain/errors';
import type { Context } from '../../pipeline/context';
import {
  checkIdempotencyKey,
  submitIdempotent,
  type RenderAnswer,
} from '../../pipeline/idempotency';
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

/** The write's answer (spec 2.7): 201 once applied, else 202 with where it stands. */
const answerOn =
  (board: Board): RenderAnswer =>
  ({ handle, queuedAt, view }) => {
    const status = view?.status ?? 'queued';
    return {
      status: status === 'approved' ? 201 : 202,
      body: JSON.stringify(accepted(handle, board.id, queuedAt, status, view?.match ?? null)),
    };
  };

function send(res: Response, status: number, body: string, replayed: boolean): void {
  res.status(status).setHeader('Idempotent-Replayed', String(replayed));
  res.type('application/json').send(body);
}

/** POST /boards/{board}/matches and /scores (spec 4.8, 4.9, 4.11). */
export function postWrite(ctx: Context, kind: 'match' | 'score') {
  return async (req: Request, res: Response) => {
    const { ownerId } = principalOf(res.locals);
    const claim = {
      ownerId,
      key: idempotencyKeyOf(req),
      fingerprint: fingerprintOf(req, res.locals.rawBody as Buffer),
      now: ctx.now(),
    };
    // The key and the board are read at once (a round trip less on MariaDB), but decided in
    // the order of DESIGN.md 3: a replay or a 409 before the board's 404.
    const [check, found] = await Promise.all([
      checkIdempotencyKey(ctx, claim),
      // Called inside a promise: a 400 for the board id is decided after the key too.
      Promise.resolve()
        .then(() => loadBoard(ctx, req, res))
        .then(
          (board) => ({ board }),
          (err: unknown) => ({ err }),
        ),
    ]);
    if (check.kind === 'replay') return send(res, check.status, check.body, true);
    if ('err' in found) throw found.err;
    const { board } = found;
    const answer = await submitIdempotent(
      ctx,
      { board, kind, body: res.locals.body },
      claim,
      check,
      answerOn(board),
    );
    send(res, answer.status, answer.body, false);
  };
}
