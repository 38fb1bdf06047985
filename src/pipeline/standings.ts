import type { Board } from '../../entities/board';
import {
  decodeEntriesCursor,
  encodeEntriesCursor,
  splitPage,
  type EntriesCursor,
} from '../domain/cursor';
import { TallyError } from '../domain/errors';
import { rankKeyOf, valueOf } from '../domain/ranking';
import type { RankedEntry } from '../store/entries';

export type { RankedEntry };
import { ownedBoard } from './board-reads';
import type { Context } from './context';

/**
 * The standings reads (spec 4.4, 4.5): one page of a board's entries and one entry with its live
 * rank. GET …/entries, /leaderboard, /rank and the public board page all read through here, so a
 * page, its cursor and the Rating refusal are the same whichever front end asked.
 */
export type RankedBoard = Pick<Board, 'pk' | 'id' | 'type' | 'sort'>;

export interface PageRequest {
  /** An entries cursor from an earlier page (opaque to clients); absent for the first page. */
  cursor?: string | undefined;
  limit: number;
}

export interface StandingsPage<B extends RankedBoard = RankedBoard> {
  board: B;
  /** At most `limit` entries, best first, each with its live rank. */
  entries: RankedEntry[];
  /** The cursor of the next page; null on the last one (spec 2.10: from one extra row read). */
  nextCursor: string | null;
}

/** Rating boards keep no entries in this version (spec 4.4). */
export function requireEntries(board: Pick<Board, 'type'>): void {
  if (board.type === 'Rating') {
    throw new TallyError(
      'board_type_mismatch',
      'Rating boards keep no entries in this version; read the board itself',
      { said: { key: 'reading.refusals.noEntries' } },
    );
  }
}

/** One page of a board the caller already holds. */
export async function standingsPage<B extends RankedBoard>(
  ctx: Context,
  board: B,
  request: PageRequest,
): Promise<StandingsPage<B>> {
  const after = request.cursor === undefined ? null : decodeEntriesCursor(request.cursor);
  return pageAfter(ctx, board, after, request.limit);
}

async function pageAfter<B extends RankedBoard>(
  ctx: Context,
  board: B,
  after: EntriesCursor | null,
  limit: number,
): Promise<StandingsPage<B>> {
  requireEntries(board);
  const rows = await ctx.repos.entries.page(
    board.pk,
    after && { rankKey: rankKeyOf(after.value, board.sort), playerId: after.playerId },
    limit + 1,
  );
  return pageOf(board, rows, limit);
}

/**
 * One page of a board named by its owner and id: the API's hot path. The first page reads board
 * and rows in one statement; no row means no such board (404), a Rating board (422) or an
 * empty one, told apart by reading the board. A malformed cursor is refused before the board is
 * looked up (DESIGN.md 3: 400 before 404).
 */
export async function standingsPageOf(
  ctx: Context,
  ownerId: string,
  boardId: string,
  request: PageRequest,
): Promise<StandingsPage> {
  const after = request.cursor === undefined ? null : decodeEntriesCursor(request.cursor);
  if (!after) {
    const found = await ctx.repos.entries.firstPageByBoardId(ownerId, boardId, request.limit + 1);
    if (found) {
      requireEntries(found.board);
      return pageOf(found.board, found.entries, request.limit);
    }
  }
  return pageAfter(ctx, await ownedBoard(ctx, ownerId, boardId), after, request.limit);
}

/** One entry with its live rank against the whole board; null when the player has none. */
export async function entryOf(
  ctx: Context,
  board: RankedBoard,
  playerId: string,
): Promise<RankedEntry | null> {
  requireEntries(board);
  return ctx.repos.entries.get(board.pk, playerId);
}

function pageOf<B extends RankedBoard>(
  board: B,
  rows: RankedEntry[],
  limit: number,
): StandingsPage<B> {
  const { items, nextCursor } = splitPage(rows, limit, (last) =>
    encodeEntriesCursor({ value: valueOf(last, board.type), playerId: last.playerId }),
  );
  return { board, entries: items, nextCursor };
}
