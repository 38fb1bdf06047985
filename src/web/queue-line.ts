import type { Board } from '../../entities/board';
import { t, type Language } from '../domain/i18n';
import { escapeHtml, type Html } from './html';

/**
 * How many wait in a board's matchmaking queue (issue 28 item 8), under the board page's header
 * and on its line of the server's index; nothing for a board without a queue (`waiting` null).
 * Joining is Discord's: the page says how.
 */
export function waitingText(
  board: Pick<Board, 'fixedTeams'>,
  waiting: number,
  lang: Language = 'en',
): string {
  if (waiting === 0) return t(lang, 'web.queue.nobody');
  // "3 players waiting" beside "12 players" on the index would read as a second count of them.
  const key = board.fixedTeams ? 'web.queue.teamsWaiting' : 'web.queue.waiting';
  return t(lang, key, { count: waiting });
}

export function queueLine(
  board: Pick<Board, 'fixedTeams'>,
  waiting: number | null,
  lang: Language = 'en',
): Html {
  if (waiting === null) return '';
  const said = waitingText(board, waiting, lang);
  const join = t(lang, 'web.queue.join', { command: '<code>/queue join</code>' });
  return `<p class="queue"><strong>${escapeHtml(said.charAt(0).toUpperCase())}${escapeHtml(said.slice(1))}</strong> · ${join}</p>`;
}
