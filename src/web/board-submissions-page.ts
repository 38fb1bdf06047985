import type { RequestHandler } from 'express';
import { pageCursor, pageLimit } from '../http/params';
import type { Context } from '../pipeline/context';
import { decodeSubmissionsCursor, requireScores, submissionsPage } from '../pipeline/score-reads';
import { crumbs, publicBoard, sendBoardPage } from './boards';
import { pager } from './board-view';
import type { PageDeps } from './deps';
import { about } from './error-page';
import { bdi, boardName, documentHtml } from './html';
import { MAX_AGE } from './respond';
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
    const page = await submissionsPage(ctx, board, { cursor, limit });
    const keep = { limit: req.query.limit !== undefined ? limit : undefined };
    const older = page.nextCursor && links.submissions(board, { cursor: page.nextCursor, ...keep });
    const nav = pager(cursor === undefined ? null : links.submissions(board, keep), older);
    const title = `Submissions — ${boardName(board)}`;
    const body = `${await crumbs(ctx, board, links, true)}
<h1>Submissions</h1>
<p class="meta">${bdi(boardName(board))} · ${board.type} board · newest first</p>
${submissionsList(board, page.submissions, links)}
${nav}`;
    const preview = {
      title,
      description: `Every submission on ${boardName(board)}, newest first`,
      url: links.submissionsUrl(board, { cursor }),
      image: null,
    };
    sendBoardPage(req, res, board, documentHtml(title, body, preview), MAX_AGE.live);
  };
}
