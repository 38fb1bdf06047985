import type { RequestHandler } from 'express';
import type { Board } from '../../entities/board';
import { entryStanding, periodState } from '../domain/display';
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
    if (!page) {
      const back = { href: deps.links.board(board), label: 'All entries' };
      const text = 'This board has no such entry: it may have been withdrawn or removed.';
      sendPlainHtml(res, 404, errorHtml('Entry not found', text, back));
      return;
    }
    const top = await crumbs(ctx, board, deps.links, true);
    const html = entryHtml(board, page, top, deps, ctx.now());
    sendBoardPage(req, res, board, html, page.season ? MAX_AGE.archive : MAX_AGE.live);
  };
}

/** "#3 · 8.43 · avg 8.70 · 23 votes"; an archived entry's names its round. */
function standingLine({ entry, season, settings }: ContestEntryPage): Html {
  const standing = escapeHtml(entryStanding(entry, settings.minVotes));
  if (!season) {
    return entry.rank === null ? standing : `<strong>${placeText(entry)}</strong> · ${standing}`;
  }
  const round = bdi(seasonTitle(season));
  return entry.rank === null
    ? `${standing} · ended with ${round}`
    : `<strong>${placeText(entry)}</strong> in ${round} · ${standing}`;
}

function entryHtml(board: Board, page: ContestEntryPage, top: Html, deps: PageDeps, now: Date) {
  const { links } = deps;
  const { entry, season } = page;
  const author = { id: entry.authorId, name: entry.authorName };
  const full = links.image(entry.imageHash);
  const voting = season
    ? `Voting ended with ${bdi(seasonTitle(season))}.`
    : escapeHtml(`Voting ${periodState(page.settings.votingUntil, now)}.`);
  const back = season
    ? link(
        links.board(board, { season: season.number }),
        `All entries of ${bdi(seasonTitle(season))}`,
      )
    : link(links.board(board), 'All entries');
  const title = `${entry.title} — ${boardName(board)}`;
  return documentHtml(
    title,
    `${top}
<h1>${bdi(entry.title)}</h1>
<p class="meta">by ${playerLink(links, board, author)} · entered ${timeTag(entry.createdAt)}</p>
<figure class="artwork">${link(full, `<img src="${escapeHtml(full)}" width="${entry.width}" height="${entry.height}" alt="${escapeHtml(entry.title)}">`)}</figure>
<p class="standing-line">${standingLine(page)}</p>
<h2>Votes</h2>
${votesChart(page.distribution)}
<p class="note">${voting}</p>
<nav class="pages">${back}</nav>`,
    {
      title,
      description: `by ${entry.authorName} · ${entryStanding(entry, page.settings.minVotes)}`,
      url: links.entryUrl(board, entry.pk),
      image: shareImage(board, links.imageUrl(entry.imageHash)),
      imageType: 'image/webp',
      imageAlt: entry.title,
      imageSize: { width: entry.width, height: entry.height },
    },
  );
}
