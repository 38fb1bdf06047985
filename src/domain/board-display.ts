import type { Board } from './board';
import { isMatchBoard } from './board-rules';
import { wholeInRange } from './errors';
import { t } from './i18n';

/**
 * How a board's standings look (issue 27 item 9), one rule for every edge: the standings in chat
 * (/leaderboard, the live standings message, an ended season's) and the public pages (the table
 * and the podium). Rank, name and the ranked value always show; the rest is the board's setting.
 */
export type BoardDisplay = Pick<
  Board,
  'medals' | 'standingsSize' | 'showRecord' | 'showSubmissions'
>;

/** A new board's: medals, ten ranks a page, every column (what every board showed before). */
export const DISPLAY_DEFAULTS: BoardDisplay = {
  medals: true,
  standingsSize: 10,
  showRecord: true,
  showSubmissions: true,
};

/** How many ranks a page of standings in chat may show. */
export const STANDINGS_SIZE_RANGE = [5, 50] as const;

export const checkStandingsSize = (n: number): number =>
  wholeInRange('standings size', n, ...STANDINGS_SIZE_RANGE);

/**
 * An optional column: a match board's record (W-D-L), a League's matches played, goals (for,
 * against, difference) and form (issue 29 item 5), another board's submissions count.
 */
export type StandingsColumn = 'played' | 'record' | 'goals' | 'form' | 'submissions';

/**
 * The optional columns a board's standings show after rank, name and value, in order: a match
 * board (ELO, League) has a record, any other board a submissions count, each unless hidden.
 * A League's record is a football table's: played, W-D-L, goals and form, all under the one
 * record setting. Chat's one line per rank carries the record; the pages carry all.
 */
export function standingsColumns(
  board: Pick<Board, 'type' | 'showRecord' | 'showSubmissions'>,
): StandingsColumn[] {
  if (board.type === 'League') return board.showRecord ? ['played', 'record', 'goals', 'form'] : [];
  if (isMatchBoard(board)) return board.showRecord ? ['record'] : [];
  return board.showSubmissions ? ['submissions'] : [];
}

/**
 * The table's columns after rank and name, the value among them: the value first, except that
 * a League reads like a football table, points after the goals and the form last
 * (P W D L GF GA GD Pts Form).
 */
export function tableColumns(
  board: Pick<Board, 'type' | 'showRecord' | 'showSubmissions'>,
): (StandingsColumn | 'value')[] {
  const optional = standingsColumns(board);
  if (!optional.includes('form')) return ['value', ...optional];
  return [...optional.filter((c) => c !== 'form'), 'value', 'form'];
}

export const MEDALS = ['🥇', '🥈', '🥉'] as const;

/** A rank's medal on a board that shows medals (1–3), else null: then its number shows. */
export function medalOf(board: Pick<Board, 'medals'>, rank: number): string | null {
  return board.medals && rank >= 1 && rank <= MEDALS.length ? MEDALS[rank - 1]! : null;
}

/** Whether the first page of a board's standings stands its top three on a podium. */
export const showsPodium = (board: Pick<Board, 'medals'>): boolean => board.medals;

/**
 * The settings in words (/board info): `standings: 10 ranks a page in chat, medals and podium,
 * record shown`, `…, no medals or podium, record hidden`; in the reader's language.
 */
export function displaySummary(
  board: Pick<Board, 'type'> & BoardDisplay,
  locale?: string | null,
): string {
  const record = isMatchBoard(board);
  const shown = standingsColumns(board).includes(record ? 'record' : 'submissions');
  const column = record
    ? shown
      ? 'shared.display.recordShown'
      : 'shared.display.recordHidden'
    : shown
      ? 'shared.display.submissionsShown'
      : 'shared.display.submissionsHidden';
  return [
    t(locale, 'shared.display.size', { count: board.standingsSize }),
    t(locale, board.medals ? 'shared.display.medals' : 'shared.display.noMedals'),
    t(locale, column),
  ].join(', ');
}
