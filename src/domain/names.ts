import { TallyError } from './errors';

/**
 * The one rule for the names people give boards and teams, in chat and in the CLI alike: what is
 * stored is what every surface can show safely.
 *
 * - Bidirectional controls (embeddings, overrides, isolates, marks) are removed: in a name they
 *   only serve to make text read differently from what it is (U+202E turns `draoB` into `Board`).
 * - Zero-width spaces and other invisible fillers are removed; zero-width joiners stay, because
 *   emoji sequences and several scripts need them.
 * - Runs of whitespace (line breaks and tabs included) become one space; the ends are trimmed.
 * - What remains must hold a visible character (a letter, digit, punctuation or symbol)
 *   and be at most NAME_MAX characters (code points, as a person counts them).
 */
export const NAME_MAX = 100;

const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/** Zero-width space, word joiner, BOM and the filler letters that render as nothing. */
const INVISIBLE = /[\u200B\u2060\uFEFF\u115F\u1160\u3164\uFFA0\u2800]/gu;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** Removes what must never be shown from a name already stored (older rows, Discord names). */
export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '');

/** `what` names the field in the refusal: `board name`, `team name`. */
export function nameOf(text: string, what: string): string {
  const cleaned = withoutBidiControls(text)
    .replace(INVISIBLE, '')
    .replace(/[\p{White_Space}\p{Cc}]+/gu, ' ')
    .trim();
  if (!VISIBLE.test(cleaned)) {
    throw new TallyError(
      'invalid_request',
      `${what} must have a visible character (letters, digits or symbols), not only spaces or invisible characters`,
    );
  }
  const length = [...cleaned].length;
  if (length > NAME_MAX) {
    throw new TallyError(
      'invalid_request',
      `${what} must be at most ${NAME_MAX} characters (this one has ${length})`,
    );
  }
  return cleaned;
}
