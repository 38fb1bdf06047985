import type { Request, Response } from 'express';
import { cursorInt, decodeCursor, encodeCursor } from '../../domain/cursor';
import type { Context } from '../../pipeline/context';
import { principalOf } from '../middleware/authenticate';
import { page, pageCursor, pageLimit } from '../params';
import { serializeBoard } from '../serialize/board';
import { loadBoard } from './load-board';

/** GET /boards (spec 4.2): every board of the key's owner, oldest first. */
export function listBoards(ctx: Context) {
  return async (req: Request, res: Response) => {
    const limit = pageLimit(req);
    const cursor = pageCursor(req);
    const afterPk = cursor === undefined ? 0 : cursorInt(decodeCursor(cursor), 'pk');
    const rows = await ctx.repos.boards.page(principalOf(res.locals).ownerId, afterPk, limit + 1);
    res.json(
      page(
        rows,
        limit,
        (board) => serializeBoard(board, ctx.config.publicUrl),
        (board) => encodeCursor({ pk: board.pk }),
      ),
    );
  };
}

/** GET /boards/{board} (spec 4.3); Rating boards resolve here with `write: null`. */
export function getBoard(ctx: Context) {
  return async (req: Request, res: Response) => {
    const board = await loadBoard(ctx, req, res);
    res.json(serializeBoard(board, ctx.config.publicUrl));
  };
}
