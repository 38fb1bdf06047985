import { between, type Rng } from '../random';

/**
 * Small builders for the demo's generated pictures: plain SVG text, no fonts and no external
 * references, which the pipeline rasterises (src/pipeline/contest-art.ts).
 */

/** A picture: its size in pixels and its SVG. */
export interface Art {
  width: number;
  height: number;
  svg: string;
}

/**
 * The longest side a picture is drawn at: a phone photo's size as members post it, small enough
 * that intake (a WebP and a thumbnail each) stays quick. The pixel builds' cells stay whole
 * pixels at it (16 → 15, 24 → 24 with 960 ÷ 40).
 */
export const LONGEST_SIDE = 960;

/** Coordinates to one decimal: the SVG stays small and the same on every machine. */
export const n = (x: number) => String(Math.round(x * 10) / 10);

/** A scene drawn in its own units (`width` × `height`), scaled to LONGEST_SIDE. */
export function picture(width: number, height: number, defs: string, body: string): Art {
  const scale = LONGEST_SIDE / Math.max(width, height);
  const [w, h] = [Math.round(width * scale), Math.round(height * scale)];
  return {
    width: w,
    height: h,
    svg:
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${width} ${height}">` +
      `<defs>${defs}</defs>${body}</svg>`,
  };
}

type Stops = readonly (readonly [offset: number, color: string, opacity?: number])[];
const stopsOf = (stops: Stops) =>
  stops
    .map(
      ([at, color, opacity]) =>
        `<stop offset="${at}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
    )
    .join('');

/** A top-to-bottom gradient (or left-to-right, `across`). */
export const linear = (id: string, stops: Stops, across = false) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${across ? 1 : 0}" y2="${across ? 0 : 1}">${stopsOf(stops)}</linearGradient>`;

export const radial = (id: string, stops: Stops, cx = 0.5, cy = 0.5, r = 0.5) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsOf(stops)}</radialGradient>`;

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra}/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;

export const polygon = (points: readonly (readonly [number, number])[], fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"${extra}/>`;

export const path = (d: string, fill: string, extra = '') =>
  `<path d="${d}" fill="${fill}"${extra}/>`;

/**
 * A ridge line across the width by midpoint displacement: `2^depth + 1` heights around `base`,
 * each halving of the interval displacing by half as much (`roughness` scales that).
 */
export function ridge(rng: Rng, base: number, amplitude: number, depth = 6, roughness = 0.55) {
  const count = 2 ** depth;
  const ys = new Array<number>(count + 1).fill(base);
  ys[0] = base + between(rng, -amplitude, amplitude);
  ys[count] = base + between(rng, -amplitude, amplitude);
  let spread = amplitude;
  for (let step = count; step > 1; step /= 2) {
    for (let i = step / 2; i < count; i += step) {
      ys[i] = (ys[i - step / 2]! + ys[i + step / 2]!) / 2 + between(rng, -spread, spread);
    }
    spread *= roughness;
  }
  return ys;
}

/** The area under a ridge, closed at the bottom of a picture `width` × `height`. */
export function underRidge(ys: readonly number[], width: number, height: number): string {
  const dx = width / (ys.length - 1);
  const line = ys.map((y, i) => `${n(i * dx)},${n(y)}`).join(' L');
  return `M0,${height} L${line} L${width},${height} Z`;
}

/** Mixes two #rrggbb colours, `t` of the way from `a` to `b`. */
export function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  const out = [0, 1, 2].map((i) =>
    Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t)
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${out.join('')}`;
}
