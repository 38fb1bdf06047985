import type { Board } from '../../entities/board';
import { showsPodium } from '../domain/board-display';
import { seasonTitle, type Season } from '../domain/season';
import type { CardData } from '../render/types';
import type { SeasonLink } from './boards';
import type { PageDeps } from './deps';
import { t, type Language } from '../domain/i18n';
import {
  boardName,
  link,
  PICTURE_SIZE,
  shareImage,
  type Html,
  type PageFrame,
  type Preview,
} from './html';
import { CARD_ROWS, topThreeText, type Picture } from './pictures';
import { podium, standingsTable, type StandingRow } from './standings-view';

/** What the current standings and a season's archive share: the frame, the table, the preview. */
export interface BoardView {
  board: Board;
  deps: PageDeps;
  /** An explicit ?limit=, kept from page to page. */
  keepLimit: number | undefined;
  crumbs: Html;
  seasons: SeasonLink[];
  /** The page's language and its switch (locale.ts pageFrame). */
  frame: PageFrame;
}

export function pager(first: string | null, next: string | null, lang: Language = 'en'): Html {
  const parts = [
    first === null ? '' : link(first, t(lang, 'web.page.firstPage')),
    next === null ? '' : link(next, t(lang, 'web.page.nextPage'), ' rel="next"'),
  ].join('');
  return parts ? `<nav class="pages">${parts}</nav>` : '';
}

/**
 * The table, under a podium on the first page (`top`: the board's top rows, else null) of a board
 * that shows medals (domain/board-display.ts).
 */
export function standingsHtml(
  view: BoardView,
  rows: StandingRow[],
  top: StandingRow[] | null,
  empty: string,
) {
  if (rows.length === 0) return `<p class="empty">${empty}</p>`;
  const { board, deps } = view;
  const lang = view.frame.lang;
  const stand = top && showsPodium(board) ? podium(board, top, deps.links, lang) : '';
  return `${stand}\n${standingsTable(board, rows, deps.links, lang)}`;
}

/** The page's own rows when they hold the top of the board, else a read of it. */
export async function topOf(
  rows: StandingRow[],
  more: boolean,
  read: () => Promise<StandingRow[]>,
) {
  return rows.length >= CARD_ROWS || !more ? rows.slice(0, CARD_ROWS) : read();
}

export function preview(view: BoardView, card: Picture<CardData> | null, season?: Season): Preview {
  const shown = card && { version: card.version, description: topThreeText(card.data) };
  return picturePreview(view, shown, season);
}

/** The preview of a board page whose card is `picture` (its version and what it shows in words). */
export function picturePreview(
  view: BoardView,
  picture: { version: string; description: string } | null,
  season?: Season,
): Preview {
  const { board, deps } = view;
  const lang = view.frame.lang;
  const name = boardName(board);
  const n = season?.number;
  const top =
    board.type === 'Rating'
      ? t(lang, 'web.board.topEntries')
      : t(lang, 'web.board.topRows', { n: CARD_ROWS });
  return {
    title: season ? `${name} — ${seasonTitle(season, lang)}` : name,
    description: picture ? picture.description : t(lang, `web.board.kind.${board.type}`),
    url: deps.links.boardUrl(board, { season: n }),
    image: shareImage(
      board,
      picture && deps.renderer
        ? deps.links.cardUrl(board, { season: n, v: picture.version })
        : null,
    ),
    imageAlt: `${season ? `${name}, ${seasonTitle(season, lang)}` : name}: ${top}`,
    imageSize: PICTURE_SIZE.card,
  };
}
