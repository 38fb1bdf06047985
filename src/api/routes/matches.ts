import type { Request, Response } from 'express';
import { MATCH_STATUSES, type MatchStatus } from '../../domain/vocabulary';
import { notFound, TallyError } from '../../domain/errors';
import { parsePlayerId } from '../../domain/player-id';
import type { Context } from '../../pipeline/context';
import { matchesPageOf, matchOf } from '../../pipeline/match-reads';
import { principalOf } from '../middleware/authenticate';
import { envelope, pageCursor, pageLimit, queryValue } from '../../http/params';
import { serializeMatch } from '../serialize/match';
import { boardIdOf, loadBoard } from './load-board';

function statusFilter(req: Request): MatchStatus | undefined {
  const raw = queryValue(req, 'status');
  if (raw === undefined) return undefined;
  const status = MATCH_STATUSES.find((s) => s === raw);
  if (!status)
    throw new TallyError('invalid_request', `status must be one of ${MATCH_STATUSES.join(', ')}`);
  return status;
}

/** GET /boards/{board}/matches (spec 4.6): newest first, filtered by player and status. */
export function listMatches(ctx: Context) {
  return async (req: Request, res: Response) => {
    const limit = pageLimit(req);
    const rawPlayer = queryValue(req, 'player');
    const player = rawPlayer === undefined ? undefined : parsePlayerId(rawPlayer, 'player');
    const status = statusFilter(req);
    const { ownerId } = principalOf(res.locals);
    const { board, matches, nextCursor } = await matchesPageOf(ctx, ownerId, boardIdOf(req), {
      player,
      status,
      cursor: pageCursor(req),
      limit,
    });
    res.json(
      envelope(
        matches.map((match) => serializeMatch(match, board)),
        nextCursor,
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
    const match = await matchOf(ctx, board, Number(raw));
    if (!match) throw notFound(`No match ${raw} on board "${board.id}"`);
    res.json(serializeMatch(match, board));
  };
}
