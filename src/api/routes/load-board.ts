import type { Request, Response } from 'express';
import type { Board } from '../../../entities/board';
import { TallyError } from '../../domain/errors';
import { isBoardId } from '../../domain/ids';
import type { Context } from '../../pipeline/context';
import { ownedBoard } from '../../pipeline/board-reads';
import { principalOf } from '../middleware/authenticate';

/** The path's board for the key's owner; another owner's board is the same 404 (spec 4.1). */
export function loadBoard(ctx: Context, req: Request, res: Response): Promise<Board> {
  return ownedBoard(ctx, principalOf(res.locals).ownerId, boardIdOf(req));
}

/** The path's board id, or a 400: spec 4.1, a board id is 1–100 characters. */
export function boardIdOf(req: Request): string {
  const id = String(req.params.board);
  if (!isBoardId(id)) throw new TallyError('invalid_request', 'board: must be 1–100 characters');
  return id;
}
