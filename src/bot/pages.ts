import type { Board } from '../../entities/board';
import { boardUrl } from '../domain/board-url';
import type { Season } from '../domain/season';
import { boardsAfter, ownedBoardByPk, teamsAfter } from '../pipeline/board-reads';
import type { Context } from '../pipeline/context';
import { listKeys } from '../pipeline/keys';
import { findOwner } from '../pipeline/owners';
import { contestPage, leaderThumbnail, roundChampions, roundPage } from '../pipeline/contest-reads';
import { boardSeasons, ownedEndedSeason, seasonStandingsPage } from '../pipeline/season-reads';
import { standingsPage } from '../pipeline/standings';
import {
  boardListMessage,
  keyListMessage,
  LIST_PAGE,
  seasonListMessage,
  teamListMessage,
  type PagedMessage,
} from './list-message';
import { championRows, contestMessage, roundMessage } from './entries-message';
import { positionNumber, type PageAt } from './page-button';
import { archivedStandingsMessage } from './season-message';
import { PAGE_SIZE, standingsMessage } from './standings-message';

/**
 * One page of a paged list in chat, read for one workspace: what a slash command shows first and
 * what First / Next show when pressed (commands/page.ts), through the same use cases and the
 * same layout. Null when the page's board or season is not this workspace's (any more), or its
 * position is not one Tally wrote. Its words are in `locale`'s language (English by default).
 */
export async function pageOf(
  ctx: Context,
  ownerId: string,
  at: PageAt,
  locale: string | null = null,
): Promise<PagedMessage | null> {
  if (at.list === 'standings') {
    const board = await ownedBoardByPk(ctx, ownerId, at.scope);
    return board && standingsAt(ctx, board, at.position, locale);
  }
  const position = positionNumber(at.position);
  if (position === null) return null;
  switch (at.list) {
    case 'boards':
      return boardsAt(ctx, ownerId, position, locale);
    case 'keys':
      return keysAt(ctx, ownerId, position, locale);
    case 'archive': {
      const found = await ownedEndedSeason(ctx, ownerId, at.scope);
      return found && archiveAt(ctx, found.board, found.season, position, locale);
    }
  }
  const board = await ownedBoardByPk(ctx, ownerId, at.scope);
  if (!board) return null;
  return at.list === 'teams'
    ? teamsAt(ctx, board, position, locale)
    : seasonsAt(ctx, board, position, locale);
}

/**
 * A page of the standings from an entries cursor ('' for the top); on a Rating board, of the
 * contest's ranking from an offset, the first page with the leader's picture.
 */
export async function standingsAt(
  ctx: Context,
  board: Board,
  cursor: string,
  locale: string | null = null,
): Promise<PagedMessage | null> {
  if (board.type === 'Rating') {
    const from = positionNumber(cursor);
    if (from === null) return null;
    const page = await contestPage(ctx, board, { from, limit: PAGE_SIZE });
    const leader = from === 0 ? await leaderThumbnail(ctx, page.entries) : null;
    return contestMessage(page, boardUrl(ctx.config.publicUrl, board), leader, locale);
  }
  const page = await standingsPage(ctx, board, {
    cursor: cursor === '' ? undefined : cursor,
    limit: board.standingsSize,
  });
  return standingsMessage(board, page, cursor, boardUrl(ctx.config.publicUrl, board), locale);
}

/** A page of an ended season's final standings, `offset` rows in. */
export async function archiveAt(
  ctx: Context,
  board: Board,
  season: Season,
  offset: number,
  locale: string | null = null,
) {
  const url = `${boardUrl(ctx.config.publicUrl, board)}?season=${season.number}`;
  if (board.type === 'Rating') {
    return roundMessage(
      await roundPage(ctx, board, season, { from: offset, limit: LIST_PAGE }),
      url,
      locale,
    );
  }
  const page = await seasonStandingsPage(ctx, season, { from: offset, limit: LIST_PAGE });
  return archivedStandingsMessage(board, season, page, offset, url, locale);
}

export async function boardsAt(
  ctx: Context,
  ownerId: string,
  afterPk: number,
  locale: string | null = null,
) {
  const page = await boardsAfter(ctx, ownerId, afterPk, LIST_PAGE);
  return boardListMessage(page, afterPk === 0, locale);
}

export async function teamsAt(
  ctx: Context,
  board: Board,
  afterPk: number,
  locale: string | null = null,
) {
  const page = await teamsAfter(ctx, board, afterPk, LIST_PAGE);
  return teamListMessage(board, page, afterPk === 0, locale);
}

/** Seasons numbered below `before` (0: the first page, with the running one). */
export async function seasonsAt(
  ctx: Context,
  board: Board,
  before: number,
  locale: string | null = null,
) {
  const first = before === 0;
  const page = await boardSeasons(ctx, board, {
    ...(first ? {} : { before }),
    limit: LIST_PAGE,
  });
  if (board.type === 'Rating') {
    const won = await roundChampions(
      ctx,
      page.ended.map((e) => e.season),
    );
    page.ended = page.ended.map(({ season }) => ({
      season,
      champions: championRows(season, won.get(season.pk) ?? [], locale),
    }));
  }
  return seasonListMessage(board, page, first, locale);
}

/** A server that has no owner row yet has no keys. */
export async function keysAt(
  ctx: Context,
  ownerId: string,
  offset: number,
  locale: string | null = null,
) {
  const owner = await findOwner(ctx, ownerId);
  return keyListMessage(owner ? await listKeys(ctx, ownerId) : [], offset, locale);
}
