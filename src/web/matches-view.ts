import type { Board } from '../../entities/board';
import type { BoardMatch, Participant, PlayedMatch } from '../pipeline/profile-types';
import { playerLink } from './boards';
import { t, type Language } from '../domain/i18n';
import { escapeHtml, link, resultLetter, timeTag, type Html } from './html';
import type { Links } from './links';
import type { Result } from '../domain/record';
import {
  capitalized,
  outcomeParts,
  ratingSwing,
  resultVerb,
  signedDelta,
  valueName,
} from '../domain/display';

/** Matches as lists that reflow on a phone: each row wraps, none scrolls sideways. */

const names = (links: Links, board: Board, people: Participant[]) =>
  people.map((p) => playerLink(links, board, p)).join(', ');

/** How a match was recorded, when it is worth saying (spec 2.5 statuses). */
function statusNote(status: string, lang: Language): string {
  if (status === 'adjusted') return ` · ${t(lang, 'web.matches.adjusted')}`;
  if (status === 'set') return ` · ${t(lang, 'web.matches.set')}`;
  return '';
}

function whenLine(number: number, at: Date, extra: string, status: string, lang: Language): Html {
  const match = escapeHtml(t(lang, 'web.matches.number', { number }));
  return `<span class="when">${match} · ${timeTag(at, lang)}${escapeHtml(extra)}${escapeHtml(statusNote(status, lang))}</span>`;
}

/**
 * Matches with both sides, the winner first and in bold, the loser after, each with its outcome
 * (domain/display.ts outcomeParts) and the rating swing: the board page's recent matches and the
 * board's "All matches" pages.
 */
export function versusMatches(
  board: Board,
  matches: BoardMatch[],
  links: Links,
  lang: Language = 'en',
): Html {
  const items = matches.map((m) => {
    const parts = outcomeParts(m, lang);
    const [first, second] = parts.first === 2 ? [m.team2, m.team1] : [m.team1, m.team2];
    const middle = parts.middle;
    const won = parts.decided ? ' won' : '';
    const delta =
      m.delta === null ? '' : ` · ${ratingSwing(m.delta)} ${valueName(board.type, lang)}`;
    return `<li><span class="side${won}">${names(links, board, first)}</span>
<span class="score">${escapeHtml(middle)}</span>
<span class="side right">${names(links, board, second)}</span>
${whenLine(m.number, m.at, delta, m.status, lang)}</li>`;
  });
  return `<ol class="matches versus">\n${items.join('\n')}\n</ol>`;
}

/** The board page's "Recent matches", with a link to all of them when there are more. */
export function recentMatches(
  board: Board,
  recent: { matches: BoardMatch[]; nextCursor: string | null },
  links: Links,
  lang: Language = 'en',
): Html {
  if (recent.matches.length === 0) return '';
  const all =
    recent.nextCursor === null
      ? ''
      : `\n<p class="more">${link(links.matches(board), escapeHtml(t(lang, 'web.matches.all')))}</p>`;
  const heading = escapeHtml(t(lang, 'web.matches.recent'));
  return `<h2>${heading}</h2>\n${versusMatches(board, recent.matches, links, lang)}${all}`;
}

const resultWord = (result: Result, lang: Language) => capitalized(resultVerb(result, lang));

/** A player's matches from their side: result, opponents (links), score, rating change. */
export function playedMatches(
  board: Board,
  matches: PlayedMatch[],
  links: Links,
  lang: Language = 'en',
): Html {
  if (matches.length === 0)
    return `<p class="empty">${escapeHtml(t(lang, 'web.matches.none'))}</p>`;
  const items = matches.map((m) => {
    const mates =
      m.teammates.length > 0
        ? ` ${t(lang, 'web.matches.with', { names: names(links, board, m.teammates) })}`
        : '';
    const versus = t(lang, 'web.matches.versus', { names: names(links, board, m.opponents) });
    const score = `<span class="score">${escapeHtml(m.score ?? '')}</span>`;
    const delta = `<span class="delta">${m.delta === null ? '' : signedDelta(m.delta)}</span>`;
    return `<li><span class="result result-${m.result}"><abbr title="${escapeHtml(resultWord(m.result, lang))}">${escapeHtml(resultLetter(m.result, lang))}</abbr></span>
<span class="side">${versus}${mates}</span>
${score}${delta}
${whenLine(m.number, m.at, '', m.status, lang)}</li>`;
  });
  return `<ol class="matches played">\n${items.join('\n')}\n</ol>`;
}
