import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Font } from 'satori';
import type { Face, Weight } from './font-catalog';
import { woffToSfnt } from './woff';

/**
 * Font bytes for satori, read once per thread and kept while used: satori caches its parsed
 * fonts by the identity of these buffers and of the array holding them, so the same set of faces
 * gives the same array back. Bounded, so a server whose names span every CJK subset does not
 * keep all of them (a subset file is 20–120 KB; parsed, a few times that).
 */
const MAX_FILES = 96;
const MAX_SETS = 32;
const files = new Map<string, Buffer>();
const sets = new Map<string, Font[]>();

function remember<V>(cache: Map<string, V>, max: number, key: string, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= max) cache.delete(cache.keys().next().value!);
  } else {
    cache.delete(key); // most recently used last
  }
  cache.set(key, value);
  return value;
}

const fontData = (face: Face, weight: Weight) =>
  remember(files, MAX_FILES, `${face.id}@${weight}`, () => readFileSync(face.file(weight)));

/** satori's fonts for these faces at these weights, each face named by its id. */
export function satoriFonts(uses: { face: Face; weight: Weight }[]): Font[] {
  const unique = new Map(uses.map((u) => [`${u.face.id}@${u.weight}`, u]));
  const key = [...unique.keys()].sort().join(',');
  return remember(sets, MAX_SETS, key, () =>
    [...unique.values()].map(({ face, weight }) => ({
      name: face.id,
      data: fontData(face, weight),
      weight,
      style: 'normal' as const,
    })),
  );
}

/**
 * A face as a TrueType file for resvg, which takes font paths only: converted once into the
 * temporary directory (per package version, written under a unique name and renamed, so
 * concurrent workers and processes never read half a file).
 */
export function ttfFile(face: Face, weight: Weight): string {
  const woff = face.file(weight);
  const stamp = statSync(woff);
  const dir = join(tmpdir(), 'tally-render-fonts');
  const path = join(dir, `${face.id}-${weight}-${stamp.size}-${Math.trunc(stamp.mtimeMs)}.ttf`);
  try {
    statSync(path);
  } catch {
    mkdirSync(dir, { recursive: true });
    const partial = `${path}.${process.pid}.${threadId}.tmp`;
    writeFileSync(partial, woffToSfnt(readFileSync(woff)));
    renameSync(partial, path);
  }
  return path;
}
