import type { Board } from '../../entities/board';
import type { MatchStatus } from '../domain/vocabulary';
import { isMatchBoard } from '../domain/board-rules';
import { cursorInt, decodeCursor, encodeCursor, splitPage } from '../domain/cursor';
import { TallyError } from '../domain/errors';
import type { MatchWithRoster } from '../store/matches';

export type { MatchWithRoster };
import type { Context } from './context';
import { ownedBoard } from './board-reads';

/**
 * The match reads (spec 4.6, 4.7): GET …/matches, GET …/matches/{id} and the recent matches of
 * /rank read through here.
 */
export interface MatchesRequest {
  player?: string | undefined;
  status?: MatchStatus | undefined;
  /** Only applied matches that still count (the public pages); the API lists every status. */
  counted?: boolean | undefined;
  /** A matches cursor from an earlier page; absent for the newest matches. */
  cursor?: string | undefined;
  limit: number;
}

export interface MatchesPage {
  matches: MatchWithRoster[];
  nextCursor: string | null;
}

/** Only ELO and League boards record matches (spec 4.6); the others point to their entries. */
export function requireMatches(board: Pick<Board, 'type' | 'id'>): void {
  if (!isMatchBoard(board)) {
    throw new TallyError(
      'board_type_mismatch',
      `${board.type} boards record scores, not matches; read /v1/boards/${encodeURIComponent(board.id)}/entries`,
      { said: { key: 'reading.refusals.notMatches', vars: { type: board.type } } },
    );
  }
}

/** The cursor of a matches page: the last match's number (newest first). A bad one is a 400. */
export const decodeMatchesCursor = (cursor: string) => cursorInt(decodeCursor(cursor), 'n');

/** Newest first, filtered by player and status, on a board the caller already holds. */
export async function matchesPage(
  ctx: Context,
  board: Pick<Board, 'pk' | 'type' | 'id'>,
  request: MatchesRequest,
): Promise<MatchesPage> {
  const beforeNumber =
    request.cursor === undefined ? undefined : decodeMatchesCursor(request.cursor);
  requireMatches(board);
  const rows = await ctx.repos.matches.page(
    board.pk,
    { player: request.player, status: request.status, counted: request.counted, beforeNumber },
    request.limit + 1,
  );
  const { items, nextCursor } = splitPage(rows, request.limit, (last) =>
    encodeCursor({ n: last.number }),
  );
  return { matches: items, nextCursor };
}

/** The same for a board named by its owner and id; a malformed cursor is a 400 before any 404. */
export async function matchesPageOf(
  ctx: Context,
  ownerId: string,
  boardId: string,
  request: MatchesRequest,
): Promise<{ board: Board } & MatchesPage> {
  if (request.cursor !== undefined) decodeMatchesCursor(request.cursor);
  const board = await ownedBoard(ctx, ownerId, boardId);
  return { board, ...(await matchesPage(ctx, board, request)) };
}

/** One match with both rosters and their snapshots; null when the board has no such number. */
export async function matchOf(
  ctx: Context,
  board: Pick<Board, 'pk' | 'type' | 'id'>,
  number: number,
): Promise<MatchWithRoster | null> {
  requireMatches(board);
  return ctx.repos.matches.byNumber(board.pk, number);
}
