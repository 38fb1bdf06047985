import type { Request, Response } from 'express';
import type { Board } from '../../../entities/board';
import { notFound, TallyError } from '../../domain/errors';
import { isBoardId } from '../../domain/ids';
import type { Context } from '../../pipeline/context';
import { principalOf } from '../middleware/authenticate';

/** The path's board for the key's owner; another owner's board is the same 404 (spec 4.1). */
export async function loadBoard(ctx: Context, req: Request, res: Response): Promise<Board> {
  const id = boardIdOf(req);
  const board = await ctx.repos.boards.byId(principalOf(res.locals).ownerId, id);
  if (!board) throw notFound(`No board "${id}"`);
  return board;
}

/** The path's board id, or a 400: spec 4.1, a board id is 1–100 characters. */
export function boardIdOf(req: Request): string {
  const id = String(req.params.board);
  if (!isBoardId(id)) throw new TallyError('invalid_request', 'board: must be 1–100 characters');
  return id;
}
