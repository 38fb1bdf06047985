import { inflateSync } from 'node:zlib';

/**
 * WOFF 1.0 (https://www.w3.org/TR/WOFF/), the format @fontsource ships and satori reads. Two
 * needs: which characters a subset file really has (its cmap; the packages' unicode-range lists
 * claim more, e.g. whole Arabic presentation-form blocks), and the plain TrueType that resvg's
 * font database needs for the chart's axis text (it reads TTF/OTF files only).
 */
interface Table {
  tag: string;
  data: Buffer;
  checksum: number;
}

function tables(woff: Buffer): Table[] {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const count = woff.readUInt16BE(12);
  return Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compressed, length] = [4, 8, 12].map((o) => woff.readUInt32BE(at + o));
    const raw = woff.subarray(offset!, offset! + compressed!);
    return {
      tag: woff.toString('latin1', at, at + 4),
      data: compressed! < length! ? inflateSync(raw) : raw,
      checksum: woff.readUInt32BE(at + 16),
    };
  });
}

/** The code points a font maps to a glyph (cmap formats 4 and 12, which Noto uses). */
export function woffCodePoints(woff: Buffer): Set<number> {
  const cmap = tables(woff).find((t) => t.tag === 'cmap')?.data;
  if (!cmap) throw new Error('font without a cmap');
  const points = new Set<number>();
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const at = cmap.readUInt32BE(8 + i * 8);
    const format = cmap.readUInt16BE(at);
    if (format === 4) readFormat4(cmap, at, points);
    if (format === 12) readFormat12(cmap, at, points);
  }
  return points;
}

function readFormat4(cmap: Buffer, at: number, points: Set<number>): void {
  const segments = cmap.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const [starts, deltas, offsets] = [1, 2, 3].map((k) => ends + k * segments * 2 + 2);
  for (let s = 0; s < segments; s++) {
    const end = cmap.readUInt16BE(ends + 2 * s);
    const start = cmap.readUInt16BE(starts! + 2 * s);
    const delta = cmap.readInt16BE(deltas! + 2 * s);
    const rangeOffset = cmap.readUInt16BE(offsets! + 2 * s);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph = (c + delta) & 0xffff;
      if (rangeOffset) {
        glyph = cmap.readUInt16BE(offsets! + 2 * s + rangeOffset + 2 * (c - start));
        if (glyph) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph) points.add(c);
    }
  }
}

function readFormat12(cmap: Buffer, at: number, points: Set<number>): void {
  for (let g = 0; g < cmap.readUInt32BE(at + 12); g++) {
    const group = at + 16 + g * 12;
    const [start, end, glyph] = [0, 4, 8].map((o) => cmap.readUInt32BE(group + o));
    for (let c = start!; c <= end!; c++) if (glyph! + c - start!) points.add(c);
  }
}

/** The same font as an sfnt (TrueType/OpenType) file: the tables inflated, in a fresh directory. */
export function woffToSfnt(woff: Buffer): Buffer {
  const all = tables(woff).sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const n = all.length;
  const log2 = Math.floor(Math.log2(n));
  const head = Buffer.alloc(12 + 16 * n);
  head.writeUInt32BE(woff.readUInt32BE(4), 0); // the original flavor: 0x00010000 or 'OTTO'
  head.writeUInt16BE(n, 4);
  head.writeUInt16BE(2 ** log2 * 16, 6);
  head.writeUInt16BE(log2, 8);
  head.writeUInt16BE(n * 16 - 2 ** log2 * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  all.forEach((t, i) => {
    head.write(t.tag, 12 + i * 16, 'latin1');
    head.writeUInt32BE(t.checksum, 16 + i * 16);
    head.writeUInt32BE(offset, 20 + i * 16);
    head.writeUInt32BE(t.data.length, 24 + i * 16);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}
