import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

/** A name per script, and the font (subset file id prefix) that must draw its letters. */
export const SCRIPTS = [
  ['Latin', 'Zoë Ångström', 'noto-sans-latin'],
  ['Chinese', '中文名字', 'noto-sans-sc-'],
  ['Japanese', '日本語のなまえ', 'noto-sans-jp-'],
  ['Korean', '한국어 이름', 'noto-sans-kr-'],
  ['Arabic', 'العربية', 'noto-sans-arabic-arabic'],
  ['Cyrillic', 'Кириллица', 'noto-sans-cyrillic'],
] as const;

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Buffer;
}

export const decode = (png: Buffer): Pixels => PNG.sync.read(png);

export const rgb = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

/** Pixels in [x0, x1) × [y0, y1) for which `test(r, g, b)` holds. */
export function count(
  img: Pixels,
  test: (r: number, g: number, b: number) => boolean,
  [x0, y0, x1, y1] = [0, 0, img.width, img.height],
): number {
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * img.width + x) * 4;
      if (test(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!)) n++;
    }
  }
  return n;
}

/** Pixels that are not the background colour (anti-aliasing tolerated). */
export const ink = (img: Pixels, bg: string, box?: [number, number, number, number]) => {
  const [br, bgG, bb] = rgb(bg);
  return count(img, (r, g, b) => Math.abs(r - br) + Math.abs(g - bgG) + Math.abs(b - bb) > 48, box);
};

/** Pixels that differ between two pictures of the same size, within rows [y0, y1). */
export function differing(a: Pixels, b: Pixels, y0 = 0, y1 = a.height): number {
  let n = 0;
  for (let i = y0 * a.width * 4; i < y1 * a.width * 4; i += 4) {
    if (Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) > 48) n++;
  }
  return n;
}

/** With RENDER_SCREENSHOT_DIR set, keeps the PNG there to look at. */
export function keep(name: string, png: Buffer): void {
  const dir = process.env.RENDER_SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.png`), png);
}
