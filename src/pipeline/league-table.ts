import type { Board } from '../../entities/board';
import { FORM_LENGTH, formOf, playedOf } from '../domain/league-table';
import type { Result } from '../domain/record';
import type { RankedEntry } from '../store/entries';
import type { Context } from './context';

/**
 * A League table's columns beyond the entry (issue 29 item 5): played from the entry's record,
 * goals for and against and the form from the matches that made it. The entries and the API's
 * entry stay as they are; the board page reads these for the rows it shows.
 */
export interface LeagueColumns {
  played: number;
  goalsFor: number;
  goalsAgainst: number;
  /** The last results, oldest first (domain/league-table.ts formOf). */
  form: Result[];
}

/** When the standings as they are began: the running season's start, or the last one's end. */
export async function standingsSince(ctx: Context, board: Pick<Board, 'pk'>): Promise<Date | null> {
  const season = await ctx.repos.seasons.latest(board.pk);
  return season ? (season.endedAt ?? season.startedAt) : null;
}

/** These entries' League columns by player id; empty on any other board. */
export async function leagueColumns(
  ctx: Context,
  board: Pick<Board, 'pk' | 'type'>,
  entries: readonly RankedEntry[],
): Promise<Map<string, LeagueColumns>> {
  const columns = new Map<string, LeagueColumns>();
  if (board.type !== 'League' || entries.length === 0) return columns;
  const since = await standingsSince(ctx, board);
  const ids = entries.map((e) => e.playerId);
  const lines = await ctx.repos.matches.goalsAndForm(board.pk, ids, since, FORM_LENGTH);
  for (const entry of entries) {
    const line = lines.get(entry.playerId);
    columns.set(entry.playerId, {
      played: playedOf(entry),
      goalsFor: line?.goalsFor ?? 0,
      goalsAgainst: line?.goalsAgainst ?? 0,
      form: formOf(line?.newest ?? []),
    });
  }
  return columns;
}
