import type { Request, Response } from 'express';
import type { Board } from '../../entities/board';
import { utcDay } from '../domain/display';
import { TallyError } from '../domain/errors';
import { seasonTitle } from '../domain/season';
import { queryValue } from '../http/params';
import type { Context } from '../pipeline/context';
import { findOwner } from '../pipeline/owners';
import { boardAtAddress } from '../pipeline/public-reads';
import { boardSeasons } from '../pipeline/season-reads';
import { t, type Language } from '../domain/i18n';
import { bdi, boardName, escapeHtml, link, type Html } from './html';
import type { Links } from './links';
import { MAX_AGE, sendPage, sendPrivatePage } from './respond';
import { viewerGuilds } from './viewer';

/** The pieces every page of a board shares: the board itself, its seasons, the way back. */

/**
 * A board by the owner and id of its public address, as this request's viewer may see it; the
 * same 404 for malformed, missing and private to them (a visitor sees no private board).
 */
export const publicBoard = (ctx: Context, res: Response, ownerId: string, id: string) =>
  boardAtAddress(ctx, ownerId, id, viewerGuilds(res));

/**
 * A board whose picture a link unfurls as (card.png, chart.png): never a private one, whoever
 * asks (an unfurler is nobody signed in, and a member's session must not turn into a card).
 */
export const picturedBoard = (ctx: Context, ownerId: string, id: string): Promise<Board> =>
  boardAtAddress(ctx, ownerId, id, null);

/**
 * A page of a board: cached like any public page, or, for a private board (which only a member
 * who may see it reaches), `private, no-store` with no ETag, so no cache on the way keeps it
 * and no validator outlives the visit.
 */
export function sendBoardPage(
  req: Request,
  res: Response,
  board: Pick<Board, 'private'>,
  html: string,
  maxAge: (typeof MAX_AGE)[keyof typeof MAX_AGE],
): void {
  if (board.private) sendPrivatePage(res, html);
  else sendPage(req, res, html, maxAge);
}

/** ?season= and ?from=: whole numbers, or a bad link (422, as the API's bad numbers). */
export function wholeQuery(req: Request, name: string): number | undefined {
  const raw = queryValue(req, name);
  if (raw === undefined) return undefined;
  if (!/^\d{1,9}$/.test(raw))
    throw new TallyError('invalid_request', `${name} must be a whole number`, {
      said: { key: 'web.detail.wholeNumber', vars: { name } },
    });
  return Number(raw);
}

export interface SeasonLink {
  label: string;
  href: string;
  /** null: the current standings. */
  number: number | null;
}

/**
 * The seasons menu: the standings now (the running season by name, or none running), then the
 * newest ended seasons, each saying when it ended, so none reads as the current one (none: no
 * menu).
 */
export async function seasonLinks(
  ctx: Context,
  board: Board,
  links: Links,
  lang: Language = 'en',
): Promise<SeasonLink[]> {
  const { running, ended } = await boardSeasons(ctx, board, { limit: 12 });
  if (ended.length === 0) return [];
  return [
    {
      label: running
        ? t(lang, 'web.seasons.now', { season: seasonTitle(running, lang) })
        : t(lang, 'web.seasons.nowNone'),
      href: links.board(board),
      number: null,
    },
    ...ended.map(({ season: s }) => ({
      label: t(lang, 'web.seasons.ended', {
        season: seasonTitle(s, lang),
        day: utcDay(s.endedAt ?? s.startedAt, lang),
      }),
      href: links.board(board, { season: s.number }),
      number: s.number,
    })),
  ];
}

export function seasonsNav(
  seasons: SeasonLink[],
  current: number | null,
  lang: Language = 'en',
): Html {
  if (seasons.length === 0) return '';
  const items = seasons.map((s) =>
    s.number === current
      ? `<li aria-current="page">${bdi(s.label)}</li>`
      : `<li>${link(s.href, bdi(s.label))}</li>`,
  );
  const label = escapeHtml(t(lang, 'web.seasons.label'));
  return `<nav aria-label="${label}" class="seasons"><ul>${items.join('')}</ul></nav>`;
}

/** The way up: the owner's boards, then (on a player page) the board. */
export async function crumbs(
  ctx: Context,
  board: Board,
  links: Links,
  withBoard: boolean,
  lang: Language = 'en',
): Promise<Html> {
  const owner = await findOwner(ctx, board.ownerId);
  const home = owner?.name || t(lang, 'web.page.allBoards');
  const parts = [link(links.owner(board.ownerId), bdi(home))];
  if (withBoard) parts.push(link(links.board(board), bdi(boardName(board))));
  const label = escapeHtml(t(lang, 'web.page.breadcrumbs'));
  return `<nav aria-label="${label}" class="crumbs">${parts.join('')}</nav>`;
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
