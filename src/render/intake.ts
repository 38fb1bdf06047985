import { createHash } from 'node:crypto';
import type { Metadata, Sharp } from 'sharp';

/**
 * A contest entry's image as Tally keeps it (README "Contests"): checked by its bytes, decoded
 * under a pixel ceiling (a 50 KB PNG can claim 50 000 × 50 000 pixels), turned upright by its
 * EXIF orientation, re-encoded to WebP at most 1920 px on its longer side, and with a thumbnail.
 * Re-encoding keeps no metadata: EXIF (a phone photo's location), XMP, ICC and comments are gone.
 */

/** Discord's own upload limit for members without Nitro; larger files are refused unread. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: any camera photo, not a decompression bomb. */
export const MAX_PIXELS = 40_000_000;
export const FULL_SIZE = 1920;
export const THUMB_SIZE = 480;

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** Why an upload is not kept; the caller words it for the member. */
export class ImageRefused extends Error {
  constructor(
    readonly reason: 'not_an_image' | 'too_large' | 'too_many_pixels' | 'unreadable',
    detail: string,
  ) {
    super(detail);
    this.name = 'ImageRefused';
  }
}

/** One stored picture: WebP bytes, named by their SHA-256. */
export interface StoredImage {
  hash: string;
  bytes: Buffer;
  width: number;
  height: number;
}

export interface IntakeResult {
  full: StoredImage;
  thumb: StoredImage;
  /** What the upload was, by its bytes. */
  source: ImageFormat;
}

/** The format a file's first bytes say it is; null for anything else (HTML, a PDF, an SVG). */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  const at = (offset: number, ...values: number[]) =>
    values.every((v, i) => bytes[offset + i] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (at(4, 0x37, 0x61) || at(4, 0x39, 0x61))) return 'gif';
  return null;
}

const stored = async (pipeline: Sharp): Promise<StoredImage> => {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return {
    hash: createHash('sha256').update(data).digest('hex'),
    bytes: data,
    width: info.width,
    height: info.height,
  };
};

/** Checks and re-encodes an upload; throws ImageRefused with what was wrong. */
export async function intakeImage(bytes: Uint8Array): Promise<IntakeResult> {
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new ImageRefused('too_large', `the file is over ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  }
  const source = sniffImage(bytes);
  if (!source) throw new ImageRefused('not_an_image', 'the file is not a PNG, JPEG, WebP or GIF');
  // Loaded on first use: libvips costs every CLI command ~100 ms to load, and few need it.
  const { default: sharp } = await import('sharp');
  const input = () =>
    sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false });
  let meta: Metadata;
  try {
    // The header only (nothing is decoded yet), so a claimed size can be refused by its number.
    meta = await sharp(bytes, { limitInputPixels: false, animated: false }).metadata();
  } catch {
    throw new ImageRefused('unreadable', `the ${source.toUpperCase()} file could not be read`);
  }
  if (meta.format !== source || !meta.width || !meta.height) {
    throw new ImageRefused('unreadable', `the ${source.toUpperCase()} file could not be read`);
  }
  if (meta.width * meta.height > MAX_PIXELS) {
    throw new ImageRefused(
      'too_many_pixels',
      `the image is ${meta.width} × ${meta.height} pixels; at most ${MAX_PIXELS / 1_000_000} megapixels are taken`,
    );
  }
  try {
    const upright = () => input().rotate();
    const size = (px: number) => ({ width: px, height: px, fit: 'inside' as const });
    const [full, thumb] = await Promise.all([
      stored(
        upright()
          .resize({ ...size(FULL_SIZE), withoutEnlargement: true })
          .webp({ quality: 85 }),
      ),
      stored(
        upright()
          .resize({ ...size(THUMB_SIZE), withoutEnlargement: true })
          .webp({ quality: 78 }),
      ),
    ]);
    return { full, thumb, source };
  } catch {
    throw new ImageRefused('unreadable', `the ${source.toUpperCase()} file could not be decoded`);
  }
}
