import type { Board } from '../../entities/board';
import { shownScore } from '../domain/contest';
import { voteCount } from '../domain/display';
import { seasonTitle, type Season } from '../domain/season';
import { contestArchive, contestStandings, storedImage } from '../pipeline/contest-pages';
import type { Context } from '../pipeline/context';
import { runningSeason } from '../pipeline/season-reads';
import type { GalleryCardData } from '../render/types';
import { placeText, type Entry } from './contest-view';
import { boardName, grouped } from './html';
import { versioned, type Picture } from './pictures';

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

function specOf(board: Board, entries: readonly Entry[], subtitle: string): GallerySpec {
  const n = entries.length;
  return {
    title: boardName(board),
    subtitle,
    footer: `${grouped(n)} ${n === 1 ? 'entry' : 'entries'}`,
    tiles: entries.slice(0, GALLERY_TILES).map((e) => ({
      place: placeText(e),
      title: e.title,
      author: e.authorName,
      value: e.rank === null ? voteCount(e.votes) : shownScore(e.score),
      thumbHash: e.thumbHash,
    })),
  };
}

/** The live contest's card; `entries`: its ranking when the caller has read it already. */
export async function contestCard(
  ctx: Context,
  board: Board,
  entries?: readonly Entry[],
): Promise<Picture<GallerySpec>> {
  const ranked = entries ?? (await contestStandings(ctx, board)).entries;
  const season = await runningSeason(ctx, board);
  const subtitle = season ? `${board.type} · ${seasonTitle(season)}` : `${board.type} · contest`;
  return versioned(specOf(board, ranked, subtitle));
}

/** An ended round's card: its entries by final rank (they never change). */
export async function contestSeasonCard(
  ctx: Context,
  board: Board,
  season: Season,
  entries?: readonly Entry[],
): Promise<Picture<GallerySpec>> {
  const ranked = entries ?? (await contestArchive(ctx, board, season)).entries;
  const subtitle = `${board.type} · ${seasonTitle(season)} · final standings`;
  return versioned(specOf(board, ranked, subtitle));
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

/** "Top 3: Dusk by Ann (8.43) · …": what a shared link's preview says. */
export function topEntriesText(spec: GallerySpec): string {
  const top = spec.tiles.slice(0, 3).map((t) => `${t.title} by ${t.author} (${t.value})`);
  return top.length > 0 ? `Top ${top.length}: ${top.join(' · ')}` : 'No entries yet';
}
