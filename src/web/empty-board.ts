import type { Board } from '../../entities/board';
import { utcDay } from '../domain/display';
import { seasonTitle } from '../domain/season';
import { pendingReviewCount } from '../pipeline/board-waiting';
import type { Context } from '../pipeline/context';
import { boardSeasons } from '../pipeline/season-reads';
import { bdi, escapeHtml, link, type Html } from './html';
import type { Links } from './links';

/**
 * What a board with no standings says (issue 29), all of it true: whether a season is running
 * (its name and end) or the last one ended (and where its final standings are), and how many
 * results wait for a moderator's review; never a bare "No entries yet." over older results.
 */
export async function emptyBoardHtml(ctx: Context, board: Board, links: Links): Promise<Html> {
  const [{ running, ended }, pending] = await Promise.all([
    boardSeasons(ctx, board, { limit: 1 }),
    pendingReviewCount(ctx, board),
  ]);
  const last = ended[0]?.season ?? null;
  const parts: Html[] = [];
  if (running) {
    const ends = running.endsAt ? `; it ends ${utcDay(running.endsAt)}` : '';
    parts.push(`${bdi(seasonTitle(running))} has no results yet${escapeHtml(ends)}.`);
  } else if (last) {
    parts.push(`${bdi(seasonTitle(last))} ended ${utcDay(last.endedAt!)}; no results since.`);
  } else {
    parts.push('No results yet.');
  }
  if (pending > 0)
    parts.push(
      `${pending} ${pending === 1 ? 'result waits' : 'results wait'} for a moderator’s review.`,
    );
  if (last) {
    // "See the final standings of …", not "…”’s final standings": a possessive after the
    // closing quote of a season's name reads badly.
    const archive = link(links.board(board, { season: last.number }), 'the final standings');
    parts.push(`See ${archive} of ${bdi(seasonTitle(last))}.`);
  }
  return parts.join(' ');
}
