import type { RequestHandler } from 'express';
import { guildOf } from '../domain/ids';
import { seasonTitle } from '../domain/season';
import { pageCursor } from '../http/params';
import type { Context } from '../pipeline/context';
import { ownerIndex, type BoardSummary } from '../pipeline/public-reads';
import type { PageDeps } from './deps';
import { about } from './error-page';
import { bdi, boardName, documentHtml, escapeHtml, grouped, link, type Html } from './html';
import { MAX_AGE, sendPage, sendPrivatePage } from './respond';
import { viewerGuilds } from './viewer';

const PAGE = 50;

/**
 * A server's (or a personal workspace's) boards: name, type, players and the running season,
 * each a link to its standings; oldest first in keyset pages, as GET /v1/boards lists them.
 * Private boards only for a signed-in member of the server (ownerIndex), marked `private`.
 */
export function indexPage(ctx: Context, deps: PageDeps): RequestHandler {
  return async (req, res) => {
    about(res, 'Server');
    const cursor = pageCursor(req);
    const ownerId = String(req.params.ownerId);
    const index = await ownerIndex(ctx, ownerId, { cursor, limit: PAGE }, viewerGuilds(res));
    const { owner, nextCursor } = index;
    const boards = index.boards.map((s) => s.board);
    const items = index.boards.map((s) => boardItem(s, deps));
    const title = owner.name || owner.id;
    const nav = [
      cursor === undefined ? '' : link(deps.links.owner(ownerId), 'First page'),
      nextCursor
        ? link(deps.links.owner(ownerId, { cursor: nextCursor }), 'More boards', ' rel="next"')
        : '',
    ].join('');
    const list =
      items.length > 0
        ? `<ul class="boards">\n${items.join('\n')}\n</ul>`
        : '<p class="empty">No boards yet.</p>';
    const count = `${boards.length}${nextCursor ? '+' : ''} board${boards.length === 1 ? '' : 's'}`;
    const html = documentHtml(
      title,
      `<h1>${bdi(title)}</h1>
<p class="meta">Leaderboards · ${count}</p>
${list}
${nav ? `<nav class="pages">${nav}</nav>` : ''}`,
      {
        title: `${title}: leaderboards`,
        description:
          boards
            .map((b) => boardName(b))
            .slice(0, 5)
            .join(' · ') || 'No boards yet',
        url: deps.links.ownerUrl(ownerId, { cursor }),
        image: null,
      },
    );
    // An index read with private boards in its query is the signed-in member's own, whether or
    // not this page shows one (its paging still counts them): never cached for others.
    const guild = guildOf(ownerId);
    if (guild !== null && viewerGuilds(res)?.has(guild)) sendPrivatePage(res, html);
    else sendPage(req, res, html, MAX_AGE.live);
  };
}

function boardItem({ board, players, season }: BoardSummary, deps: PageDeps): Html {
  const facts = [
    board.freeForAll ? `${board.type} · free-for-all` : board.type,
    players === null ? null : `${grouped(players)} player${players === 1 ? '' : 's'}`,
    season ? seasonTitle(season) : null,
    board.private ? 'private' : null,
  ].filter((f): f is string => f !== null);
  const name = boardName(board);
  return `<li>${link(deps.links.board(board), bdi(name), ` class="name" title="${escapeHtml(name)}"`)}
<div class="meta">${facts.map((f) => bdi(f)).join(' · ')}</div></li>`;
}
