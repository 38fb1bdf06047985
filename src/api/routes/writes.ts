import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { autoApplies } from '../../domain/board-rules';
import { badRequest, TallyError } from '../../domain/errors';
import type { Context } from '../../pipeline/context';
import { submit } from '../../pipeline/submit';
import type { SubmissionView } from '../../pipeline/submission-view';
import { principalOf } from '../middleware/authenticate';
import { loadBoard } from './load-board';

/** How long a claimed Idempotency-Key blocks a retry if its request dies (DESIGN.md 3). */
export const IDEMPOTENCY_LEASE_MS = 30_000;

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
    const fingerprint = fingerprintOf(req, res.locals.rawBody as Buffer);
    const start = await ctx.repos.idempotency.start(
      ownerId,
      key,
      fingerprint,
      ctx.now(),
      IDEMPOTENCY_LEASE_MS,
    );
    if (start.kind === 'replay') return send(res, start.status, start.body, true);
    if (start.kind === 'conflict') {
      throw new TallyError(
        'idempotency_conflict',
        'This Idempotency-Key was already used with a different request',
      );
    }
    if (start.kind === 'in_flight') {
      throw new TallyError(
        'idempotency_conflict',
        'A request with this Idempotency-Key is still in flight',
        {
          retryAfterSeconds: 1,
        },
      );
    }
    try {
      const board = await loadBoard(ctx, req, res);
      let body = '';
      const { submission, settled } = await submit(
        ctx,
        {
          board,
          kind,
          body: res.locals.body,
          submittedBy: 'api',
          waitMs: autoApplies(board) ? ctx.config.syncWaitMs : 0,
        },
        {
          inTransaction: async (tx, { submission, handle }) => {
            body = JSON.stringify(accepted(handle, board.id, submission.queuedAt, 'queued', null));
            await ctx.repos.idempotency.complete(start.pk, 202, body, submission.id, tx);
          },
        },
      );
      if (settled) {
        const { view } = settled;
        const status = view.status === 'approved' ? 201 : 202;
        body = JSON.stringify(
          accepted(view.handle, board.id, submission.queuedAt, view.status, view.match),
        );
        await ctx.repos.idempotency.replaceResponse(start.pk, status, body);
        return send(res, status, body, false);
      }
      send(res, 202, body, false);
    } catch (err) {
      await ctx.repos.idempotency.abandon(start.pk);
      throw err;
    }
  };
}
