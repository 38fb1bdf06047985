import type { RequestHandler } from 'express';
import type { Board } from '../../entities/board';
import { capitalized, entryStanding, periodLine } from '../domain/display';
import { t, type Language } from '../domain/i18n';
import { pageFrame } from './locale';
import { seasonTitle } from '../domain/season';
import { contestEntryPage, type ContestEntryPage } from '../pipeline/contest-pages';
import type { Context } from '../pipeline/context';
import { crumbs, playerLink, publicBoard, sendBoardPage } from './boards';
import { placeText, votesChart } from './contest-view';
import type { PageDeps } from './deps';
import { about, errorHtml } from './error-page';
import {
  bdi,
  boardName,
  documentHtml,
  escapeHtml,
  link,
  shareImage,
  timeTag,
  type Html,
  type PageFrame,
} from './html';
import { MAX_AGE, sendPlainHtml } from './respond';

/** An entry's number in its address: a whole number; anything else names no entry. */
const ENTRY_PK = /^[1-9]\d{0,14}$/;

/**
 * A contest entry's page (GET /boards/{owner}/{board}/entries/{entry}): the picture at full
 * size, its title and author, where it stands and how its votes spread over 1–10. A live entry
 * or one an ended round archived; any other (pending, withdrawn, removed, declined, another
 * board's, or none) is the same 404, with the way back to the gallery.
 */
export function entryPage(ctx: Context, deps: PageDeps): RequestHandler {
  return async (req, res) => {
    const board = await publicBoard(
      ctx,
      res,
      String(req.params.ownerId),
      String(req.params.boardId),
    );
    about(res, 'Entry');
    const raw = String(req.params.entryPk);
    const page =
      board.type === 'Rating' && ENTRY_PK.test(raw)
        ? await contestEntryPage(ctx, board, Number(raw))
        : null;
    const frame = pageFrame(req);
    const lang = frame.lang;
    if (!page) {
      const back = { href: deps.links.board(board), label: t(lang, 'web.contest.allEntries') };
      const text = `${t(lang, 'web.errors.missing.Entry')}.`;
      sendPlainHtml(res, 404, errorHtml(t(lang, 'web.errors.notFound.Entry'), text, back, frame));
      return;
    }
    const top = await crumbs(ctx, board, deps.links, true, lang);
    const html = entryHtml(board, page, top, deps, ctx.now(), frame);
    sendBoardPage(req, res, board, html, page.season ? MAX_AGE.archive : MAX_AGE.live);
  };
}

/** "#3 · 8.43 · avg 8.70 · 23 votes"; an archived entry's names its round. */
function standingLine({ entry, season, settings }: ContestEntryPage, lang: Language): Html {
  const standing = escapeHtml(entryStanding(entry, settings.minVotes, lang));
  const place = `<strong>${escapeHtml(placeText(entry, lang))}</strong>`;
  if (!season) return entry.rank === null ? standing : `${place} · ${standing}`;
  const round = bdi(seasonTitle(season, lang));
  return entry.rank === null
    ? `${standing} · ${t(lang, 'web.contest.endedWith', { round })}`
    : `${t(lang, 'web.contest.placeIn', { place, round })} · ${standing}`;
}

function entryHtml(
  board: Board,
  page: ContestEntryPage,
  top: Html,
  deps: PageDeps,
  now: Date,
  frame: PageFrame,
) {
  const { links } = deps;
  const lang = frame.lang;
  const { entry, season } = page;
  const author = { id: entry.authorId, name: entry.authorName };
  const full = links.image(entry.imageHash);
  const voting = season
    ? t(lang, 'web.contest.votingEnded', { round: bdi(seasonTitle(season, lang)) })
    : `${escapeHtml(capitalized(periodLine('voting', page.settings.votingUntil, now, lang)))}.`;
  const back = season
    ? link(
        links.board(board, { season: season.number }),
        t(lang, 'web.contest.allEntriesOf', { round: bdi(seasonTitle(season, lang)) }),
      )
    : link(links.board(board), escapeHtml(t(lang, 'web.contest.allEntries')));
  const title = `${entry.title} — ${boardName(board)}`;
  const by = t(lang, 'web.contest.by', { author: playerLink(links, board, author) });
  const entered = t(lang, 'web.contest.entered', { when: timeTag(entry.createdAt, lang) });
  const standing = entryStanding(entry, page.settings.minVotes, lang);
  return documentHtml(
    title,
    `${top}
<h1>${bdi(entry.title)}</h1>
<p class="meta">${by} · ${entered}</p>
<figure class="artwork">${link(full, `<img src="${escapeHtml(full)}" width="${entry.width}" height="${entry.height}" alt="${escapeHtml(entry.title)}">`)}</figure>
<p class="standing-line">${standingLine(page, lang)}</p>
<h2>${escapeHtml(t(lang, 'web.contest.votes'))}</h2>
${votesChart(page.distribution, lang)}
<p class="note">${voting}</p>
<nav class="pages">${back}</nav>`,
    {
      title,
      description: `${t(lang, 'web.contest.by', { author: entry.authorName })} · ${standing}`,
      url: links.entryUrl(board, entry.pk),
      image: shareImage(board, links.imageUrl(entry.imageHash)),
      imageType: 'image/webp',
      imageAlt: entry.title,
      imageSize: { width: entry.width, height: entry.height },
    },
    '',
    frame,
  );
}
