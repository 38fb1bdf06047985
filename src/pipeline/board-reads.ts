import type { Board } from '../../entities/board';
import type { LiveStandings } from '../../entities/live-standings';
import type { ReviewBlock } from '../../entities/review-block';
import type { Team } from '../../entities/team';
import type { DecayRule } from '../domain/decay';
import type { RankRole } from '../domain/rank-roles';
import type { Season } from '../domain/season';
import { cursorInt, decodeCursor, encodeCursor, keysetPage, splitPage } from '../domain/cursor';
import { TallyError } from '../domain/errors';
import type { Context } from './context';
import { contestSummary } from '../domain/display';

/** A board of this owner, or the same 404 for a missing and another owner's board (spec 4.1). */
export async function ownedBoard(ctx: Context, ownerId: string, boardId: string): Promise<Board> {
  const board = await ctx.repos.boards.byId(ownerId, boardId);
  if (!board) {
    throw new TallyError('not_found', `No board "${boardId}"`, {
      said: { key: 'common.workspace.noBoard', vars: { board: boardId } },
    });
  }
  return board;
}

/** An owner's boards, oldest first (spec 4.2), in keyset pages on the board's pk. */
export async function boardsPage(
  ctx: Context,
  ownerId: string,
  request: { cursor?: string | undefined; limit: number; publicOnly?: boolean },
): Promise<{ boards: Board[]; nextCursor: string | null }> {
  const afterPk = request.cursor === undefined ? 0 : cursorInt(decodeCursor(request.cursor), 'pk');
  const rows = await ctx.repos.boards.page(
    ownerId,
    afterPk,
    request.limit + 1,
    request.publicOnly ?? false,
  );
  const { items, nextCursor } = splitPage(rows, request.limit, (last) =>
    encodeCursor({ pk: last.pk }),
  );
  return { boards: items, nextCursor };
}

/** A board by pk if it is this owner's (a page button names a pk, never whose it is), or null. */
export async function ownedBoardByPk(
  ctx: Context,
  ownerId: string,
  boardPk: number,
): Promise<Board | null> {
  const board = await ctx.repos.boards.byPk(boardPk);
  return board?.ownerId === ownerId ? board : null;
}

/** A page of rows and the position the next page starts at (null on the last page). */
export interface KeysetPage<T> {
  items: T[];
  next: number | null;
}

/** An owner's boards after board pk `afterPk`, oldest first: /board list's pages. */
export async function boardsAfter(
  ctx: Context,
  ownerId: string,
  afterPk: number,
  limit: number,
): Promise<KeysetPage<Board>> {
  const rows = await ctx.repos.boards.page(ownerId, afterPk, limit + 1);
  return keysetPage(rows, limit, (last) => last.pk);
}

/** A board's teams after team pk `afterPk`, oldest first: /team list's pages. */
export async function teamsAfter(
  ctx: Context,
  board: Pick<Board, 'pk'>,
  afterPk: number,
  limit: number,
): Promise<KeysetPage<Team>> {
  const rows = await ctx.repos.teams.page(board.pk, afterPk, limit + 1);
  return keysetPage(rows, limit, (last) => last.pk);
}

/** What /board info shows beside the board's own columns. */
export interface BoardSettings {
  block: ReviewBlock | null;
  decay: DecayRule | null;
  live: LiveStandings | null;
  season: Season | null;
  rankRoles: RankRole[];
  /** A Rating board's contest settings in one line (domain/display.ts contestSummary). */
  contest: string | null;
}

export async function boardSettings(
  ctx: Context,
  board: Pick<Board, 'pk' | 'type'>,
): Promise<BoardSettings> {
  const { reviewMessages, decay, liveStandings, seasons, rankRoles, contests } = ctx.repos;
  const [block, rule, live, season, roles, contest] = await Promise.all([
    reviewMessages.blockOf(board.pk),
    decay.rule(board.pk),
    liveStandings.get(board.pk),
    seasons.latest(board.pk),
    rankRoles.roles(board.pk),
    board.type === 'Rating' ? contests.settings(board.pk) : null,
  ]);
  return {
    block,
    decay: rule,
    live,
    season,
    rankRoles: roles,
    contest: contest && contestSummary(contest, ctx.now()),
  };
}
