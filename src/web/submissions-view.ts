import type { Board } from '../../entities/board';
import type { Context } from '../pipeline/context';
import { submissionsPage, type BoardSubmission } from '../pipeline/score-reads';
import { playerLink } from './boards';
import { t, type Language } from '../domain/i18n';
import { escapeHtml, link, timeTag, valueText, type Html } from './html';
import type { Links } from './links';

/**
 * A score board's submissions (issue 29 item 5), as speedrun.com shows a board's run history:
 * each with the player, the value (display rules: valueText, formatScore) and when, newest
 * first. A list that reflows on a phone like the matches: the time wraps under the name.
 */

/** Submissions on the board page; the rest are on its submissions pages. */
export const RECENT_SUBMISSIONS = 5;

/** How a score was recorded, when it is worth saying (spec 2.6 statuses). */
function note(status: BoardSubmission['status'], lang: Language): string {
  if (status === 'adjusted') return ` · ${t(lang, 'web.matches.adjusted')}`;
  if (status === 'set') return ` · ${t(lang, 'web.submissions.set')}`;
  return '';
}

export function submissionsList(
  board: Board,
  rows: BoardSubmission[],
  links: Links,
  lang: Language = 'en',
): Html {
  if (rows.length === 0)
    return `<p class="empty">${escapeHtml(t(lang, 'web.submissions.none'))}</p>`;
  const items = rows.map(
    (s) => `<li>${playerLink(links, board, s.player)}
<span class="score">${valueText(board, s.score, lang)}</span>
<span class="when">${timeTag(s.at, lang)}${escapeHtml(note(s.status, lang))}</span></li>`,
  );
  return `<ol class="matches submissions">\n${items.join('\n')}\n</ol>`;
}

/** The board page's "Recent submissions": the newest few and a link to all of them. */
export async function recentSubmissions(
  ctx: Context,
  board: Board,
  links: Links,
  lang: Language = 'en',
): Promise<Html> {
  const page = await submissionsPage(ctx, board, { limit: RECENT_SUBMISSIONS });
  if (page.submissions.length === 0) return '';
  const all = escapeHtml(t(lang, 'web.submissions.all'));
  const more =
    page.nextCursor === null ? '' : `\n<p class="more">${link(links.submissions(board), all)}</p>`;
  const heading = escapeHtml(t(lang, 'web.submissions.recent'));
  return `<h2>${heading}</h2>\n${submissionsList(board, page.submissions, links, lang)}${more}`;
}
