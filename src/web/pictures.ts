import type { Board } from '../../entities/board';
import { boardTypeName, valueName } from '../domain/display';
import { SOURCE_LANGUAGE, t, type Language } from '../domain/i18n';
import { pictureLanguage } from '../domain/picture-words';
import { seasonTitle, type Season } from '../domain/season';
import type { Context } from '../pipeline/context';
import { profileChart, type Profile } from '../pipeline/profile';
import { boardSummary } from '../pipeline/public-reads';
import { seasonStandingsPage } from '../pipeline/season-reads';
import { standingsPage } from '../pipeline/standings';
import type { CardData, ChartData } from '../render/types';
import { cardAvatar, pictured } from './avatar';
import { boardName, isMatchBoard, valueText } from './html';
import { digest } from './respond';
import { recordText, rowOfArchive, rowOfEntry, type StandingRow } from './standings-view';

/**
 * What the pictures show, as plain data (src/render/types.ts), and its version: a hash of that
 * data. The version names the picture: it is the renderer's cache key, the picture's ETag and
 * the ?v= of the og:image link, so a picture is rendered once per content and a link shared
 * after the standings moved unfurls afresh. It changes exactly when the picture would, including
 * a player's new name, which no history row records.
 */
export interface Picture<T> {
  data: T;
  version: string;
}

export const CARD_ROWS = 10;

export const versioned = <T>(data: T): Picture<T> => ({
  data,
  version: digest(JSON.stringify(data)),
});

function cardOf(
  board: Board,
  rows: StandingRow[],
  language: Language,
  subtitle: string,
  footer?: string,
): Picture<CardData> {
  return versioned({
    ...pictureLanguage(language),
    title: boardName(board),
    subtitle,
    ...(footer === undefined ? {} : { footer }),
    rows: rows.slice(0, CARD_ROWS).map((r) => ({
      rank: r.rank,
      name: r.player.name || r.player.id,
      value: valueText(board, r.value, language),
      ...(isMatchBoard(board) ? { record: recordText(r) } : {}),
      avatar: cardAvatar(r.player),
    })),
  });
}

/** The top of the current standings (as many rows as a card shows). */
export async function boardTop(ctx: Context, board: Board): Promise<StandingRow[]> {
  const page = await standingsPage(ctx, board, { limit: CARD_ROWS });
  return page.entries.map((e) => rowOfEntry(board, e));
}

/** The top of an ended season's final standings. */
export async function seasonTop(ctx: Context, season: Season): Promise<StandingRow[]> {
  const archive = await seasonStandingsPage(ctx, season, { from: 0, limit: CARD_ROWS });
  return archive.rows.map(rowOfArchive);
}

/**
 * The current standings' card in a language (English by default: a shared link's unfurl).
 * `top`: the top of the board when the caller has read it already (the board page's first
 * page), so the page costs no second read.
 */
export async function boardCard(
  ctx: Context,
  board: Board,
  top?: StandingRow[],
  language: Language = SOURCE_LANGUAGE,
): Promise<Picture<CardData>> {
  const rows = await pictured(ctx, board.ownerId, top ?? (await boardTop(ctx, board)));
  const { season, players: counted } = await boardSummary(ctx, board);
  const players = counted ?? 0; // a card is of standings: never a Rating board's
  const type = typeShown(board, language);
  const subtitle = season ? `${type} · ${seasonTitle(season, language)}` : type;
  return cardOf(board, rows, language, subtitle, playersText(players, language));
}

/** `1,200 players` under a card, grouped as the language groups a number. */
const playersText = (players: number, language: Language) =>
  t(language, 'pictures.card.players', { count: players });

/** A board's type in a card's subtitle, as the language names it (`League`, German `Liga`). */
export const typeShown = (board: Pick<Board, 'type'>, language: Language) =>
  boardTypeName(board.type, language);

/** An ended season's card: its final standings (they never change). */
export async function seasonCard(
  ctx: Context,
  board: Board,
  season: Season,
  top?: StandingRow[],
  language: Language = SOURCE_LANGUAGE,
): Promise<Picture<CardData>> {
  const rows = await pictured(ctx, board.ownerId, top ?? (await seasonTop(ctx, season)));
  const final = t(language, 'pictures.card.finalStandings');
  const subtitle = `${typeShown(board, language)} · ${seasonTitle(season, language)} · ${final}`;
  return cardOf(board, rows, language, subtitle);
}

/** A player's value over time in a language, or null when there is nothing to draw. */
export function playerChart(
  profile: Profile,
  language: Language = SOURCE_LANGUAGE,
): Picture<ChartData> | null {
  const chart = profileChart(profile);
  if (chart.points.length === 0) return null;
  return versioned({
    ...chart,
    ...pictureLanguage(language),
    valueLabel: valueName(profile.board.type, language),
  });
}

/** "Top 3: Ann (1032) · Cy (1032) · Bo (984)": what a shared link's preview says. */
export function topThreeText(card: CardData): string {
  const top = card.rows.slice(0, 3).map((r) => `${r.name} (${r.value})`);
  return top.length > 0
    ? `Top ${top.length}: ${top.join(' · ')}`
    : t(card.language, 'pictures.card.noEntries');
}
