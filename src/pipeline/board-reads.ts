import type { Board } from '../../entities/board';
import { cursorInt, decodeCursor, encodeCursor, splitPage } from '../domain/cursor';
import { notFound } from '../domain/errors';
import type { Context } from './context';

/** A board of this owner, or the same 404 for a missing and another owner's board (spec 4.1). */
export async function ownedBoard(ctx: Context, ownerId: string, boardId: string): Promise<Board> {
  const board = await ctx.repos.boards.byId(ownerId, boardId);
  if (!board) throw notFound(`No board "${boardId}"`);
  return board;
}

/** An owner's boards, oldest first (spec 4.2), in keyset pages on the board's pk. */
export async function boardsPage(
  ctx: Context,
  ownerId: string,
  request: { cursor?: string | undefined; limit: number },
): Promise<{ boards: Board[]; nextCursor: string | null }> {
  const afterPk = request.cursor === undefined ? 0 : cursorInt(decodeCursor(request.cursor), 'pk');
  const rows = await ctx.repos.boards.page(ownerId, afterPk, request.limit + 1);
  const { items, nextCursor } = splitPage(rows, request.limit, (last) =>
    encodeCursor({ pk: last.pk }),
  );
  return { boards: items, nextCursor };
}
