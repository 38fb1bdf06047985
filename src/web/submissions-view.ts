import type { Board } from '../../entities/board';
import type { Context } from '../pipeline/context';
import { submissionsPage, type BoardSubmission } from '../pipeline/score-reads';
import { playerLink } from './boards';
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
const NOTES: Partial<Record<BoardSubmission['status'], string>> = {
  adjusted: ' · adjusted by a moderator',
  set: ' · set by a moderator',
};

export function submissionsList(board: Board, rows: BoardSubmission[], links: Links): Html {
  if (rows.length === 0) return '<p class="empty">No submissions yet.</p>';
  const items = rows.map(
    (s) => `<li>${playerLink(links, board, s.player)}
<span class="score">${valueText(board, s.score)}</span>
<span class="when">${timeTag(s.at)}${escapeHtml(NOTES[s.status] ?? '')}</span></li>`,
  );
  return `<ol class="matches submissions">\n${items.join('\n')}\n</ol>`;
}

/** The board page's "Recent submissions": the newest few and a link to all of them. */
export async function recentSubmissions(ctx: Context, board: Board, links: Links): Promise<Html> {
  const page = await submissionsPage(ctx, board, { limit: RECENT_SUBMISSIONS });
  if (page.submissions.length === 0) return '';
  const more =
    page.nextCursor === null
      ? ''
      : `\n<p class="more">${link(links.submissions(board), 'All submissions')}</p>`;
  return `<h2>Recent submissions</h2>\n${submissionsList(board, page.submissions, links)}${more}`;
}
