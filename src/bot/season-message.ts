import { seasonTitle } from '../domain/season';
import type { Board } from '../../entities/board';
import { utcDay } from '../domain/display';
import { t } from '../domain/i18n';
import type { Season, SeasonStanding } from '../domain/season';
import { formatScore } from '../domain/score-text';
import type { SeasonStandingsPage } from '../pipeline/season-reads';
import type { PagedMessage } from './list-message';
import { pageButtons } from './page-button';
import { rankPlace, recordAfter } from './standings-message';
import { clip, LIMITS, shown } from './text';

/** `🥇 Ann — 1,031 (2-0-0)`: one archived row as chat shows it (/leaderboard season:N, announcements). */
export function archivedLine(board: Board, row: SeasonStanding): string {
  return `${rankPlace(board, row.rank)} ${shown(row.playerName)} — ${formatScore(board.type, row.value)}${recordAfter(board, row)}`;
}

/**
 * A page of an ended season's final standings, like /leaderboard's, from the archive: `offset`
 * rows in, with First / Next (page-button.ts) and a link to the season's public page.
 */
/** An ended season's heading: `Ladder — Season 3 “Winter”, final` (standings and contests). */
export const archiveTitle = (
  board: Pick<Board, 'displayName'>,
  season: Season,
  locale?: string | null,
): string =>
  clip(
    t(locale, 'admin.season.archive.title', {
      board: shown(board.displayName),
      season: shown(seasonTitle(season, locale)),
    }),
    LIMITS.embedTitle,
  );

export function archivedStandingsMessage(
  board: Board,
  season: Season,
  page: SeasonStandingsPage,
  offset: number,
  url: string,
  /** The reader's (English when not given). */
  locale?: string | null,
): PagedMessage {
  return {
    embeds: [
      {
        title: archiveTitle(board, season, locale),
        url,
        description: clip(
          page.rows.length > 0
            ? page.rows.map((row) => archivedLine(board, row)).join('\n')
            : t(
                locale,
                offset === 0 ? 'admin.season.archive.nobody' : 'admin.season.archive.noMore',
              ),
          LIMITS.embedDescription,
        ),
        footer: {
          text: t(locale, 'admin.season.archive.footer', {
            board: board.id,
            from: utcDay(season.startedAt, locale ?? undefined),
            to: utcDay(season.endedAt!, locale ?? undefined),
          }),
        },
      },
    ],
    components: pageButtons(
      { list: 'archive', scope: season.pk },
      { first: offset === 0, next: page.more ? String(offset + page.rows.length) : null },
    ),
  };
}
