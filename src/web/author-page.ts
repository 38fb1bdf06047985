import type { Board } from '../../entities/board';
import { TallyError } from '../domain/errors';
import { seasonTitle } from '../domain/season';
import { authorEntries } from '../pipeline/contest-pages';
import type { Context } from '../pipeline/context';
import { galleryGrid } from './contest-view';
import type { PageDeps } from './deps';
import {
  bdi,
  boardName,
  documentHtml,
  escapeHtml,
  ENGLISH,
  type Html,
  type PageFrame,
} from './html';
import { t } from '../domain/i18n';

/**
 * A member's page on a Rating board (the player page's address): their entries instead of
 * standings, the live ones with where they stand now, then those past rounds archived, each
 * with its round. Someone with no entry anyone may see is a 404, as a player who never played.
 */
export async function authorHtml(
  ctx: Context,
  board: Board,
  authorId: string,
  top: Html,
  deps: PageDeps,
  frame: PageFrame = ENGLISH,
): Promise<Html> {
  const lang = frame.lang;
  const shown = await authorEntries(ctx, board, authorId);
  if (!shown) {
    const said = {
      key: 'web.detail.noEntries',
      vars: { author: authorId, board: board.id },
    } as const;
    throw new TallyError('not_found', `${authorId} has no entries on ${board.id}`, { said });
  }
  const { links } = deps;
  const { live, archived, settings } = shown;
  const minVotes = settings.minVotes;
  const count = live.length + archived.length;
  const sections: Html[] = [];
  if (live.length > 0) {
    const grid = galleryGrid(board, live, minVotes, links, { byline: false, lang });
    sections.push(`<h2>${escapeHtml(t(lang, 'web.contest.inContest'))}</h2>\n${grid}`);
  }
  if (archived.length > 0) {
    const rounds = new Map(archived.map((a) => [a.entry.pk, seasonTitle(a.season, lang)]));
    const grid = galleryGrid(
      board,
      archived.map((a) => a.entry),
      minVotes,
      links,
      { byline: false, round: (e) => rounds.get(e.pk) ?? null, lang },
    );
    sections.push(`<h2>${escapeHtml(t(lang, 'web.contest.pastRounds'))}</h2>\n${grid}`);
  }
  const title = `${shown.name} — ${boardName(board)}`;
  const entries = (where: string) => t(lang, 'web.contest.entriesOn', { count, board: where });
  return documentHtml(
    title,
    `${top}
<h1>${bdi(shown.name)}</h1>
<p class="meta">${entries(bdi(boardName(board)))}</p>
${sections.join('\n')}`,
    {
      title,
      description: entries(boardName(board)),
      url: links.playerUrl(board, authorId),
      image: null,
    },
    '',
    frame,
  );
}
