import type { RequestHandler } from 'express';
import { pageCursor, pageLimit } from '../http/params';
import type { Context } from '../pipeline/context';
import { decodeSubmissionsCursor, requireScores, submissionsPage } from '../pipeline/score-reads';
import { crumbs, publicBoard, sendBoardPage } from './boards';
import { pager } from './board-view';
import type { PageDeps } from './deps';
import { about } from './error-page';
import { bdi, boardName, documentHtml, escapeHtml } from './html';
import { MAX_AGE } from './respond';
import { t } from '../domain/i18n';
import { pageFrame } from './locale';
import { submissionsList } from './submissions-view';

/**
 * A score board's every submission that counts (issue 29 items 4 and 5), newest first, paged by
 * cursor (domain/cursor.ts, as the API pages): /boards/{owner}/{board}/submissions[?cursor=].
 * A match board or a contest has no such page (404); a private one is hidden as its page is.
 */
export function boardSubmissionsPage(ctx: Context, deps: PageDeps): RequestHandler {
  return async (req, res) => {
    const limit = pageLimit(req);
    const cursor = pageCursor(req);
    if (cursor !== undefined) decodeSubmissionsCursor(cursor); // a bad cursor: 400 before 404
    const board = await publicBoard(
      ctx,
      res,
      String(req.params.ownerId),
      String(req.params.boardId),
    );
    about(res, 'Submissions');
    requireScores(board);
    const { links } = deps;
    const frame = pageFrame(req);
    const lang = frame.lang;
    const page = await submissionsPage(ctx, board, { cursor, limit });
    const keep = { limit: req.query.limit !== undefined ? limit : undefined };
    const older = page.nextCursor && links.submissions(board, { cursor: page.nextCursor, ...keep });
    const nav = pager(cursor === undefined ? null : links.submissions(board, keep), older, lang);
    const heading = t(lang, 'web.submissions.heading');
    const title = `${heading} — ${boardName(board)}`;
    const kind = t(lang, `web.board.kind.${board.type}`);
    const body = `${await crumbs(ctx, board, links, true, lang)}
<h1>${escapeHtml(heading)}</h1>
<p class="meta">${bdi(boardName(board))} · ${escapeHtml(kind)} · ${escapeHtml(t(lang, 'web.page.newestFirst'))}</p>
${submissionsList(board, page.submissions, links, lang)}
${nav}`;
    const preview = {
      title,
      description: t(lang, 'web.submissions.every', { board: boardName(board) }),
      url: links.submissionsUrl(board, { cursor }),
      image: null,
    };
    const html = documentHtml(title, body, preview, '', frame);
    sendBoardPage(req, res, board, html, MAX_AGE.live);
  };
}
