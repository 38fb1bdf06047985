import type { Request } from 'express';
import type { Board } from '../../entities/board';
import { TallyError } from '../domain/errors';
import { seasonTitle } from '../domain/season';
import { queryValue } from '../http/params';
import type { Context } from '../pipeline/context';
import { findOwner } from '../pipeline/owners';
import { boardAtAddress } from '../pipeline/public-reads';
import { boardSeasons } from '../pipeline/season-reads';
import { bdi, boardName, escapeHtml, link, type Html } from './html';
import type { Links } from './links';

/** The pieces every page of a board shares: the board itself, its seasons, the way back. */

/** A board by the owner and id of its public address; the same 404 for malformed and missing. */
export const publicBoard = (ctx: Context, ownerId: string, id: string): Promise<Board> =>
  boardAtAddress(ctx, ownerId, id);

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
  const { running, ended } = await boardSeasons(ctx, board, { limit: 12 });
  if (ended.length === 0) return [];
  return [
    {
      label: running ? `${seasonTitle(running)} (running)` : 'Current',
      href: links.board(board),
      number: null,
    },
    ...ended.map(({ season: s }) => ({
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
  const owner = await findOwner(ctx, board.ownerId);
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
