import type { Request } from 'express';
import type { Board } from '../../entities/board';
import { notFound, TallyError } from '../domain/errors';
import { isBoardId, OWNER_ID } from '../domain/ids';
import { seasonTitle } from '../domain/season';
import { queryValue } from '../http/params';
import type { Context } from '../pipeline/context';
import { bdi, boardName, escapeHtml, link, type Html } from './html';
import type { Links } from './links';

/** The pieces every page of a board shares: the board itself, its seasons, the way back. */

/** A board by the owner and id of its public address; the same 404 for malformed and missing. */
export async function publicBoard(ctx: Context, ownerId: string, id: string): Promise<Board> {
  const board =
    OWNER_ID.test(ownerId) && isBoardId(id) ? await ctx.repos.boards.byId(ownerId, id) : null;
  if (!board) throw notFound('No such board');
  return board;
}

/** ?season= and ?from=: whole numbers, or a bad link (422, as the API's bad numbers). */
export function wholeQuery(req: Request, name: string): number | undefined {
  const raw = queryValue(req, name);
  if (raw === undefined) return undefined;
  if (!/^\d{1,9}$/.test(raw))
    throw new TallyError('invalid_request', `${name} must be a whole number`);
  return Number(raw);
}

export interface SeasonLink {
  label: string;
  href: string;
  /** null: the current standings. */
  number: number | null;
}

/** The seasons menu: the running standings, then the newest ended seasons (none: no menu). */
export async function seasonLinks(ctx: Context, board: Board, links: Links): Promise<SeasonLink[]> {
  const ended = await ctx.repos.seasons.ended(board.pk, Number.MAX_SAFE_INTEGER, 12);
  if (ended.length === 0) return [];
  const open = await ctx.repos.seasons.open(board.pk);
  return [
    {
      label: open ? `${seasonTitle(open)} (running)` : 'Current',
      href: links.board(board),
      number: null,
    },
    ...ended.map((s) => ({
      label: seasonTitle(s),
      href: links.board(board, { season: s.number }),
      number: s.number,
    })),
  ];
}

export function seasonsNav(seasons: SeasonLink[], current: number | null): Html {
  if (seasons.length === 0) return '';
  const items = seasons.map((s) =>
    s.number === current
      ? `<li aria-current="page">${bdi(s.label)}</li>`
      : `<li>${link(s.href, bdi(s.label))}</li>`,
  );
  return `<nav aria-label="Seasons" class="seasons"><ul>${items.join('')}</ul></nav>`;
}

/** The way up: the owner's boards, then (on a player page) the board. */
export async function crumbs(
  ctx: Context,
  board: Board,
  links: Links,
  withBoard: boolean,
): Promise<Html> {
  const owner = await ctx.repos.owners.get(board.ownerId);
  const parts = [link(links.owner(board.ownerId), bdi(owner?.name || 'All boards'))];
  if (withBoard) parts.push(link(links.board(board), bdi(boardName(board))));
  return `<nav aria-label="Breadcrumbs" class="crumbs">${parts.join('')}</nav>`;
}

/** A player's name as a link to their page, clamped to two lines with the full name on hover. */
export function playerLink(
  links: Links,
  board: Board,
  player: { id: string; name: string },
  query?: Record<string, string>,
): Html {
  const name = player.name || player.id;
  return link(
    links.player(board, player.id, query),
    bdi(name),
    ` class="name" title="${escapeHtml(name)}"`,
  );
}
