import { t } from './i18n';

/** What deleting a board takes with it, counted (issue 27 item 9; the confirmation shows it). */
export interface BoardContents {
  entries: number;
  matches: number;
  scores: number;
  seasons: number;
  contestEntries: number;
  /** Chat reports' images Tally kept (src/pipeline/evidence-previews.ts). */
  evidenceImages: number;
}

/** What a board holds, in the order it is counted. */
const KINDS = [
  'entries',
  'matches',
  'scores',
  'seasons',
  'contestEntries',
  'evidenceImages',
] as const satisfies readonly (keyof BoardContents)[];

/**
 * The contents in words, in the reader's language (English without one), the empty kinds left
 * out: `12 entries, 40 matches, 2 seasons`, or `nothing recorded yet`. Chat, the dashboard, the
 * CLI and the audit line say it the same way.
 */
export function describeContents(c: BoardContents, locale?: string | null): string {
  const parts = KINDS.filter((kind) => c[kind] > 0).map((kind) =>
    t(locale, `admin.contents.${kind}`, { count: c[kind] }),
  );
  return parts.length > 0 ? parts.join(', ') : t(locale, 'admin.contents.nothing');
}
