import type { Request, Response } from 'express';
import { notFound } from '../../domain/errors';
import { parsePlayerId } from '../../domain/player-id';
import type { Context } from '../../pipeline/context';
import { entryOf, standingsPageOf } from '../../pipeline/standings';
import { principalOf } from '../middleware/authenticate';
import { envelope, pageCursor, pageLimit } from '../../http/params';
import { serializeEntry } from '../serialize/entry';
import { boardIdOf, loadBoard } from './load-board';

/** GET /boards/{board}/entries (spec 4.4): best first, keyset pages, ranks right on every page. */
export function listEntries(ctx: Context) {
  return async (req: Request, res: Response) => {
    const request = { limit: pageLimit(req), cursor: pageCursor(req) };
    const { ownerId } = principalOf(res.locals);
    const { board, entries, nextCursor } = await standingsPageOf(
      ctx,
      ownerId,
      boardIdOf(req),
      request,
    );
    res.json(
      envelope(
        entries.map((entry) => serializeEntry(entry, board)),
        nextCursor,
      ),
    );
  };
}

/** GET /boards/{board}/entries/{player_id} (spec 4.5): the live rank against the whole board. */
export function getEntry(ctx: Context) {
  return async (req: Request, res: Response) => {
    const playerId = parsePlayerId(String(req.params.player_id), 'player_id');
    const board = await loadBoard(ctx, req, res);
    const entry = await entryOf(ctx, board, playerId);
    if (!entry) throw notFound(`No entry for ${playerId} on board "${board.id}"`);
    res.json(serializeEntry(entry, board));
  };
}
