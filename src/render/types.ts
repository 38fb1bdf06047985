/**
 * What the pictures show (issue 14 item 3): plain values, so the renderer knows nothing of boards
 * or storage, and a worker thread can take them as structured-clone data.
 */

/**
 * A picture in a language (issue 32): the tag Intl writes its dates and numbers in (`de`,
 * `pt-BR`) and the words it draws itself (src/domain/i18n/pictures, handed over by
 * src/domain/picture-words.ts). Both or neither: without them a picture is English. The
 * language is part of every cache key (src/render/index.ts), so a German picture is never the
 * answer to an English request.
 */
export interface InLanguage {
  language?: string;
  words?: PictureWords;
}

/** The texts a picture draws itself, by the catalogue's keys (plurals as `key_one`, …). */
export interface PictureWords {
  card: Readonly<Record<string, string | undefined>> & { readonly noEntries: string };
  chart: Readonly<Record<string, string | undefined>>;
}

/** A leaderboard card: the top of a board (up to 10 rows) with its board and season. */
export interface CardData extends InLanguage {
  /** The board's name. */
  title: string;
  /** e.g. "ELO · Season 3 (Spring)" or "Highscore". */
  subtitle: string;
  rows: CardRow[];
  /** e.g. "12 players · updated 24 Nov 2026"; optional. */
  footer?: string;
  /** The PNG's colours; default dark (most Discord users run dark). Part of the cache key. */
  theme?: 'light' | 'dark';
}

export interface CardRow {
  rank: number;
  /** Any Unicode: Latin, CJK, Arabic, emoji. */
  name: string;
  /** The value as shown to people ("1 534", "12:03.250"). */
  value: string;
  /** e.g. "10-2-3" on match boards; absent on score boards. */
  record?: string;
  /** The player's picture beside the name; absent: none drawn. */
  avatar?: CardAvatar;
}

/** A player's picture on the card (issue 29 item 2). */
export interface CardAvatar {
  /** The picture's address (Discord's CDN, any format sharp reads), fetched when drawn; null: none. */
  url: string | null;
  /** What stands in when there is none or its fetch fails: this letter on this colour. */
  initial: string;
  colour: string;
}

/**
 * A contest's card (a Rating board, README "Contests"): its top entries side by side, each with
 * its thumbnail, place and title, on the leaderboard card's frame.
 */
export interface GalleryCardData extends InLanguage {
  /** The board's name. */
  title: string;
  /** e.g. "Rating · Season 2" or "Rating · Season 1 · final standings". */
  subtitle: string;
  /** Up to four, in rank order. */
  tiles: GalleryTile[];
  /** e.g. "12 entries · voting open"; optional. */
  footer?: string;
  theme?: 'light' | 'dark';
}

export interface GalleryTile {
  /** "#1", or "unranked". */
  place: string;
  title: string;
  author: string;
  /** The shown score ("8.43"), or the vote count of an unranked entry. */
  value: string;
  /** The stored thumbnail (WebP, src/render/intake.ts); null draws an empty frame. */
  image: Uint8Array | null;
}

/** A history chart: one participant's value over time. */
export interface ChartData extends InLanguage {
  /** e.g. "Robin Hale · Ladder". */
  title: string;
  /** What the y axis is ("rating", "points", "score", "time"). */
  valueLabel: string;
  /** In time order; may be a single point; never empty when rendered. */
  points: ChartPoint[];
  /** The value before the first point (a rating before the first match), if there was one. */
  start?: number;
  /** How a value reads on the axis (a time board shows 1:02.500, not 62500). Default: grouped integer. */
  format?: 'integer' | 'time';
  /** The PNG's colours; default dark. chartSvg takes its theme as an option instead. */
  theme?: 'light' | 'dark';
}

export interface ChartPoint {
  /** Milliseconds since the epoch (structured-clone friendly). */
  at: number;
  value: number;
}

/** Renders pictures as PNG, cached by the caller's key (src/render/index.ts createRenderer). */
export interface Renderer {
  card(key: string, data: CardData): Promise<Buffer>;
  chart(key: string, data: ChartData): Promise<Buffer>;
  close(): Promise<void>;
}
