import { CARD, cardFrame, noEntriesYet, type Palette } from './card';
import { div, FaceSet, THEMES, type El } from './elements';
import type { GalleryCardData, GalleryTile } from './types';

/**
 * A contest's card: the leaderboard card's frame (600×315 layout pixels at 2×, the OpenGraph
 * size) with the top entries side by side, each its picture over its place, title, author and
 * score. The pictures come in as JPEG data URIs cut to their frame (gallery-tiles.ts does that
 * with sharp before the job crosses to a render thread), so satori only places them.
 */

export const MAX_TILES = 4;
const PADDING_X = 24;
const GAP = 12;
/** The picture's frame; a tile is as wide as the row allows, up to a near-square frame. */
export const TILE_IMAGE_HEIGHT = 150;
const MAX_TILE_WIDTH = 176;

/** The frame of each picture when `count` tiles share the row (layout pixels). */
export function tileSize(count: number): { width: number; height: number } {
  const n = Math.max(1, Math.min(count, MAX_TILES));
  const row = CARD.width - 2 * PADDING_X;
  return {
    width: Math.min(MAX_TILE_WIDTH, Math.floor((row - GAP * (n - 1)) / n)),
    height: TILE_IMAGE_HEIGHT,
  };
}

/** A tile as the render thread draws it: the picture as a data URI (null: an empty frame). */
export type DrawnTile = Omit<GalleryTile, 'image'> & { src: string | null };
export type DrawnGallery = Omit<GalleryCardData, 'tiles'> & { tiles: DrawnTile[] };

function tileElement(
  t: DrawnTile,
  size: { width: number; height: number },
  faces: FaceSet,
  theme: Palette,
): El {
  const frame = { width: size.width, height: size.height, borderRadius: 8 };
  const picture: El = t.src
    ? { type: 'img', props: { src: t.src, ...size, style: { ...frame, objectFit: 'cover' } } }
    : div({ ...frame, backgroundColor: theme.row });
  const ranked = t.place.startsWith('#');
  return div({ flexDirection: 'column', width: size.width }, [
    picture,
    div({ alignItems: 'baseline', marginTop: 6 }, [
      div({ marginRight: 6, fontWeight: 700, color: ranked ? theme.accent : theme.muted }, t.place),
      faces.text(t.title, { flexGrow: 1, flexBasis: 0, fontWeight: 700 }),
    ]),
    faces.text(t.author, { fontSize: 11, color: theme.muted }),
    div({ fontSize: 11, color: theme.text, fontWeight: 700 }, t.value),
  ]);
}

/** The card as satori elements, and the faces its texts need. */
export function galleryElement(data: DrawnGallery): { element: El; faces: FaceSet } {
  const theme = THEMES[data.theme ?? 'dark'];
  const faces = new FaceSet();
  const tiles = data.tiles.slice(0, MAX_TILES);
  const size = tileSize(tiles.length);
  const body = tiles.length
    ? div(
        { flexGrow: 1, marginTop: 12, justifyContent: 'center', gap: GAP },
        tiles.map((t) => tileElement(t, size, faces, theme)),
      )
    : noEntriesYet(theme, data);
  const element = cardFrame(faces, theme, data, body);
  return { element, faces };
}
