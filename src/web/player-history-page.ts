import type { Request, RequestHandler, Response } from 'express';
import type { Board } from '../../entities/board';
import { TallyError } from '../domain/errors';
import { parsePlayerId } from '../domain/player-id';
import { pageCursor, pageLimit } from '../http/params';
import type { Context } from '../pipeline/context';
import { decodeMatchesCursor } from '../pipeline/match-reads';
import { playerMatchesPage, playerScoresPage } from '../pipeline/player-history';
import type { Participant } from '../pipeline/profile-types';
import { crumbs, publicBoard, sendBoardPage } from './boards';
import { pager } from './board-view';
import type { PageDeps } from './deps';
import { about } from './error-page';
import { bdi, boardName, documentHtml, escapeHtml, isMatchBoard, link, type Html } from './html';
import { playedMatches } from './matches-view';
import { scoreHistory } from './player-view';
import { MAX_AGE } from './respond';
import { t, type Language } from '../domain/i18n';
import { pageFrame } from './locale';

/**
 * A player's whole history on a board (issue 29 item 4), newest first, a page at a time:
 * /players/{player}/matches on a match board (paged with the API's matches cursors),
 * /players/{player}/submissions on a score board. The other board types have no such page.
 */
type What = 'matches' | 'submissions';

interface Shown {
  player: Participant;
  list: Html;
  nextCursor: string | null;
}

function historyPage(
  ctx: Context,
  deps: PageDeps,
  what: What,
  read: (
    board: Board,
    playerId: string,
    cursor: string | undefined,
    limit: number,
    lang: Language,
  ) => Promise<Shown>,
): RequestHandler {
  return async (req: Request, res: Response) => {
    const limit = pageLimit(req);
    const cursor = pageCursor(req);
    if (cursor !== undefined && what === 'matches') decodeMatchesCursor(cursor); // 400 before 404
    const board = await publicBoard(
      ctx,
      res,
      String(req.params.ownerId),
      String(req.params.boardId),
    );
    about(res, 'Player');
    const playerId = parsePlayerId(String(req.params.playerId), 'player');
    const fits = what === 'matches' ? isMatchBoard(board) : !isMatchBoard(board);
    if (!fits || board.type === 'Rating') {
      const said = { key: `web.detail.no.${what}`, vars: { board: boardName(board) } } as const;
      throw new TallyError('not_found', `${boardName(board)} has no ${what} here`, { said });
    }
    const { links } = deps;
    const frame = pageFrame(req);
    const lang = frame.lang;
    const shown = await read(board, playerId, cursor, limit, lang);
    const name = shown.player.name || shown.player.id;
    const keep = { limit: req.query.limit !== undefined ? limit : undefined };
    const at = (query: Record<string, string | number | undefined>) =>
      links.playerHistory(board, playerId, what, query);
    const nav = pager(
      cursor === undefined ? null : at(keep),
      shown.nextCursor && at({ cursor: shown.nextCursor, ...keep }),
      lang,
    );
    const title = t(lang, `web.history.${what}.title`, { name, board: boardName(board) });
    const back = link(links.player(board, playerId), escapeHtml(t(lang, 'web.history.back')));
    const html = documentHtml(
      title,
      `${await crumbs(ctx, board, links, true, lang)}
<h1>${bdi(name)}</h1>
<p class="meta">${escapeHtml(t(lang, `web.history.${what}.meta`))} · ${back}</p>
${shown.list}
${nav}`,
      {
        title,
        description: t(lang, `web.history.${what}.every`, { name, board: boardName(board) }),
        url: links.playerHistoryUrl(board, playerId, what, { cursor }),
        image: null,
      },
      '',
      frame,
    );
    sendBoardPage(req, res, board, html, MAX_AGE.live);
  };
}

/** GET …/players/{player}/matches[?cursor=]: every match they played. */
export const playerMatches = (ctx: Context, deps: PageDeps) =>
  historyPage(ctx, deps, 'matches', async (board, playerId, cursor, limit, lang) => {
    const page = await playerMatchesPage(ctx, board, playerId, { cursor, limit });
    return { ...page, list: playedMatches(board, page.matches, deps.links, lang) };
  });

/** GET …/players/{player}/submissions[?cursor=]: every score of theirs that counts. */
export const playerScores = (ctx: Context, deps: PageDeps) =>
  historyPage(ctx, deps, 'submissions', async (board, playerId, cursor, limit, lang) => {
    const page = await playerScoresPage(ctx, board, playerId, { cursor, limit });
    return { ...page, list: scoreHistory(board, page.scores, lang) };
  });
