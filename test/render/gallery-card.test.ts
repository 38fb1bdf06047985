import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createRenderer, type Renderer } from '../../src/render';
import { CARD } from '../../src/render/card';
import { tileSize } from '../../src/render/gallery-card';
import type { GalleryCardData, GalleryTile } from '../../src/render/types';
import { count, decode, keep, rgb } from './pictures';

/** A stored thumbnail as intake makes it: WebP of one colour. */
const thumb = (colour: string, width = 480, height = 320) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .webp()
    .toBuffer();

const tile = (parts: Partial<GalleryTile>): GalleryTile => ({
  place: '#1',
  title: 'Dawn',
  author: 'Ann',
  value: '8.43',
  image: null,
  ...parts,
});

/** Pixels near `colour` inside the n-th of `of` tiles' picture frames (the card is centred). */
function inFrame(png: Buffer, colour: string, n: number, of: number): number {
  const img = decode(png);
  const { width, height } = tileSize(of);
  const row = of * width + (of - 1) * 12;
  const x0 = (CARD.width - row) / 2 + n * (width + 12);
  const y0 = 16 + 46; // the padding and the title block, roughly: the frame starts below them
  const [r0, g0, b0] = rgb(colour);
  const near = (r: number, g: number, b: number) =>
    Math.abs(r - r0) + Math.abs(g - g0) + Math.abs(b - b0) < 40;
  const box = [x0 + 10, y0 + 20, x0 + width - 10, y0 + height - 10].map((v) => v * CARD.scale);
  return count(img, near, box as [number, number, number, number]);
}

let renderer: Renderer | undefined;
afterEach(() => renderer?.close());

describe("a contest's card", () => {
  it('GIVEN the top entries with their thumbnails THEN a 1200×630 PNG with each picture in its frame, in order', async () => {
    renderer = createRenderer({ threads: 0 });
    const data: GalleryCardData = {
      title: 'Skies 空',
      subtitle: 'Rating · Season 2 “Summer”',
      footer: '4 entries',
      tiles: [
        tile({ image: await thumb('#e01050') }),
        tile({ place: '#2', title: 'Dusk 🌆', image: await thumb('#10a050', 320, 480) }),
        tile({ place: '#3', title: 'مساء', author: '山田太郎', image: await thumb('#2040e0') }),
        tile({ place: 'unranked', title: 'Glow', value: '1 vote' }),
      ],
    };
    const png = await renderer.gallery('gallery:1:v', data);
    keep('gallery-card', png);
    const img = decode(png);
    expect([img.width, img.height]).toEqual([1200, 630]);
    const frame = tileSize(4);
    const area = (frame.width - 20) * (frame.height - 30) * CARD.scale ** 2;
    expect(inFrame(png, '#e01050', 0, 4)).toBeGreaterThan(area * 0.95);
    expect(inFrame(png, '#10a050', 1, 4)).toBeGreaterThan(area * 0.95);
    expect(inFrame(png, '#2040e0', 2, 4)).toBeGreaterThan(area * 0.95);
    expect(inFrame(png, '#e01050', 1, 4)).toBe(0);
  });

  it('GIVEN a picture gone or unreadable THEN its tile is an empty frame and the card is still drawn', async () => {
    renderer = createRenderer({ threads: 0 });
    const png = await renderer.gallery('gallery:2:v', {
      title: 'Skies',
      subtitle: 'Rating · contest',
      tiles: [tile({ image: Buffer.from('not a picture') }), tile({ image: null })],
    });
    expect(decode(png).width).toBe(1200);
  });

  it('GIVEN the same key twice THEN the pictures are cut and drawn once', async () => {
    renderer = createRenderer({ threads: 0 });
    const data = {
      title: 'Skies',
      subtitle: 'Rating',
      tiles: [tile({ image: await thumb('#777777') })],
    };
    const first = await renderer.gallery('gallery:3:v', data);
    expect(await renderer.gallery('gallery:3:v', data)).toBe(first);
    expect(renderer.stats()).toEqual({ renders: 1, hits: 1 });
  });
});
