import type { Request, Response } from 'express';
import type { Board } from '../../../entities/board';
import { cursorInt, cursorString, decodeCursor, encodeCursor } from '../../domain/cursor';
import { notFound, TallyError } from '../../domain/errors';
import { parsePlayerId } from '../../domain/player-id';
import { rankKeyOf, valueOf } from '../../domain/ranking';
import type { Context } from '../../pipeline/context';
import type { EntryPosition, RankedEntry } from '../../store/entries';
import { principalOf } from '../middleware/authenticate';
import { page, pageCursor, pageLimit } from '../params';
import { serializeEntry } from '../serialize/entry';
import { boardIdOf, loadBoard } from './load-board';

/** Rating boards keep no entries in this version (spec 4.4). */
function requireEntries(board: Pick<Board, 'type'>): void {
  if (board.type === 'Rating') {
    throw new TallyError(
      'board_type_mismatch',
      'Rating boards keep no entries in this version; read the board itself',
    );
  }
}

/**
 * The cursor is the last row's (value, player_id) (DESIGN.md 3); the rank is never read from it.
 * A hand-built cursor is fine; a malformed one is a 400.
 */
function cursorPosition(req: Request): { value: number; playerId: string } | null {
  const cursor = pageCursor(req);
  if (cursor === undefined) return null;
  const position = decodeCursor(cursor);
  return { value: cursorInt(position, 'v'), playerId: cursorString(position, 'p') };
}

/** GET /boards/{board}/entries (spec 4.4): best first, keyset pages, ranks right on every page. */
export function listEntries(ctx: Context) {
  return async (req: Request, res: Response) => {
    const limit = pageLimit(req);
    const cursor = cursorPosition(req);
    let board: Pick<Board, 'pk' | 'id' | 'type' | 'sort'>;
    let rows: RankedEntry[];
    if (!cursor) {
      // The first page: board and rows in one statement (one round trip on the hot path). No
      // row: no such board (404), a Rating board (422) or an empty one, told apart by the board.
      const found = await ctx.repos.entries.firstPageByBoardId(
        principalOf(res.locals).ownerId,
        boardIdOf(req),
        limit + 1,
      );
      if (found) ({ board, entries: rows } = found);
      else [board, rows] = [await loadBoard(ctx, req, res), []];
      requireEntries(board);
    } else {
      board = await loadBoard(ctx, req, res);
      requireEntries(board);
      const after: EntryPosition = {
        rankKey: rankKeyOf(cursor.value, board.sort),
        playerId: cursor.playerId,
      };
      rows = await ctx.repos.entries.page(board.pk, after, limit + 1);
    }
    res.json(
      page(
        rows,
        limit,
        (entry) => serializeEntry(entry, board),
        (entry) => encodeCursor({ v: valueOf(entry, board.type), p: entry.playerId }),
      ),
    );
  };
}

/** GET /boards/{board}/entries/{player_id} (spec 4.5): the live rank against the whole board. */
export function getEntry(ctx: Context) {
  return async (req: Request, res: Response) => {
    const playerId = parsePlayerId(String(req.params.player_id), 'player_id');
    const board = await loadBoard(ctx, req, res);
    requireEntries(board);
    const entry = await ctx.repos.entries.get(board.pk, playerId);
    if (!entry) throw notFound(`No entry for ${playerId} on board "${board.id}"`);
    res.json(serializeEntry(entry, board));
  };
}
