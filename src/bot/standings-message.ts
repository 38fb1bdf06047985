import type { APIEmbed } from 'discord.js';
import type { Board } from '../../entities/board';
import { medalOf, standingsColumns } from '../domain/board-display';
import { rankedValue, recordShort } from '../domain/display';
import { formatScore } from '../domain/score-text';
import type { RankedEntry, StandingsPage } from '../pipeline/standings';
import type { PagedMessage } from './list-message';
import { pageButtons } from './page-button';
import { clip, LIMITS, shown } from './text';
import { t } from '../domain/i18n';

/** Entries on one page of a contest's ranking in chat; a board's standings take its own size. */
export const PAGE_SIZE = 10;

/**
 * One page of a board's standings as an embed: a line per entry, linked to the board's public
 * page. `first` says whether it is the first page (an empty one has no entries yet). In
 * `locale`'s language (English by default).
 */
export function standingsEmbed(
  board: Board,
  entries: readonly RankedEntry[],
  url: string,
  first: boolean,
  locale: string | null = null,
): APIEmbed {
  const lines = entries.map((entry) => line(board, entry));
  return {
    title: clip(
      t(locale, 'reading.standings.title', { board: shown(board.displayName) }),
      LIMITS.embedTitle,
    ),
    url,
    description:
      lines.length > 0
        ? wholeLines(lines, LIMITS.embedDescription)
        : first
          ? t(locale, 'reading.standings.empty')
          : t(locale, 'reading.standings.noMore'),
    footer: { text: `${board.id} · ${board.type}` },
  };
}

/** `🥇` for ranks 1–3 on a board with medals, else `**4.**` (domain/board-display.ts). */
export const rankPlace = (board: Pick<Board, 'medals'>, rank: number): string =>
  medalOf(board, rank) ?? `**${rank}.**`;

/** ` (2-0-1)` after the value where the board shows the record, else nothing. */
export const recordAfter = (
  board: Pick<Board, 'type' | 'showRecord' | 'showSubmissions'>,
  r: Parameters<typeof recordShort>[0],
): string => (standingsColumns(board).includes('record') ? ` (${recordShort(r)})` : '');

/** `🥇 Ann — 1031 (2-0-0)`, `**4.** Di — 984`: one rank of the standings in chat. */
function line(board: Board, entry: RankedEntry): string {
  const value = formatScore(board.type, rankedValue(board, entry));
  return `${rankPlace(board, entry.rank)} ${shown(entry.playerName)} — ${value}${recordAfter(board, entry)}`;
}

/** As many whole lines as fit in `limit` (fifty long names may not), `…` after a cut. */
function wholeLines(lines: readonly string[], limit: number): string {
  const kept: string[] = [];
  let length = 0;
  for (const l of lines) {
    if (length + l.length + 2 > limit) return [...kept, '…'].join('\n');
    kept.push(l);
    length += l.length + 1;
  }
  return kept.join('\n');
}

/**
 * /leaderboard and its pages: one page of a board's standings, read with the same keyset and
 * cursors as GET /v1/boards/{board}/entries, with First / Next carrying the cursor (a cursor too
 * long for a button becomes a link to the public page).
 */
export function standingsMessage(
  board: Board,
  page: StandingsPage,
  cursor: string,
  url: string,
  locale: string | null = null,
): PagedMessage {
  return {
    embeds: [standingsEmbed(board, page.entries, url, cursor === '', locale)],
    components: pageButtons(
      { list: 'standings', scope: board.pk },
      { first: cursor === '', next: page.nextCursor, more: url },
      locale,
    ),
  };
}
