import { isDrawnEmoji } from './emoji';
import { faceFor, familyOrder, type Face, type FamilyKey } from './font-catalog';
import { graphemes } from './text-width';

/**
 * What a picture shows for a character no bundled font has (Thai, Hebrew, an emoji newer than
 * Twemoji 15, …): the Unicode replacement character, one per run. It says "not shown here" on
 * purpose; the alternative, a font's .notdef box (tofu), looks like a broken picture.
 */
export const PLACEHOLDER = '\uFFFD';

/** Invisible characters and combining marks: dropped when no face draws them, not replaced. */
const DROPPABLE = /^[\p{Cc}\p{Cf}\p{M}]$/u;
/** Always dropped: controls, and bidi overrides and isolates, which could reorder the text. */
const DROPPED = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/** One line of text: cut before layout, so a 100 000-character name costs no more. */
const MAX_CHARS = 200;

export interface PreparedText {
  text: string;
  /** The faces that draw it, in the order to try them (the text's font-family list). */
  faces: Face[];
}

/**
 * A name (or title) made safe to draw: every grapheme is either a Twemoji picture, drawn by
 * faces we have, or the placeholder. `families` limits the fonts (resvg's axis text: Noto Sans).
 */
export function prepareText(raw: string, families?: FamilyKey[]): PreparedText {
  const text = Array.from(raw.slice(0, MAX_CHARS * 2))
    .slice(0, MAX_CHARS)
    .join('')
    .normalize('NFC')
    .replace(/[\t\n\r]+/g, ' ')
    .replace(DROPPED, '');
  const order = families ?? familyOrder(text);
  const faces = new Set<Face>();
  let out = '';
  for (const grapheme of graphemes(text)) {
    if (!families && isDrawnEmoji(grapheme)) {
      out += grapheme;
      continue;
    }
    const drawn = drawGrapheme(grapheme, order);
    if (drawn) {
      out += drawn.text;
      drawn.faces.forEach((f) => faces.add(f));
    } else if (!out.endsWith(PLACEHOLDER)) {
      out += PLACEHOLDER;
    }
  }
  if (out.includes(PLACEHOLDER)) faces.add(faceFor(PLACEHOLDER.codePointAt(0)!, ['sans'])!);
  return { text: out, faces: [...faces] };
}

/**
 * The grapheme as drawn, or undefined if it cannot be. Degrades before giving up: marks no font
 * draws are dropped (zalgo stacks, lenny-face brows), and a styled letter falls back to its plain
 * compatibility form (NFKC: 𝓡 → R, ⁿ → n), which keeps "𝓡𝓸𝓫𝓲𝓷" readable as "Robin".
 */
function drawGrapheme(grapheme: string, order: FamilyKey[]) {
  const plain = grapheme.normalize('NFKC');
  return drawChars(grapheme, order) ?? (plain !== grapheme ? drawChars(plain, order) : undefined);
}

function drawChars(chars: string, order: FamilyKey[]) {
  const faces: Face[] = [];
  let text = '';
  for (const char of chars) {
    const face = faceFor(char.codePointAt(0)!, order);
    if (face) {
      faces.push(face);
      text += char;
    } else if (!DROPPABLE.test(char)) {
      return undefined;
    }
  }
  return { text, faces };
}
