import type { Board } from '../../entities/board';
import { twoDecimals, voteCount } from '../domain/display';
import { SOURCE_LANGUAGE, t, type Language } from '../domain/i18n';
import { pictureLanguage } from '../domain/picture-words';
import { seasonTitle, type Season } from '../domain/season';
import { contestArchive, contestStandings, storedImage } from '../pipeline/contest-pages';
import type { Context } from '../pipeline/context';
import { runningSeason } from '../pipeline/season-reads';
import type { GalleryCardData } from '../render/types';
import { placeText, type Entry } from './contest-view';
import { boardName } from './html';
import { typeShown, versioned, type Picture } from './pictures';

/**
 * A contest's card (a Rating board's og:image): its top entries' thumbnails side by side with
 * their places and titles. The picture's data names each thumbnail by its hash, so its version
 * (pictures.ts) changes when an entry, its place or its picture does; the bytes are read only
 * when the card is drawn.
 */

export const GALLERY_TILES = 4;

export interface GallerySpec extends Omit<GalleryCardData, 'tiles'> {
  tiles: (Omit<GalleryCardData['tiles'][number], 'image'> & { thumbHash: string })[];
}

function specOf(
  board: Board,
  entries: readonly Entry[],
  subtitle: string,
  language: Language,
): GallerySpec {
  return {
    ...pictureLanguage(language),
    title: boardName(board),
    subtitle,
    footer: t(language, 'pictures.card.entries', { count: entries.length }),
    tiles: entries.slice(0, GALLERY_TILES).map((e) => ({
      place: e.rank === null ? t(language, 'pictures.card.unranked') : placeText(e),
      title: e.title,
      author: e.authorName,
      value: e.rank === null ? voteCount(e.votes, language) : twoDecimals(e.score, language),
      thumbHash: e.thumbHash,
    })),
  };
}

/** The live contest's card; `entries`: its ranking when the caller has read it already. */
export async function contestCard(
  ctx: Context,
  board: Board,
  entries?: readonly Entry[],
  language: Language = SOURCE_LANGUAGE,
): Promise<Picture<GallerySpec>> {
  const ranked = entries ?? (await contestStandings(ctx, board)).entries;
  const season = await runningSeason(ctx, board);
  const type = typeShown(board, language);
  const subtitle = season
    ? `${type} · ${seasonTitle(season, language)}`
    : `${type} · ${t(language, 'pictures.card.contest')}`;
  return versioned(specOf(board, ranked, subtitle, language));
}

/** An ended round's card: its entries by final rank (they never change). */
export async function contestSeasonCard(
  ctx: Context,
  board: Board,
  season: Season,
  entries?: readonly Entry[],
  language: Language = SOURCE_LANGUAGE,
): Promise<Picture<GallerySpec>> {
  const ranked = entries ?? (await contestArchive(ctx, board, season)).entries;
  const final = t(language, 'pictures.card.finalStandings');
  const subtitle = `${typeShown(board, language)} · ${seasonTitle(season, language)} · ${final}`;
  return versioned(specOf(board, ranked, subtitle, language));
}

/** The card's data with its thumbnails' bytes (one gone since is drawn as an empty frame). */
export async function galleryData(ctx: Context, spec: GallerySpec): Promise<GalleryCardData> {
  const tiles = await Promise.all(
    spec.tiles.map(async ({ thumbHash, ...tile }) => ({
      ...tile,
      image: (await storedImage(ctx, thumbHash))?.data ?? null,
    })),
  );
  return { ...spec, tiles };
}

/** "Top 3: Dusk by Ann (8.43) · …": what a shared link's preview says, in the card's language. */
export function topEntriesText(spec: GallerySpec): string {
  const top = spec.tiles.slice(0, 3).map((e) =>
    t(spec.language, 'pictures.card.entryBy', {
      title: e.title,
      author: e.author,
      value: e.value,
    }),
  );
  return top.length > 0
    ? `Top ${top.length}: ${top.join(' · ')}`
    : t(spec.language, 'pictures.card.noEntries');
}
