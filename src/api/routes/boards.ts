import type { Request, Response } from 'express';
import { boardsPage } from '../../pipeline/board-reads';
import type { Context } from '../../pipeline/context';
import { principalOf } from '../middleware/authenticate';
import { envelope, pageCursor, pageLimit } from '../../http/params';
import { serializeBoard } from '../serialize/board';
import { loadBoard } from './load-board';

/** GET /boards (spec 4.2): every board of the key's owner, oldest first. */
export function listBoards(ctx: Context) {
  return async (req: Request, res: Response) => {
    const request = { limit: pageLimit(req), cursor: pageCursor(req) };
    const { boards, nextCursor } = await boardsPage(ctx, principalOf(res.locals).ownerId, request);
    const data = boards.map((board) => serializeBoard(board, ctx.config.publicUrl));
    res.json(envelope(data, nextCursor));
  };
}

/** GET /boards/{board} (spec 4.3); Rating boards resolve here with `write: null`. */
export function getBoard(ctx: Context) {
  return async (req: Request, res: Response) => {
    const board = await loadBoard(ctx, req, res);
    res.json(serializeBoard(board, ctx.config.publicUrl));
  };
}
