import { utcDay } from '../domain/display';
import { seasonTitle, type Season } from '../domain/season';
import { contestArchive, contestStandings } from '../pipeline/contest-pages';
import type { Context } from '../pipeline/context';
import { seasonsNav } from './boards';
import { pager, picturePreview, type BoardView } from './board-view';
import {
  contestCard,
  contestSeasonCard,
  topEntriesText,
  type GallerySpec,
} from './contest-pictures';
import { periodsText, rankedGallery, type Entry } from './contest-view';
import { bdi, boardName, documentHtml, escapeHtml, grouped, type Html } from './html';
import { liveClaim, liveScript, liveStreamPath } from './live';
import type { Picture } from './pictures';

/**
 * A Rating board's page is its contest's gallery (README "Contests"): the live entries by their
 * damped score, thumbnails in a grid, the unranked after them; or, with ?season=N, the entries
 * an ended round archived, by final rank. Paged by offset (?from=), as an archive is.
 */

type Page = { limit: number; from: number };

const entriesText = (n: number) => `${grouped(n)} ${n === 1 ? 'entry' : 'entries'}`;

function galleryBody(
  view: BoardView,
  entries: Entry[],
  minVotes: number,
  page: Page,
  at: (from: number) => string,
  empty: string,
): Html {
  const { board, deps } = view;
  const shown = entries.slice(page.from, page.from + page.limit);
  if (shown.length === 0)
    return `<p class="empty">${escapeHtml(page.from === 0 ? empty : 'No more entries.')}</p>`;
  const more = page.from + page.limit < entries.length;
  const nav = pager(page.from === 0 ? null : at(0), more ? at(page.from + page.limit) : null);
  return `${rankedGallery(board, shown, minVotes, deps.links, page.from)}\n${nav}`;
}

function cardPreview(view: BoardView, card: Picture<GallerySpec>, season?: Season) {
  return picturePreview(
    view,
    { version: card.version, description: topEntriesText(card.data) },
    season,
  );
}

/** The live contest: its periods, then its gallery. */
export async function contestHtml(ctx: Context, view: BoardView, page: Page): Promise<Html> {
  const { board, deps } = view;
  const { settings, entries } = await contestStandings(ctx, board);
  const card = await contestCard(ctx, board, entries);
  const at = (from: number) =>
    deps.links.board(board, { from: from > 0 ? from : undefined, limit: view.keepLimit });
  const meta = [
    `${board.type} board`,
    'image contest',
    entriesText(entries.length),
    liveClaim(liveStreamPath(deps.links, board)),
  ];
  return documentHtml(
    boardName(board),
    `${view.crumbs}
<h1>${bdi(boardName(board))}</h1>
<p class="meta">${meta.join(' · ')}</p>
<p class="periods">${escapeHtml(periodsText(settings, ctx.now()))}</p>
${seasonsNav(view.seasons, null)}
${galleryBody(view, entries, settings.minVotes, page, at, 'No entries yet.')}
${liveScript()}`,
    cardPreview(view, card),
  );
}

/** An ended round: the entries it archived, by final rank, with the standing each ended with. */
export async function contestArchiveHtml(
  ctx: Context,
  view: BoardView,
  season: Season,
  page: Page,
): Promise<Html> {
  const { board, deps } = view;
  const { entries, settings } = await contestArchive(ctx, board, season);
  const card = await contestSeasonCard(ctx, board, season, entries);
  const at = (from: number) =>
    deps.links.board(board, {
      season: season.number,
      from: from > 0 ? from : undefined,
      limit: view.keepLimit,
    });
  return documentHtml(
    `${boardName(board)} — ${seasonTitle(season)}`,
    `${view.crumbs}
<h1>${bdi(boardName(board))}</h1>
<p class="meta">${bdi(seasonTitle(season))} · final standings · ${entriesText(entries.length)} · ${utcDay(season.startedAt)} – ${utcDay(season.endedAt!)}</p>
${seasonsNav(view.seasons, season.number)}
${galleryBody(view, entries, settings.minVotes, page, at, 'No entries this round.')}`,
    cardPreview(view, card, season),
  );
}
