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
import { bdi, boardName, documentHtml, escapeHtml, type Html } from './html';
import { liveClaim, liveScript, liveStreamPath } from './live';
import { t, type Language } from '../domain/i18n';
import type { Picture } from './pictures';

/**
 * A Rating board's page is its contest's gallery (README "Contests"): the live entries by their
 * damped score, thumbnails in a grid, the unranked after them; or, with ?season=N, the entries
 * an ended round archived, by final rank. Paged by offset (?from=), as an archive is.
 */

type Page = { limit: number; from: number };

const entriesText = (n: number, lang: Language) => t(lang, 'web.index.entries', { count: n });

function galleryBody(
  view: BoardView,
  entries: Entry[],
  minVotes: number,
  page: Page,
  at: (from: number) => string,
  empty: string,
): Html {
  const { board, deps } = view;
  const lang = view.frame.lang;
  const shown = entries.slice(page.from, page.from + page.limit);
  if (shown.length === 0) {
    const none = page.from === 0 ? empty : t(lang, 'web.page.noMoreEntries');
    return `<p class="empty">${escapeHtml(none)}</p>`;
  }
  const more = page.from + page.limit < entries.length;
  const next = more ? at(page.from + page.limit) : null;
  const nav = pager(page.from === 0 ? null : at(0), next, lang);
  const gallery = rankedGallery(board, shown, minVotes, deps.links, page.from, { lang });
  return `${gallery}\n${nav}`;
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
  const { board, deps, frame } = view;
  const lang = frame.lang;
  const { settings, entries } = await contestStandings(ctx, board);
  const card = await contestCard(ctx, board, entries);
  const at = (from: number) =>
    deps.links.board(board, { from: from > 0 ? from : undefined, limit: view.keepLimit });
  const meta = [
    escapeHtml(t(lang, `web.board.kind.${board.type}`)),
    escapeHtml(t(lang, 'web.contest.kind')),
    escapeHtml(entriesText(entries.length, lang)),
    liveClaim(liveStreamPath(deps.links, board), lang),
  ];
  return documentHtml(
    boardName(board),
    `${view.crumbs}
<h1>${bdi(boardName(board))}</h1>
<p class="meta">${meta.join(' · ')}</p>
<p class="periods">${escapeHtml(periodsText(settings, ctx.now(), lang))}</p>
${seasonsNav(view.seasons, null, lang)}
${galleryBody(view, entries, settings.minVotes, page, at, t(lang, 'web.contest.none'))}
${liveScript()}`,
    cardPreview(view, card),
    '',
    frame,
  );
}

/** An ended round: the entries it archived, by final rank, with the standing each ended with. */
export async function contestArchiveHtml(
  ctx: Context,
  view: BoardView,
  season: Season,
  page: Page,
): Promise<Html> {
  const { board, deps, frame } = view;
  const lang = frame.lang;
  const { entries, settings } = await contestArchive(ctx, board, season);
  const card = await contestSeasonCard(ctx, board, season, entries);
  const at = (from: number) =>
    deps.links.board(board, {
      season: season.number,
      from: from > 0 ? from : undefined,
      limit: view.keepLimit,
    });
  return documentHtml(
    `${boardName(board)} — ${seasonTitle(season, lang)}`,
    `${view.crumbs}
<h1>${bdi(boardName(board))}</h1>
<p class="meta">${bdi(seasonTitle(season, lang))} · ${escapeHtml(t(lang, 'web.season.final'))} · ${escapeHtml(entriesText(entries.length, lang))} · ${utcDay(season.startedAt, lang)} – ${utcDay(season.endedAt!, lang)}</p>
${seasonsNav(view.seasons, season.number, lang)}
${galleryBody(view, entries, settings.minVotes, page, at, t(lang, 'web.contest.noneThisRound'))}`,
    cardPreview(view, card, season),
    '',
    frame,
  );
}
