import type { Board } from '../../entities/board';
import { utcDay } from '../domain/display';
import { seasonTitle } from '../domain/season';
import { pendingReviewCount } from '../pipeline/board-waiting';
import type { Context } from '../pipeline/context';
import { boardSeasons } from '../pipeline/season-reads';
import { t, type Language } from '../domain/i18n';
import { bdi, escapeHtml, link, type Html } from './html';
import type { Links } from './links';

/**
 * What a board with no standings says (issue 29), all of it true: whether a season is running
 * (its name and end) or the last one ended (and where its final standings are), and how many
 * results wait for a moderator's review; never a bare "No entries yet." over older results.
 */
export async function emptyBoardHtml(
  ctx: Context,
  board: Board,
  links: Links,
  lang: Language = 'en',
): Promise<Html> {
  const [{ running, ended }, pending] = await Promise.all([
    boardSeasons(ctx, board, { limit: 1 }),
    pendingReviewCount(ctx, board),
  ]);
  const last = ended[0]?.season ?? null;
  const parts: Html[] = [];
  // The catalogue's sentences take names already marked up (<bdi>, a link): its words are ours.
  if (running) {
    const season = bdi(seasonTitle(running, lang));
    parts.push(
      running.endsAt
        ? t(lang, 'web.empty.runningEnds', {
            season,
            day: escapeHtml(utcDay(running.endsAt, lang)),
          })
        : t(lang, 'web.empty.running', { season }),
    );
  } else if (last) {
    const season = bdi(seasonTitle(last, lang));
    parts.push(
      t(lang, 'web.empty.ended', { season, day: escapeHtml(utcDay(last.endedAt!, lang)) }),
    );
  } else {
    parts.push(escapeHtml(t(lang, 'web.empty.none')));
  }
  if (pending > 0) parts.push(escapeHtml(t(lang, 'web.empty.pending', { count: pending })));
  if (last) {
    // "See the final standings of …", not "…”’s final standings": a possessive after the
    // closing quote of a season's name reads badly.
    const archive = link(
      links.board(board, { season: last.number }),
      escapeHtml(t(lang, 'web.empty.finalStandings')),
    );
    parts.push(t(lang, 'web.empty.see', { archive, season: bdi(seasonTitle(last, lang)) }));
  }
  return parts.join(' ');
}
