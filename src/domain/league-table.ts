import { resultVerb, signedDelta } from './display';
import { t } from './i18n';
import { resultFor, type Result } from './record';
import type { Winner } from './vocabulary';

/**
 * A League table's columns beyond points (issue 29 item 5), as every football table has them:
 * played, goals for and against, goal difference and the form of the last five. One rule for
 * every edge that shows them (the board page's table).
 */

/** How many results the form shows. */
export const FORM_LENGTH = 5;

/** One of a player's applied matches, newest first, as the store reads it. */
export interface FormMatch {
  side: 1 | 2;
  winner: Winner | null;
  team1Score: number | null;
  team2Score: number | null;
}

/** Matches played: every result counts once (a draw is played, not won). */
export const playedOf = (r: {
  wins: number | null;
  draws: number | null;
  losses: number | null;
}): number => (r.wins ?? 0) + (r.draws ?? 0) + (r.losses ?? 0);

/**
 * The form from a player's newest matches (newest first, as read): the last FORM_LENGTH results,
 * oldest first, so the newest is on the right as a table is read.
 */
export const formOf = (newestFirst: readonly FormMatch[]): Result[] =>
  newestFirst
    .slice(0, FORM_LENGTH)
    .map((m) => resultFor(m, m.side))
    .reverse();

/** Goal difference: `+3`, `−2` with the one sign rule of a change, and `0` when level. */
export const goalDifferenceText = (goalsFor: number, goalsAgainst: number): string => {
  const difference = goalsFor - goalsAgainst;
  return difference === 0 ? '0' : signedDelta(difference);
};

/**
 * The form in words, for a screen reader, in the reader's language (English when none is given):
 * `Last 3, oldest first: won, drew, lost`.
 */
export const formLabel = (form: readonly Result[], locale?: string | null): string =>
  form.length === 0
    ? t(locale, 'shared.form.none')
    : t(locale, 'shared.form.last', {
        count: form.length,
        results: form.map((r) => resultVerb(r, locale)).join(', '),
      });
