import type { Board } from '../../entities/board';
import { grouped, type Html } from './html';

/**
 * How many wait in a board's matchmaking queue (issue 28 item 8), under the board page's header
 * and on its line of the server's index; nothing for a board without a queue (`waiting` null).
 * Joining is Discord's: the page says how.
 */
export function waitingText(board: Pick<Board, 'fixedTeams'>, waiting: number): string {
  if (waiting === 0) return 'queue open, nobody waiting';
  // "3 players waiting" beside "12 players" on the index would read as a second count of them.
  const teams = board.fixedTeams ? ` team${waiting === 1 ? '' : 's'}` : '';
  return `${grouped(waiting)}${teams} waiting in the queue`;
}

export function queueLine(board: Pick<Board, 'fixedTeams'>, waiting: number | null): Html {
  if (waiting === null) return '';
  const said = waitingText(board, waiting);
  return `<p class="queue"><strong>${said.charAt(0).toUpperCase()}${said.slice(1)}</strong> · join in Discord with <code>/queue join</code></p>`;
}
