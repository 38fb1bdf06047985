import type { Request, Response } from 'express';
import type { Board } from '../../../entities/board';
import type { MatchStatus } from '../../../entities/match';
import { cursorInt, decodeCursor, encodeCursor } from '../../domain/cursor';
import { notFound, TallyError } from '../../domain/errors';
import { parsePlayerId } from '../../domain/player-id';
import type { Context } from '../../pipeline/context';
import { page, pageCursor, pageLimit, queryValue } from '../params';
import { serializeMatch } from '../serialize/match';
import { loadBoard } from './load-board';

const STATUSES: readonly MatchStatus[] = ['pending', 'approved', 'rejected', 'adjusted', 'set'];

/** Only ELO and League boards record matches (spec 4.6); the others point to their entries. */
function requireMatches(board: Board): void {
  if (board.type !== 'ELO' && board.type !== 'League') {
    throw new TallyError(
      'board_type_mismatch',
      `${board.type} boards record scores, not matches; read /v1/boards/${encodeURIComponent(board.id)}/entries`,
    );
  }
}

function statusFilter(req: Request): MatchStatus | undefined {
  const raw = queryValue(req, 'status');
  if (raw === undefined) return undefined;
  const status = STATUSES.find((s) => s === raw);
  if (!status)
    throw new TallyError('invalid_request', `status must be one of ${STATUSES.join(', ')}`);
  return status;
}

/** GET /boards/{board}/matches (spec 4.6): newest first, filtered by player and status. */
export function listMatches(ctx: Context) {
  return async (req: Request, res: Response) => {
    const limit = pageLimit(req);
    const rawPlayer = queryValue(req, 'player');
    const player = rawPlayer === undefined ? undefined : parsePlayerId(rawPlayer, 'player');
    const status = statusFilter(req);
    const cursor = pageCursor(req);
    const beforeNumber = cursor === undefined ? undefined : cursorInt(decodeCursor(cursor), 'n');
    const board = await loadBoard(ctx, req, res);
    requireMatches(board);
    const rows = await ctx.repos.matches.page(
      board.pk,
      { player, status, beforeNumber },
      limit + 1,
    );
    res.json(
      page(
        rows,
        limit,
        (match) => serializeMatch(match, board),
        (match) => encodeCursor({ n: match.number }),
      ),
    );
  };
}

/** GET /boards/{board}/matches/{match_id} (spec 4.7): both full rosters with their snapshots. */
export function getMatch(ctx: Context) {
  return async (req: Request, res: Response) => {
    const raw = String(req.params.match_id);
    // spec 4.7 lists no 400: a match_id that is not a positive integer is a 422.
    if (!/^[1-9]\d{0,14}$/.test(raw)) {
      throw new TallyError('invalid_request', 'match_id must be a positive integer');
    }
    const board = await loadBoard(ctx, req, res);
    requireMatches(board);
    const match = await ctx.repos.matches.byNumber(board.pk, Number(raw));
    if (!match) throw notFound(`No match ${raw} on board "${board.id}"`);
    res.json(serializeMatch(match, board));
  };
}
