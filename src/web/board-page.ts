import type { RequestHandler } from 'express';
import { decodeEntriesCursor } from '../domain/cursor';
import { t } from '../domain/i18n';
import { pageCursor, pageLimit } from '../http/params';
import type { Context } from '../pipeline/context';
import { boardMatchesPage } from '../pipeline/profile';
import { waitingOnBoard } from '../pipeline/queue-reads';
import { standingsPage } from '../pipeline/standings';
import { crumbs, publicBoard, seasonLinks, seasonsNav, sendBoardPage, wholeQuery } from './boards';
import { pager, preview, standingsHtml, topOf, type BoardView } from './board-view';
import { queueLine } from './queue-line';
import type { PageDeps } from './deps';
import { contestHtml } from './contest-page';
import { about } from './error-page';
import { bdi, boardName, documentHtml, isMatchBoard, type Html } from './html';
import { allowLiveScript, liveClaim, liveScript, liveStreamPath } from './live';
import { pageFrame } from './locale';
import { recentMatches } from './matches-view';
import { boardCard, boardTop } from './pictures';
import { MAX_AGE } from './respond';
import { seasonHtml } from './season-page';
import { emptyBoardHtml } from './empty-board';
import { rowsOfEntries } from './standings-view';
import { recentSubmissions } from './submissions-view';

/**
 * The public board page (DESIGN.md 3): a board's `url` (spec 2.2). The current standings, paged
 * with the very cursors of GET /v1/boards/{board}/entries, with a podium and the recent matches
 * on the first page; or, with ?season=N, an ended season's final standings (season-page.ts). A
 * Rating board's page is its contest's gallery instead (contest-page.ts).
 */
export function boardPage(ctx: Context, deps: PageDeps): RequestHandler {
  return async (req, res) => {
    const limit = pageLimit(req);
    const cursor = pageCursor(req);
    if (cursor !== undefined) decodeEntriesCursor(cursor); // a bad cursor is a 400 before a 404
    const number = wholeQuery(req, 'season');
    const from = wholeQuery(req, 'from') ?? 0;
    const board = await publicBoard(
      ctx,
      res,
      String(req.params.ownerId),
      String(req.params.boardId),
    );
    const frame = pageFrame(req);
    const page: BoardView = {
      board,
      deps,
      keepLimit: req.query.limit !== undefined ? limit : undefined,
      crumbs: await crumbs(ctx, board, deps.links, false, frame.lang),
      seasons: await seasonLinks(ctx, board, deps.links, frame.lang),
      frame,
    };
    if (number === undefined) {
      const html =
        board.type === 'Rating'
          ? await contestHtml(ctx, page, { limit, from })
          : await currentHtml(ctx, page, limit, cursor);
      allowLiveScript(res);
      sendBoardPage(req, res, board, html, MAX_AGE.live);
      return;
    }
    about(res, 'Season');
    const html = await seasonHtml(ctx, page, number, { limit, from }, res);
    if (html !== null) sendBoardPage(req, res, board, html, MAX_AGE.archive);
  };
}

/** Matches on the board page; the rest are on its "All matches" pages. */
const RECENT = 5;

async function currentHtml(
  ctx: Context,
  view: BoardView,
  limit: number,
  cursor: string | undefined,
): Promise<Html> {
  const { board, deps, frame } = view;
  const lang = frame.lang;
  const links = deps.links;
  const stream = liveStreamPath(links, board, { cursor, limit: view.keepLimit });
  const kind = [
    t(lang, `web.board.kind.${board.type}`),
    board.freeForAll ? t(lang, 'web.board.freeForAll') : null,
    liveClaim(stream, lang),
  ];
  const standings = await standingsPage(ctx, board, { cursor, limit });
  const rows = await rowsOfEntries(ctx, board, standings.entries);
  const first = cursor === undefined;
  const more = standings.nextCursor !== null;
  const top = first ? await topOf(rows, more, () => boardTop(ctx, board)) : null;
  const card = await boardCard(ctx, board, top ?? undefined);
  const keep = { limit: view.keepLimit };
  // The standings' paging sits right under their table, above the matches, which page apart.
  const nav = pager(
    first ? null : links.board(board, keep),
    standings.nextCursor && links.board(board, { cursor: standings.nextCursor, ...keep }),
    lang,
  );
  // No standings: say why (a season just began, results waiting for review); older seasons'
  // results below would read as this one's, so the text links their final standings instead.
  const empty =
    rows.length > 0
      ? ''
      : first
        ? await emptyBoardHtml(ctx, board, links, lang)
        : t(lang, 'web.page.noMoreEntries');
  let body = `${standingsHtml(view, rows, top, empty)}\n${nav}`;
  if (first && rows.length > 0 && isMatchBoard(board))
    body += `\n${recentMatches(board, await boardMatchesPage(ctx, board, { limit: RECENT }), links, lang)}`;
  else if (first && rows.length > 0)
    body += `\n${await recentSubmissions(ctx, board, links, lang)}`;
  return documentHtml(
    boardName(board),
    `${view.crumbs}
<h1>${bdi(boardName(board))}</h1>
<p class="meta">${kind.filter(Boolean).join(' · ')}</p>
${queueLine(board, await waitingOnBoard(ctx, board), lang)}
${seasonsNav(view.seasons, null, lang)}
${body}
${liveScript()}`,
    preview(view, card),
    '',
    frame,
  );
}
