import type { Board } from '../../entities/board';
import { refusal } from '../domain/errors';
import type { Season, SeasonStanding } from '../domain/season';
import type { Context } from './context';

/**
 * What every front end reads of a board's seasons: the running one, the list of seasons with
 * their champions (/season list, `tally season list`, the public pages' seasons menu) and an
 * ended season's final standings (/leaderboard season:N and its buttons, the end announcement,
 * the public archive page and its card). Seasons are started and ended in seasons.ts.
 */

/** The board's running season, or null when none runs. */
export function runningSeason(ctx: Context, board: Pick<Board, 'pk'>): Promise<Season | null> {
  return ctx.repos.seasons.open(board.pk);
}

/** An ended season and who won it: the rank-1 rows (several on a tie; none if nobody played). */
export interface SeasonWithChampions {
  season: Season;
  champions: SeasonStanding[];
}

export interface BoardSeasons {
  /** The running season; read on the first page only (null on later pages, or when none runs). */
  running: Season | null;
  /** Ended seasons, newest first. */
  ended: SeasonWithChampions[];
  /** `before` of the next page (the number of the last season here); null on the last page. */
  nextBefore: number | null;
}

/**
 * A page of the board's seasons with their champions: the running one (first page only), then
 * the ended ones numbered below `before`, newest first, `limit` of them.
 */
export async function boardSeasons(
  ctx: Context,
  board: Pick<Board, 'pk'>,
  page: { before?: number | undefined; limit: number },
): Promise<BoardSeasons> {
  const first = page.before === undefined;
  const [rows, running] = await Promise.all([
    ctx.repos.seasons.ended(board.pk, page.before ?? Number.MAX_SAFE_INTEGER, page.limit + 1),
    first ? runningSeason(ctx, board) : null,
  ]);
  const shown = rows.slice(0, page.limit);
  const champions = await ctx.repos.seasons.champions(shown.map((s) => s.pk));
  return {
    running,
    ended: shown.map((season) => ({ season, champions: champions.get(season.pk) ?? [] })),
    nextBefore: rows.length > page.limit ? (shown.at(-1)?.number ?? null) : null,
  };
}

export interface SeasonStandingsPage {
  season: Season;
  /** Final standings from `from` on, in rank order (ties by player id); they never change. */
  rows: SeasonStanding[];
  /** Whether more rows follow this page. */
  more: boolean;
}

/**
 * A page of an ended season's final standings, `from` rows in (an offset names the same rows on
 * every read: the archive never changes). `season` is an ended one (seasonOf, or a row whose
 * endedAt is set); a running season has no archive yet, and says so as seasonOf does.
 */
export async function seasonStandingsPage(
  ctx: Context,
  season: Season,
  page: { from: number; limit: number },
): Promise<SeasonStandingsPage> {
  if (!season.endedAt) {
    throw refusal('not_found', 'admin.season.errors.stillRunning', { number: season.number });
  }
  const rows = await ctx.repos.seasons.standings(season.pk, page.from, page.limit + 1);
  return { season, rows: rows.slice(0, page.limit), more: rows.length > page.limit };
}

export type { Season, SeasonStanding };

/**
 * An ended season of this owner's board, by pk (a page button names the season, never whose it
 * is), with its board; null for a running or missing season and for another owner's alike.
 */
export async function ownedEndedSeason(
  ctx: Context,
  ownerId: string,
  seasonPk: number,
): Promise<{ season: Season; board: Board } | null> {
  const season = await ctx.repos.seasons.byPk(seasonPk);
  if (!season?.endedAt) return null;
  const board = await ctx.repos.boards.byPk(season.boardPk);
  return board?.ownerId === ownerId ? { season, board } : null;
}
