import type { Board } from '../../entities/board';
import type { SeasonStanding } from '../domain/season';
import { formatScore } from '../domain/score-text';
import { shown } from './text';

const MEDALS = ['🥇', '🥈', '🥉'];

/** `🥇 Ann — 1,031 (2-0-0)`: one archived row as chat shows it (/leaderboard season:N, announcements). */
export function archivedLine(board: Board, row: SeasonStanding): string {
  const place = row.rank <= 3 ? MEDALS[row.rank - 1] : `**${row.rank}.**`;
  const record =
    board.type === 'ELO' || board.type === 'League'
      ? ` (${row.wins ?? 0}-${row.draws ?? 0}-${row.losses ?? 0})`
      : '';
  return `${place} ${shown(row.playerName)} — ${formatScore(board.type, row.value)}${record}`;
}
