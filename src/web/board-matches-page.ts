import type { RequestHandler } from 'express';
import { TallyError } from '../domain/errors';
import { pageCursor, pageLimit } from '../http/params';
import type { Context } from '../pipeline/context';
import { decodeMatchesCursor } from '../pipeline/match-reads';
import { boardMatchesPage as matchesOfBoard } from '../pipeline/profile';
import { crumbs, publicBoard, sendBoardPage } from './boards';
import { pager } from './board-view';
import type { PageDeps } from './deps';
import { about } from './error-page';
import { bdi, boardName, documentHtml, escapeHtml, isMatchBoard } from './html';
import { versusMatches } from './matches-view';
import { MAX_AGE } from './respond';
import { t } from '../domain/i18n';
import { pageFrame } from './locale';

/**
 * A match board's whole history (issue 29): every applied match, newest first, each with its
 * outcome and rating swing as on the board page, paged with the very cursors of
 * GET /v1/boards/{board}/matches. A private board is the same 404 as on its page, unless the
 * viewer may see it; a board that records no matches has no such page.
 */
export function boardMatchesPage(ctx: Context, deps: PageDeps): RequestHandler {
  return async (req, res) => {
    const limit = pageLimit(req);
    const cursor = pageCursor(req);
    if (cursor !== undefined) decodeMatchesCursor(cursor); // a bad cursor is a 400 before a 404
    const board = await publicBoard(
      ctx,
      res,
      String(req.params.ownerId),
      String(req.params.boardId),
    );
    about(res, 'Matches');
    if (!isMatchBoard(board)) {
      const said = { key: 'web.detail.noMatches', vars: { board: boardName(board) } } as const;
      throw new TallyError('not_found', `${boardName(board)} records no matches`, { said });
    }
    const { links } = deps;
    const frame = pageFrame(req);
    const lang = frame.lang;
    const page = await matchesOfBoard(ctx, board, { cursor, limit });
    const keep = { limit: req.query.limit !== undefined ? limit : undefined };
    const nav = pager(
      cursor === undefined ? null : links.matches(board, keep),
      page.nextCursor && links.matches(board, { cursor: page.nextCursor, ...keep }),
      lang,
    );
    const list =
      page.matches.length === 0
        ? `<p class="empty">${escapeHtml(t(lang, 'web.matches.none'))}</p>`
        : versusMatches(board, page.matches, links, lang);
    const heading = t(lang, 'web.matches.heading');
    const title = `${heading} — ${boardName(board)}`;
    const html = documentHtml(
      title,
      `${await crumbs(ctx, board, links, true, lang)}
<h1>${escapeHtml(heading)}</h1>
<p class="meta">${bdi(boardName(board))} · ${escapeHtml(t(lang, 'web.page.newestFirst'))}</p>
${list}
${nav}`,
      {
        title,
        description: t(lang, 'web.matches.every', { board: boardName(board) }),
        url: links.matchesUrl(board, { cursor }),
        image: null,
      },
      '',
      frame,
    );
    sendBoardPage(req, res, board, html, MAX_AGE.live);
  };
}
