import type { Request, Response } from 'express';
import { notFound } from '../../domain/errors';
import { parsePlayerId } from '../../domain/player-id';
import type { Context } from '../../pipeline/context';
import { entryOf, standingsPageOf, type PageRequest } from '../../pipeline/standings';
import { VersionedCache, boardVersionOf, type Stamp } from '../../pipeline/read-caches';
import { principalOf, readStampOf } from '../middleware/authenticate';
import { envelope, pageQuery } from '../../http/params';
import { serializeEntry } from '../serialize/entry';
import { boardIdOf, loadBoard } from './load-board';

/**
 * First pages, the most read, kept serialised under their board's version
 * (src/pipeline/read-caches.ts VersionedCache): a commit on another board leaves them served, one
 * on theirs drops them. The body bytes only; headers (request id, rate limits) are set per request
 * as always. One cache per context, shared with src/api/fast-path.ts.
 */
const firstPageCaches = new WeakMap<Context, VersionedCache<Buffer>>();

function firstPagesOf(ctx: Context): VersionedCache<Buffer> {
  let found = firstPageCaches.get(ctx);
  if (!found) {
    found = new VersionedCache<Buffer>({ maxEntries: 256, maxAgeMs: 1000 });
    firstPageCaches.set(ctx, found);
  }
  return found;
}

// An owner id never holds a NUL; the board id, free-form, comes last.
const firstPageKey = (ownerId: string, boardId: string, limit: number) =>
  `${limit}\0${ownerId}\0${boardId}`;

/** How first pages were answered so far (VersionedCache counts), for /metrics. */
export const firstPageCounts = (ctx: Context) => firstPagesOf(ctx).counts;

/** The serialised first page if it is cached and known valid at `stamp`; nothing is read. */
export function cachedFirstPage(ctx: Context) {
  const firstPages = firstPagesOf(ctx);
  return (ownerId: string, boardId: string, limit: number, stamp: Stamp) =>
    firstPages.get(firstPageKey(ownerId, boardId, limit), stamp);
}

/**
 * GET /boards/{board}/entries (spec 4.4): best first, keyset pages, ranks right on every page.
 * A first page is answered from the cache when it can be, with the bytes res.json sends: at once
 * if the database has not moved since it was read, else once the board's version reads as it
 * was. Errors are never kept.
 */
export function listEntries(ctx: Context) {
  const firstPages = firstPagesOf(ctx);
  return async (req: Request, res: Response) => {
    const request = pageQuery(req);
    const { ownerId } = principalOf(res.locals);
    const boardId = boardIdOf(req);
    const stamp = request.cursor === undefined ? readStampOf(res.locals) : null;
    if (!stamp) return res.json(await pageBody(ctx, ownerId, boardId, request));
    const key = firstPageKey(ownerId, boardId, request.limit);
    const cached = firstPages.get(key, stamp);
    if (cached) return sendJson(res, cached);
    // Before the page: a page read after it is at least as new as the version it is kept under.
    const version = await boardVersionOf(ctx, ownerId, boardId);
    const kept = firstPages.confirm(key, stamp, version);
    if (kept) return sendJson(res, kept);
    const bytes = Buffer.from(JSON.stringify(await pageBody(ctx, ownerId, boardId, request)));
    if (version !== null) firstPages.set(key, stamp, version, bytes);
    sendJson(res, bytes);
  };
}

async function pageBody(ctx: Context, ownerId: string, boardId: string, request: PageRequest) {
  const { board, entries, nextCursor } = await standingsPageOf(ctx, ownerId, boardId, request);
  return envelope(
    entries.map((entry) => serializeEntry(entry, board)),
    nextCursor,
  );
}

/** What res.json sends for a body that serialises to `bytes` (no JSON settings on the app). */
function sendJson(res: Response, bytes: Buffer): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(bytes);
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
