import type { APIEmbed } from 'discord.js';
import type { Board } from '../../entities/board';
import { rankedValue, recordShort } from '../domain/display';
import { formatScore } from '../domain/score-text';
import type { RankedEntry, StandingsPage } from '../pipeline/standings';
import type { PagedMessage } from './list-message';
import { pageButtons } from './page-button';
import { clip, LIMITS, shown } from './text';

/** Entries on one page of standings in chat (/leaderboard, the live standings message). */
export const PAGE_SIZE = 10;

/**
 * One page of a board's standings as an embed: a line per entry, linked to the board's public
 * page. `first` says whether it is the first page (an empty one has no entries yet).
 */
export function standingsEmbed(
  board: Board,
  entries: readonly RankedEntry[],
  url: string,
  first: boolean,
): APIEmbed {
  const lines = entries.map((entry) => line(board, entry));
  return {
    title: clip(`${shown(board.displayName)} — standings`, LIMITS.embedTitle),
    url,
    description:
      lines.length > 0
        ? clip(lines.join('\n'), LIMITS.embedDescription)
        : first
          ? 'No entries yet.'
          : 'No more entries.',
    footer: { text: `${board.id} · ${board.type}` },
  };
}

function line(board: Board, entry: RankedEntry): string {
  const name = shown(entry.playerName);
  const value = formatScore(board.type, rankedValue(board, entry));
  const record = board.type === 'ELO' || board.type === 'League' ? ` (${recordShort(entry)})` : '';
  return `**${entry.rank}.** ${name} — ${value}${record}`;
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
): PagedMessage {
  return {
    embeds: [standingsEmbed(board, page.entries, url, cursor === '')],
    components: pageButtons(
      { list: 'standings', scope: board.pk },
      { first: cursor === '', next: page.nextCursor, more: url },
    ),
  };
}
