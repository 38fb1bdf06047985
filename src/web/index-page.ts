import type { RequestHandler } from 'express';
import { shownScore } from '../domain/contest';
import { guildOf } from '../domain/ids';
import { seasonTitle } from '../domain/season';
import { pageCursor } from '../http/params';
import type { Context } from '../pipeline/context';
import { ownerIndex, type IndexBoard, type Leader } from '../pipeline/public-reads';
import { waitingByBoard } from '../pipeline/queues';
import { avatarImg } from './avatar';
import type { PageDeps } from './deps';
import { about } from './error-page';
import { bdi, boardName, documentHtml, escapeHtml, link, valueText, type Html } from './html';
import { waitingText } from './queue-line';
import { MAX_AGE, sendPage, sendPrivatePage } from './respond';
import { viewerGuilds } from './viewer';
import { t, type Language } from '../domain/i18n';
import { pageFrame } from './locale';

const PAGE = 50;

/**
 * A server's (or a personal workspace's) boards under its icon: name, type, players (a contest's
 * entries), the running season and how many wait in its queue, and the top three with their
 * pictures and values, each a link to its standings; oldest first in keyset pages, as
 * GET /v1/boards lists them. Private boards only for a signed-in member of the server
 * (ownerIndex), marked `private`.
 */
export function indexPage(ctx: Context, deps: PageDeps): RequestHandler {
  return async (req, res) => {
    about(res, 'Server');
    const cursor = pageCursor(req);
    const ownerId = String(req.params.ownerId);
    const index = await ownerIndex(ctx, ownerId, { cursor, limit: PAGE }, viewerGuilds(res));
    const { owner, nextCursor } = index;
    const boards = index.boards.map((s) => s.board);
    const waiting = await waitingByBoard(ctx, boards);
    const frame = pageFrame(req);
    const lang = frame.lang;
    const items = index.boards.map((s) =>
      boardItem(s, waiting.get(s.board.pk) ?? null, deps, lang),
    );
    const title = owner.name || owner.id;
    const nav = [
      cursor === undefined ? '' : link(deps.links.owner(ownerId), t(lang, 'web.page.firstPage')),
      nextCursor
        ? link(
            deps.links.owner(ownerId, { cursor: nextCursor }),
            t(lang, 'web.index.more'),
            ' rel="next"',
          )
        : '',
    ].join('');
    const none = t(lang, 'web.index.none');
    const list =
      items.length > 0
        ? `<ul class="boards">\n${items.join('\n')}\n</ul>`
        : `<p class="empty">${escapeHtml(t(lang, 'web.index.empty'))}</p>`;
    const count = t(lang, nextCursor ? 'web.index.boardsMore' : 'web.index.boards', {
      count: boards.length,
    });
    const html = documentHtml(
      title,
      `<header class="server">${avatarImg({ id: owner.id, name: title, avatar: index.icon }, 56, 'server')}
<div><h1>${bdi(title)}</h1>
<p class="meta">${escapeHtml(t(lang, 'web.index.leaderboards'))} · ${escapeHtml(count)}</p></div></header>
${list}
${nav ? `<nav class="pages">${nav}</nav>` : ''}`,
      {
        title: t(lang, 'web.index.title', { server: title }),
        description:
          boards
            .map((b) => boardName(b))
            .slice(0, 5)
            .join(' · ') || none,
        url: deps.links.ownerUrl(ownerId, { cursor }),
        image: null,
      },
      INDEX_STYLE,
      frame,
    );
    // An index read with private boards in its query is the signed-in member's own, whether or
    // not this page shows one (its paging still counts them): never cached for others.
    const guild = guildOf(ownerId);
    if (guild !== null && viewerGuilds(res)?.has(guild)) sendPrivatePage(res, html);
    else sendPage(req, res, html, MAX_AGE.live);
  };
}

function boardItem(line: IndexBoard, waiting: number | null, deps: PageDeps, lang: Language): Html {
  const { board, players, season, entries } = line;
  // The type by the name /board create offers it under (the commands catalogue's choice).
  const type = t(lang, `commands.board.options.create.options.type.choices.${board.type}`);
  const facts = [
    board.freeForAll ? `${type} · ${t(lang, 'web.board.freeForAll')}` : type,
    players === null ? null : t(lang, 'web.index.players', { count: players }),
    entries === null ? null : t(lang, 'web.index.entries', { count: entries }),
    season ? seasonTitle(season, lang) : null,
    waiting === null ? null : waitingText(board, waiting, lang),
    board.private ? t(lang, 'web.index.private') : null,
  ].filter((f): f is string => f !== null);
  const name = boardName(board);
  return `<li>${link(deps.links.board(board), bdi(name), ` class="name" title="${escapeHtml(name)}"`)}
<div class="meta">${facts.map((f) => bdi(f)).join(' · ')}</div>${leadersList(line, lang)}</li>`;
}

/** The top three, as the board's standings show them (a contest's score to two decimals). */
function leadersList({ board, leaders }: IndexBoard, lang: Language): Html {
  if (leaders.length === 0) return '';
  const value = (l: Leader) =>
    board.type === 'Rating'
      ? l.value === null
        ? '—'
        : shownScore(l.value)
      : valueText(board, l.value, lang);
  const items = leaders.map((l) => {
    const name = l.player.name || l.player.id;
    return `<li><span class="place p${l.rank}">#${l.rank}</span>${avatarImg(l.player, 20)}<bdi class="who" title="${escapeHtml(name)}">${escapeHtml(name)}</bdi><span class="value">${escapeHtml(value(l))}</span></li>`;
  });
  const label = escapeHtml(t(lang, 'web.index.leaders'));
  return `\n<ol class="leaders" aria-label="${label}">${items.join('')}</ol>`;
}

/** The index's own rules: the server's header and each board's leaders on one line apiece. */
const INDEX_STYLE = `
  header.server { display: flex; align-items: center; gap: 0.9rem; min-width: 0; }
  header.server > div { min-width: 0; }
  .leaders { margin: 0.45rem 0 0; padding: 0; list-style: none; font-size: 0.92rem; }
  .leaders li {
    display: grid; grid-template-columns: 2.2rem auto minmax(0, 1fr) auto; align-items: center;
    gap: 0.5rem; padding: 0.15rem 0;
  }
  .leaders .place { text-align: right; }
  /* As wide as the name (up to its column): a right-to-left name sits by its avatar too. */
  .leaders .who { justify-self: start; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; overflow-wrap: normal; }
  .leaders .value { font-variant-numeric: tabular-nums; white-space: nowrap; font-weight: 600; }
`;
