import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { woffCodePoints } from './woff';

/**
 * The fonts a picture may use, all from @fontsource packages in node_modules (no network):
 * Noto Sans (Latin, Cyrillic, Greek, Vietnamese, Devanagari), Noto Sans Arabic, Noto Sans
 * Symbols 2 (its "symbols" subset only: chess pieces, stars, check marks, dingbats, arrows,
 * shapes and cards, the symbols Discord names carry that are not emoji), and Noto Sans SC, JP
 * and KR for Chinese, Japanese and Korean. Google splits each into subsets of a few hundred
 * characters (a CJK family is ~100 files per weight); a picture loads only the subsets its text
 * needs, and a subset counts as having a character only if its cmap maps it. Only the WOFF 1.0
 * files at 400 and 700 are read (Symbols 2 has 400 only, used for both): a production install
 * keeps no others (scripts/prune-production.mjs; test/render/production-fonts.test.ts).
 */
export type FamilyKey = 'sans' | 'arabic' | 'symbols' | 'sc' | 'jp' | 'kr';
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
  symbols: '@fontsource/noto-sans-symbols-2',
  sc: '@fontsource/noto-sans-sc',
  jp: '@fontsource/noto-sans-jp',
  kr: '@fontsource/noto-sans-kr',
};
/**
 * The subsets a family may use: Noto Sans draws Latin, Cyrillic and Vietnamese for every name, so
 * the others skip theirs; of Symbols 2 only "symbols" is loaded (its math, braille and Latin
 * subsets are covered by Noto Sans or not wanted), and the only one a production install keeps.
 */
const notSans = (subset: string) => !/^(latin|latin-ext|cyrillic|vietnamese)$/.test(subset);
const SUBSETS: Record<FamilyKey, (subset: string) => boolean> = {
  sans: () => true,
  arabic: notSans,
  symbols: (subset) => subset === 'symbols',
  sc: notSans,
  jp: notSans,
  kr: notSans,
};
/** Families published at 400 only: their 400 file serves bold too (satori makes it bolder). */
const REGULAR_ONLY = new Set<FamilyKey>(['symbols']);
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
    .filter(({ subset }) => SUBSETS[family](subset))
    .map(({ subset, ranges }) => ({
      id: `${name}-${subset}`,
      family,
      ranges: parseRanges(ranges),
      file: (weight: Weight) =>
        join(
          dir,
          'files',
          `${name}-${subset}-${REGULAR_ONLY.has(family) ? 400 : weight}-normal.woff`,
        ),
    }));
}

let catalog: Record<FamilyKey, Face[]> | undefined;
const faces = () =>
  (catalog ??= {
    sans: familyFaces('sans'),
    arabic: familyFaces('arabic'),
    symbols: familyFaces('symbols'),
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
 * every name; symbols (★ ✓ ♞) from Symbols 2, drawn to go with Noto Sans, before the CJK fonts,
 * whose few symbols are full-width; Han characters from the family of the name's other script
 * (kana: Japanese, Hangul: Korean), else Simplified Chinese.
 */
export function familyOrder(text: string): FamilyKey[] {
  if (/[\p{scx=Hira}\p{scx=Kana}]/u.test(text))
    return ['sans', 'arabic', 'symbols', 'jp', 'sc', 'kr'];
  if (/\p{scx=Hangul}/u.test(text)) return ['sans', 'arabic', 'symbols', 'kr', 'sc', 'jp'];
  return ['sans', 'arabic', 'symbols', 'sc', 'jp', 'kr'];
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
