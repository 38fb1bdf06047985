import type sharpModule from 'sharp';
import { CARD } from './card';
import { tileSize, MAX_TILES, type DrawnGallery } from './gallery-card';
import type { GalleryCardData } from './types';

/**
 * The card's pictures cut to their frames at the card's scale, as JPEG data URIs, on the calling
 * thread (sharp works on libuv's pool, off the event loop): the render thread then loads no
 * image codec of its own, and the SVG it draws carries a few tens of KB per picture instead of
 * the stored thumbnails' full size. A picture sharp cannot read is drawn as an empty frame.
 */
export async function drawnGallery(data: GalleryCardData): Promise<DrawnGallery> {
  const tiles = data.tiles.slice(0, MAX_TILES);
  const size = tileSize(tiles.length);
  // Loaded on first use, as intake.ts does: libvips would cost every CLI command's start.
  const { default: sharp } = await import('sharp');
  const drawn = await Promise.all(
    tiles.map(async ({ image, ...tile }) => ({
      ...tile,
      src: image && (await framed(sharp, image, size)),
    })),
  );
  return { ...data, tiles: drawn };
}

async function framed(
  sharp: typeof sharpModule,
  image: Uint8Array,
  size: { width: number; height: number },
): Promise<string | null> {
  try {
    const jpeg = await sharp(image, { limitInputPixels: 4_000_000 })
      .resize(size.width * CARD.scale, size.height * CARD.scale, {
        fit: 'cover',
        position: 'attention',
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return null;
  }
}
