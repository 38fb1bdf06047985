import sharp from 'sharp';
import type { Board } from '../../entities/board';
import type { ContestEntry } from '../../entities/contest';
import type { Context } from '../../src/pipeline/context';
import { submitEntry, voteOnEntry } from '../../src/pipeline/contests';
import { nextSnowflake } from '../support/tally';

/**
 * Contest entries made the way members make them: a real picture (an SVG drawn here, rendered
 * to PNG by sharp, so it looks like art and has the size asked for) through submitEntry, and
 * votes from distinct members through voteOnEntry.
 */

const PALETTES = [
  ['#ff7e5f', '#feb47b', '#2b1055'],
  ['#43cea2', '#185a9d', '#f9f871'],
  ['#ee0979', '#ff6a00', '#1e1e2f'],
  ['#8e2de2', '#4a00e0', '#f5f7fa'],
  ['#f7971e', '#ffd200', '#0f3443'],
  ['#00c9ff', '#92fe9d', '#3a1c71'],
];

/** A picture of `width` × `height`: a gradient sky, a sun and hills, different for each seed. */
export function artSvg(seed: number, width: number, height: number): string {
  const [a, b, ink] = PALETTES[seed % PALETTES.length]!;
  const sun = { x: width * (0.2 + ((seed * 37) % 60) / 100), y: height * 0.35 };
  const r = Math.min(width, height) * 0.16;
  const hill = (base: number, amp: number, phase: number) => {
    const points = Array.from({ length: 9 }, (_, i) => {
      const x = (width * i) / 8;
      const y = height * base - amp * height * Math.sin(i * 0.9 + phase + seed);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    });
    return `M0,${height} L${points.join(' L')} L${width},${height} Z`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="${sun.x}" cy="${sun.y}" r="${r}" fill="#fff8e7" opacity="0.9"/>
<path d="${hill(0.72, 0.06, 0)}" fill="${ink}" opacity="0.55"/>
<path d="${hill(0.84, 0.05, 2)}" fill="${ink}" opacity="0.85"/>
</svg>`;
}

export const artPng = (seed: number, width: number, height: number): Promise<Buffer> =>
  sharp(Buffer.from(artSvg(seed, width, height)))
    .png()
    .toBuffer();

/** A plain picture, fast: one colour. */
export const plainPng = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

export interface Author {
  id: string;
  name: string;
}

export const anAuthor = (name: string): Author => ({ id: `chat:${nextSnowflake()}`, name });

export async function enter(
  ctx: Context,
  board: Board,
  author: Author,
  title: string,
  bytes: Buffer,
): Promise<ContestEntry> {
  const { entry } = await submitEntry(ctx, {
    ownerId: board.ownerId,
    boardId: board.id,
    authorId: author.id,
    authorName: author.name,
    title,
    bytes,
  });
  return entry;
}

/** One vote of each value, each from a member of its own (never the author). */
export async function vote(
  ctx: Context,
  board: Board,
  entry: Pick<ContestEntry, 'pk'>,
  values: number[],
): Promise<void> {
  for (const value of values) {
    const voterId = `chat:${nextSnowflake()}`;
    await voteOnEntry(ctx, { ownerId: board.ownerId, entryPk: entry.pk, voterId, value });
  }
}
