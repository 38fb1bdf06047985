/**
 * Seasons of a board, pure: what a season is, how its end resets the standings, and how it reads.
 *
 * Boundary rules (README "Seasons"), all decided with the board locked, so they are deterministic:
 * - A season closes at its end time, at the first of: the scheduler's step, or the first result,
 *   review or decay step on the board at or after that time. It closes only once every submission
 *   queued before the end has been recorded: those belong to the ending season (an auto-applied
 *   one counts in it; spec 1.6 snapshots their ratings from it).
 * - A submission queued at or after the end counts in the next season.
 * - A submission pending review at the end stays pending; approved later, it counts in the season
 *   open when it is approved, with the rating change computed from the ratings snapshotted at its
 *   submission (spec 1.6), added to the rating the player holds now. Expiry is unchanged.
 * - The archive is written once, when the season closes, and never changes.
 */
import { t } from './i18n';

export const SEASON_RESETS = ['hard', 'soft', 'keep'] as const;
/** What an ELO board's ratings do at a season's end; points, totals and bests always reset. */
export type SeasonReset = (typeof SEASON_RESETS)[number];

export interface Season {
  pk: number;
  boardPk: number;
  /** 1, 2, … per board. */
  number: number;
  name: string;
  startedAt: Date;
  /** When it ends by schedule; null runs until `/season end`. */
  endsAt: Date | null;
  /** When it closed (its end time, or the moment it was ended by command); null while open. */
  endedAt: Date | null;
  reset: SeasonReset;
  /** A soft reset moves each rating this many percent of the way back to the start rating. */
  softPercent: number;
  /** Where the start and the end are announced; null announces nowhere. */
  channelId: string | null;
  /** How many of the final standings the end announcement lists. */
  topN: number;
  /** A scheduled season that ends starts the next with the same length. */
  repeat: boolean;
}

/** One archived row: a player's final standing in a season. Never updated. */
export interface SeasonStanding {
  seasonPk: number;
  playerId: string;
  playerName: string;
  rank: number;
  value: number | null;
  wins: number | null;
  draws: number | null;
  losses: number | null;
  submissions: number | null;
}

/**
 * A rating after a soft reset: `percent` of the way from `elo` back to `start`, rounded half away
 * from zero like every rating change (DESIGN.md 3). 100 is a hard reset, 0 keeps.
 */
export function softReset(elo: number, start: number, percent: number): number {
  const kept = ((elo - start) * (100 - percent)) / 100;
  return start + Math.sign(kept) * Math.round(Math.abs(kept));
}

/** The length that a repeating season passes on to the next; null for an open-ended season. */
export function seasonLength(season: Pick<Season, 'startedAt' | 'endsAt'>): number | null {
  return season.endsAt ? season.endsAt.getTime() - season.startedAt.getTime() : null;
}

/** The season that follows a repeating one: same settings and length, numbered on. */
export function nextSeason(ended: Season, at: Date): Omit<Season, 'pk'> | null {
  const length = seasonLength(ended);
  if (!ended.repeat || length === null) return null;
  return {
    boardPk: ended.boardPk,
    reset: ended.reset,
    softPercent: ended.softPercent,
    channelId: ended.channelId,
    topN: ended.topN,
    repeat: true,
    number: ended.number + 1,
    name: `Season ${ended.number + 1}`,
    startedAt: at,
    endsAt: new Date(at.getTime() + length),
    endedAt: null,
  };
}

/** `hard reset to 1000`, `soft reset: 50% back toward 1000`, `ratings kept`. */
export function describeReset(
  season: Pick<Season, 'reset' | 'softPercent'>,
  board: { type: string; startRating: number | null },
  locale?: string | null,
): string {
  if (board.type === 'Rating') return t(locale, 'admin.season.reset.rating');
  if (board.type !== 'ELO') return t(locale, 'admin.season.reset.standings');
  const start = board.startRating ?? 1000;
  if (season.reset === 'hard') return t(locale, 'admin.season.reset.hard', { start });
  if (season.reset === 'soft') {
    return t(locale, 'admin.season.reset.soft', { start, percent: season.softPercent });
  }
  return t(locale, 'admin.season.reset.keep');
}

/** `Season 3 “Winter”`, or `Season 3` when it has no name of its own. */
export function seasonTitle(
  season: Pick<Season, 'number' | 'name'>,
  locale?: string | null,
): string {
  // A season keeps its default name (`Season 3`) in English; it is read as the reader's number.
  return season.name === `Season ${season.number}`
    ? t(locale, 'shared.season.title', { number: season.number })
    : t(locale, 'shared.season.named', { number: season.number, name: season.name });
}
