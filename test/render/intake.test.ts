import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  FULL_SIZE,
  ImageRefused,
  MAX_UPLOAD_BYTES,
  THUMB_SIZE,
  intakeImage,
  sniffImage,
} from '../../src/render/intake';

/**
 * Contest images as Tally keeps them (src/render/intake.ts): checked by their bytes, decoded under
 * a pixel ceiling, metadata gone, WebP at most 1920 px plus a thumbnail, named by their hash.
 */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } });

async function refusal(bytes: Uint8Array): Promise<ImageRefused> {
  const err = await intakeImage(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageRefused);
  return err as ImageRefused;
}

/** A real 1×1 PNG whose header then claims `width` × `height`: a decompression bomb's shape. */
async function claimingPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await photo(1, 1).png().toBuffer());
  // IHDR: length (4) 'IHDR' (4) width (4) height (4) … CRC over type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('image intake', () => {
  it('GIVEN a photo of 4000 × 3000 THEN it is kept as WebP at most 1920 px and a 480 px thumbnail, named by the SHA-256 of its bytes', async () => {
    const { full, thumb, source } = await intakeImage(await photo(4000, 3000).jpeg().toBuffer());
    expect(source).toBe('jpeg');
    expect([full.width, full.height]).toEqual([FULL_SIZE, 1440]);
    expect([thumb.width, thumb.height]).toEqual([THUMB_SIZE, 360]);
    expect(sniffImage(full.bytes)).toBe('webp');
    expect((await sharp(thumb.bytes).metadata()).format).toBe('webp');
    const { createHash } = await import('node:crypto');
    expect(full.hash).toBe(createHash('sha256').update(full.bytes).digest('hex'));
    expect(full.hash).not.toBe(thumb.hash);
  });

  it('GIVEN a small image THEN it is not enlarged', async () => {
    const { full, thumb } = await intakeImage(await photo(300, 200).png().toBuffer());
    expect([full.width, full.height, thumb.width, thumb.height]).toEqual([300, 200, 300, 200]);
  });

  it('GIVEN a JPEG with an EXIF location and a sideways orientation THEN the WebP is upright and has no EXIF, XMP or ICC at all', async () => {
    const tagged = await photo(400, 200)
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'Phone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .jpeg()
      .toBuffer();
    const before = await sharp(tagged).metadata();
    // Little-endian EXIF: the GPS directory's pointer, tag 0x8825, is in IFD0.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.orientation).toBe(6);
    const { full } = await intakeImage(tagged);
    const after = await sharp(full.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(full.bytes.includes(Buffer.from('Phone'))).toBe(false);
    expect([full.width, full.height]).toEqual([200, 400]); // turned by its orientation
  });

  it('GIVEN PNG, WebP and GIF THEN each is taken; a file is what its bytes say, not its name or type', async () => {
    for (const [bytes, format] of [
      [await photo(10, 10).png().toBuffer(), 'png'],
      [await photo(10, 10).webp().toBuffer(), 'webp'],
      [await photo(10, 10).gif().toBuffer(), 'gif'],
    ] as const) {
      expect((await intakeImage(bytes)).source).toBe(format);
    }
  });

  it('GIVEN a non-image (HTML, an SVG, a PDF, nothing) THEN it is refused as not an image', async () => {
    for (const text of [
      '<html><script>alert(1)</script></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '%PDF-1.7',
      '',
    ]) {
      expect((await refusal(Buffer.from(text))).reason).toBe('not_an_image');
    }
  });

  it('GIVEN a PNG header on broken bytes THEN it is refused as unreadable', async () => {
    const png = await photo(20, 20).png().toBuffer();
    expect((await refusal(png.subarray(0, 40))).reason).toBe('unreadable');
  });

  it('GIVEN a file over 10 MB THEN it is refused unread', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    expect((await refusal(big)).reason).toBe('too_large');
  });

  it('GIVEN a tiny PNG claiming 50 000 × 50 000 pixels THEN it is refused before it is decoded', async () => {
    const bomb = await claimingPng(50_000, 50_000);
    expect(bomb.length).toBeLessThan(200);
    const started = performance.now();
    const err = await refusal(bomb);
    expect(err.reason).toBe('too_many_pixels');
    expect(err.message).toContain('50000 × 50000');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
