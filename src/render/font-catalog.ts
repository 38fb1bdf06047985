import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { woffCodePoints } from './woff';

/**
 * The fonts a picture may use, all from @fontsource packages in node_modules (no network):
 * Noto Sans (Latin, Cyrillic, Greek, Vietnamese, Devanagari), Noto Sans Arabic, and Noto Sans
 * SC, JP and KR for Chinese, Japanese and Korean. Google splits each into subsets of a few
 * hundred characters (a CJK family is ~100 files per weight); a picture loads only the subsets
 * its text needs, and a subset counts as having a character only if its cmap maps it. Only the
 * WOFF 1.0 files at 400 and 700 are read: a production install keeps no others
 * (scripts/prune-production.mjs; test/render/production-fonts.test.ts).
 */
export type FamilyKey = 'sans' | 'arabic' | 'sc' | 'jp' | 'kr';
export type Weight = 400 | 700;

export interface Face {
  /** Unique per subset file; satori uses one font per family name, so this is also its name. */
  id: string;
  family: FamilyKey;
  ranges: [number, number][];
  file: (weight: Weight) => string;
}

const PACKAGES: Record<FamilyKey, string> = {
  sans: '@fontsource/noto-sans',
  arabic: '@fontsource/noto-sans-arabic',
  sc: '@fontsource/noto-sans-sc',
  jp: '@fontsource/noto-sans-jp',
  kr: '@fontsource/noto-sans-kr',
};
const require = createRequire(import.meta.url);

function parseRanges(list: string): [number, number][] {
  return list.split(',').map((r) => {
    const [lo, hi] = r.trim().slice(2).split('-');
    return [parseInt(lo!, 16), parseInt(hi ?? lo!, 16)];
  });
}

function familyFaces(family: FamilyKey): Face[] {
  const pkg = PACKAGES[family];
  const dir = dirname(require.resolve(`${pkg}/package.json`));
  const name = pkg.split('/')[1]!;
  const subsets = JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')) as Record<
    string,
    string
  >;
  return Object.entries(subsets)
    .map(([subset, ranges]) => ({ subset: subset.replace(/[[\]]/g, ''), ranges }))
    .filter(
      ({ subset }) => family === 'sans' || !/^(latin|latin-ext|cyrillic|vietnamese)$/.test(subset),
    )
    .map(({ subset, ranges }) => ({
      id: `${name}-${subset}`,
      family,
      ranges: parseRanges(ranges),
      file: (weight: Weight) => join(dir, 'files', `${name}-${subset}-${weight}-normal.woff`),
    }));
}

let catalog: Record<FamilyKey, Face[]> | undefined;
const faces = () =>
  (catalog ??= {
    sans: familyFaces('sans'),
    arabic: familyFaces('arabic'),
    sc: familyFaces('sc'),
    jp: familyFaces('jp'),
    kr: familyFaces('kr'),
  });

/** Every face a picture may load (scripts/prune-production.mjs must keep their files). */
export const allFaces = (): Face[] => Object.values(faces()).flat();

/** The face every picture starts from: Noto Sans Latin. */
export const latinFace = (): Face => faces().sans.find((f) => f.id === 'noto-sans-latin')!;

const codePoints = new Map<string, Set<number>>();
/** What a subset really maps (its unicode-range is a superset); the 700 file is the same subset. */
export function hasGlyph(face: Face, cp: number): boolean {
  let points = codePoints.get(face.id);
  if (!points) {
    points = woffCodePoints(readFileSync(face.file(400)));
    codePoints.set(face.id, points);
  }
  return points.has(cp);
}

/**
 * Which families to try for a text, in order: Noto Sans first so Latin letters look alike in
 * every name; Han characters from the family of the name's other script (kana: Japanese,
 * Hangul: Korean), else Simplified Chinese.
 */
export function familyOrder(text: string): FamilyKey[] {
  if (/[\p{scx=Hira}\p{scx=Kana}]/u.test(text)) return ['sans', 'arabic', 'jp', 'sc', 'kr'];
  if (/\p{scx=Hangul}/u.test(text)) return ['sans', 'arabic', 'kr', 'sc', 'jp'];
  return ['sans', 'arabic', 'sc', 'jp', 'kr'];
}

/** The first face, in `order`, whose file has a glyph for `cp`; undefined if none has. */
export function faceFor(cp: number, order: FamilyKey[]): Face | undefined {
  const key = `${order.join()}:${cp}`;
  if (found.has(key)) return found.get(key);
  let face: Face | undefined;
  for (const family of order) {
    face = faces()[family].find(
      (f) => f.ranges.some(([lo, hi]) => cp >= lo && cp <= hi) && hasGlyph(f, cp),
    );
    if (face) break;
  }
  if (found.size > 50_000) found.clear();
  found.set(key, face);
  return face;
}
const found = new Map<string, Face | undefined>();
