import type { Board } from '../../entities/board';
import type { BoardMatch, Participant, PlayedMatch } from '../pipeline/profile-types';
import { playerLink } from './boards';
import { escapeHtml, link, timeTag, type Html } from './html';
import type { Links } from './links';
import type { Result } from '../domain/record';
import {
  capitalized,
  outcomeParts,
  RESULT_VERBS,
  ratingSwing,
  signedDelta,
  valueName,
} from '../domain/display';

/** Matches as lists that reflow on a phone: each row wraps, none scrolls sideways. */

const names = (links: Links, board: Board, people: Participant[]) =>
  people.map((p) => playerLink(links, board, p)).join(', ');

/** How a match was recorded, when it is worth saying (spec 2.5 statuses). */
function statusNote(status: string): string {
  if (status === 'adjusted') return ' · adjusted by a moderator';
  if (status === 'set') return ' · values set by a moderator';
  return '';
}

function whenLine(number: number, at: Date, extra: string, status: string): Html {
  return `<span class="when">Match #${number} · ${timeTag(at)}${escapeHtml(extra)}${escapeHtml(statusNote(status))}</span>`;
}

/**
 * Matches with both sides, the winner first and in bold, the loser after, each with its outcome
 * (domain/display.ts outcomeParts) and the rating swing: the board page's recent matches and the
 * board's "All matches" pages.
 */
export function versusMatches(board: Board, matches: BoardMatch[], links: Links): Html {
  const items = matches.map((m) => {
    const parts = outcomeParts(m);
    const [first, second] = parts.first === 2 ? [m.team2, m.team1] : [m.team1, m.team2];
    const middle = parts.middle;
    const won = parts.decided ? ' won' : '';
    const delta = m.delta === null ? '' : ` · ${ratingSwing(m.delta)} ${valueName(board.type)}`;
    return `<li><span class="side${won}">${names(links, board, first)}</span>
<span class="score">${escapeHtml(middle)}</span>
<span class="side right">${names(links, board, second)}</span>
${whenLine(m.number, m.at, delta, m.status)}</li>`;
  });
  return `<ol class="matches versus">\n${items.join('\n')}\n</ol>`;
}

/** The board page's "Recent matches", with a link to all of them when there are more. */
export function recentMatches(
  board: Board,
  recent: { matches: BoardMatch[]; nextCursor: string | null },
  links: Links,
): Html {
  if (recent.matches.length === 0) return '';
  const all =
    recent.nextCursor === null
      ? ''
      : `\n<p class="more">${link(links.matches(board), 'All matches')}</p>`;
  return `<h2>Recent matches</h2>\n${versusMatches(board, recent.matches, links)}${all}`;
}

const resultWord = (result: Result) => capitalized(RESULT_VERBS[result]);

/** A player's matches from their side: result, opponents (links), score, rating change. */
export function playedMatches(board: Board, matches: PlayedMatch[], links: Links): Html {
  if (matches.length === 0) return '<p class="empty">No matches yet.</p>';
  const items = matches.map((m) => {
    const mates = m.teammates.length > 0 ? ` with ${names(links, board, m.teammates)}` : '';
    const score = `<span class="score">${escapeHtml(m.score ?? '')}</span>`;
    const delta = `<span class="delta">${m.delta === null ? '' : signedDelta(m.delta)}</span>`;
    return `<li><span class="result result-${m.result}"><abbr title="${resultWord(m.result)}">${m.result}</abbr></span>
<span class="side">vs ${names(links, board, m.opponents)}${mates}</span>
${score}${delta}
${whenLine(m.number, m.at, '', m.status)}</li>`;
  });
  return `<ol class="matches played">\n${items.join('\n')}\n</ol>`;
}
