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

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The contents in words, the empty kinds left out: `12 entries, 40 matches, 2 seasons`, or
 * `nothing recorded yet`. Chat, the CLI and the audit line say it the same way.
 */
export function describeContents(c: BoardContents): string {
  const parts = [
    c.entries > 0 && counted(c.entries, 'entry', 'entries'),
    c.matches > 0 && counted(c.matches, 'match', 'matches'),
    c.scores > 0 && counted(c.scores, 'score', 'scores'),
    c.seasons > 0 && counted(c.seasons, 'season', 'seasons'),
    c.contestEntries > 0 && counted(c.contestEntries, 'contest entry', 'contest entries'),
    c.evidenceImages > 0 && counted(c.evidenceImages, 'evidence image', 'evidence images'),
  ].filter((p): p is string => p !== false);
  return parts.length > 0 ? parts.join(', ') : 'nothing recorded yet';
}
