import type { Board } from '../../entities/board';
import { boardUrl } from '../domain/board-url';
import type { Season } from '../domain/season';
import { boardsAfter, ownedBoardByPk, teamsAfter } from '../pipeline/board-reads';
import type { Context } from '../pipeline/context';
import { listKeys } from '../pipeline/keys';
import { findOwner } from '../pipeline/owners';
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
import { positionNumber, type PageAt } from './page-button';
import { archivedStandingsMessage } from './season-message';
import { PAGE_SIZE, standingsMessage } from './standings-message';

/**
 * One page of a paged list in chat, read for one workspace: what a slash command shows first and
 * what First / Next show when pressed (commands/page.ts), through the same use cases and the
 * same layout. Null when the page's board or season is not this workspace's (any more), or its
 * position is not one Tally wrote.
 */
export async function pageOf(
  ctx: Context,
  ownerId: string,
  at: PageAt,
): Promise<PagedMessage | null> {
  if (at.list === 'standings') {
    const board = await ownedBoardByPk(ctx, ownerId, at.scope);
    return board && standingsAt(ctx, board, at.position);
  }
  const position = positionNumber(at.position);
  if (position === null) return null;
  switch (at.list) {
    case 'boards':
      return boardsAt(ctx, ownerId, position);
    case 'keys':
      return keysAt(ctx, ownerId, position);
    case 'archive': {
      const found = await ownedEndedSeason(ctx, ownerId, at.scope);
      return found && archiveAt(ctx, found.board, found.season, position);
    }
  }
  const board = await ownedBoardByPk(ctx, ownerId, at.scope);
  if (!board) return null;
  return at.list === 'teams' ? teamsAt(ctx, board, position) : seasonsAt(ctx, board, position);
}

/** A page of the standings from an entries cursor ('' for the top). */
export async function standingsAt(ctx: Context, board: Board, cursor: string) {
  const page = await standingsPage(ctx, board, {
    cursor: cursor === '' ? undefined : cursor,
    limit: PAGE_SIZE,
  });
  return standingsMessage(board, page, cursor, boardUrl(ctx.config.publicUrl, board));
}

/** A page of an ended season's final standings, `offset` rows in. */
export async function archiveAt(ctx: Context, board: Board, season: Season, offset: number) {
  const page = await seasonStandingsPage(ctx, season, { from: offset, limit: LIST_PAGE });
  const url = `${boardUrl(ctx.config.publicUrl, board)}?season=${season.number}`;
  return archivedStandingsMessage(board, season, page, offset, url);
}

export async function boardsAt(ctx: Context, ownerId: string, afterPk: number) {
  return boardListMessage(await boardsAfter(ctx, ownerId, afterPk, LIST_PAGE), afterPk === 0);
}

export async function teamsAt(ctx: Context, board: Board, afterPk: number) {
  return teamListMessage(board, await teamsAfter(ctx, board, afterPk, LIST_PAGE), afterPk === 0);
}

/** Seasons numbered below `before` (0: the first page, with the running one). */
export async function seasonsAt(ctx: Context, board: Board, before: number) {
  const first = before === 0;
  const page = await boardSeasons(ctx, board, {
    ...(first ? {} : { before }),
    limit: LIST_PAGE,
  });
  return seasonListMessage(board, page, first);
}

/** A server that has no owner row yet has no keys. */
export async function keysAt(ctx: Context, ownerId: string, offset: number) {
  const owner = await findOwner(ctx, ownerId);
  return keyListMessage(owner ? await listKeys(ctx, ownerId) : [], offset);
}
