import type { Response } from 'express';
import { utcDay } from '../domain/display';
import { TallyError, toldIn } from '../domain/errors';
import { seasonTitle, type Season } from '../domain/season';
import type { Context } from '../pipeline/context';
import { seasonStandingsPage } from '../pipeline/season-reads';
import { seasonOf } from '../pipeline/seasons';
import { t } from '../domain/i18n';
import { seasonsNav } from './boards';
import { contestArchiveHtml } from './contest-page';
import { pager, preview, standingsHtml, topOf, type BoardView } from './board-view';
import { errorHtml } from './error-page';
import { bdi, boardName, documentHtml, type Html } from './html';
import { seasonCard, seasonTop } from './pictures';
import { sendPlainHtml } from './respond';
import { rowOfArchive, type StandingRow } from './standings-view';

/**
 * An ended season's final standings (?season=N on the board page): the archive, paged by offset
 * (it never changes), with its own podium and card; on a Rating board, the entries the contest
 * round ended with (contest-page.ts).
 */
export async function seasonHtml(
  ctx: Context,
  view: BoardView,
  number: number,
  page: { limit: number; from: number },
  res: Response,
): Promise<Html | null> {
  const season = await endedSeason(ctx, view, number, res);
  if (!season) return null;
  if (view.board.type === 'Rating') return contestArchiveHtml(ctx, view, season, page);
  const archive = await seasonStandingsPage(ctx, season, page);
  return archiveHtml(ctx, view, archive.season, archive.rows.map(rowOfArchive), archive.more, page);
}

/** The season, or a 404 page that says why there is none (still running, or never was). */
async function endedSeason(ctx: Context, view: BoardView, n: number, res: Response) {
  const { board } = view;
  try {
    return await seasonOf(ctx, board, n);
  } catch (err) {
    if (!(err instanceof TallyError && err.code === 'not_found')) throw err;
    const lang = view.frame.lang;
    const back = { href: view.deps.links.board(board), label: t(lang, 'web.season.current') };
    const title = t(lang, 'web.errors.notFound.Season');
    // The reason in the page's language: the error's own words when it has them for it.
    const text =
      lang === 'en' || err.said
        ? `${toldIn(err, lang)}.`
        : t(lang, 'web.season.missing', { number: n });
    sendPlainHtml(res, 404, errorHtml(title, text, back, view.frame));
    return null;
  }
}

async function archiveHtml(
  ctx: Context,
  view: BoardView,
  season: Season,
  shown: StandingRow[],
  more: boolean,
  page: { limit: number; from: number },
): Promise<Html> {
  const { board, deps, frame } = view;
  const lang = frame.lang;
  const first = page.from === 0;
  const top = first ? await topOf(shown, more, () => seasonTop(ctx, season)) : null;
  const card = await seasonCard(ctx, board, season, top ?? undefined);
  const at = (from: number) =>
    deps.links.board(board, {
      season: season.number,
      from: from > 0 ? from : undefined,
      limit: view.keepLimit,
    });
  const nav = pager(first ? null : at(0), more ? at(page.from + page.limit) : null, lang);
  const empty = t(lang, first ? 'web.season.nobody' : 'web.page.noMoreEntries');
  const dates = `${utcDay(season.startedAt, lang)} – ${utcDay(season.endedAt!, lang)}`;
  return documentHtml(
    `${boardName(board)} — ${seasonTitle(season, lang)}`,
    `${view.crumbs}
<h1>${bdi(boardName(board))}</h1>
<p class="meta">${bdi(seasonTitle(season, lang))} · ${t(lang, 'web.season.final')} · ${dates}</p>
${seasonsNav(view.seasons, season.number, lang)}
${standingsHtml(view, shown, top, empty)}
${nav}`,
    preview(view, card, season),
    '',
    frame,
  );
}
