import type { APIEmbed } from 'discord.js';
import type { Board } from '../../entities/board';
import { formatScore } from '../domain/score-text';
import type { RankedEntry } from '../pipeline/standings';
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
  const value = formatScore(board.type, board.type === 'ELO' ? entry.elo : entry.score);
  const record =
    board.type === 'ELO' || board.type === 'League'
      ? ` (${entry.wins ?? 0}-${entry.draws ?? 0}-${entry.losses ?? 0})`
      : '';
  return `**${entry.rank}.** ${name} — ${value}${record}`;
}
