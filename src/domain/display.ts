import { periodOpen, shownScore, type ContestSettings } from './contest';
import { resultFor, type Result } from './record';
import type { BoardType, Winner } from './vocabulary';

/**
 * The rules a member can see, written once: what a board ranks by and what that value is
 * called, a change of it, a match's outcome, and times in UTC. Chat, the public pages, the
 * pictures, the audit lines and the CLI all render from these (test/unit/display.test.ts).
 */

/** DESIGN.md 3: an ELO board ranks by elo; every other type by score (League: its points). */
export function rankedValue(
  board: { type: BoardType },
  entry: { elo: number | null; score: number | null },
): number | null {
  return board.type === 'ELO' ? entry.elo : entry.score;
}

const VALUE_NAMES: Record<BoardType, string> = {
  ELO: 'rating',
  League: 'points',
  Classic: 'score',
  Highscore: 'score',
  Time: 'time',
  Rating: 'rating',
};

/** What a board's value is called after a number or in a sentence: `rating 1 200`, `points`. */
export const valueName = (type: BoardType): string => VALUE_NAMES[type];

/** The same as a column heading or a label: `Rating`, `Points`, `Score`, `Time`. */
export const valueHeading = (type: BoardType): string => capitalized(VALUE_NAMES[type]);

/** A word as a label or at the start of a sentence: `Rating`, `Won`. */
export const capitalized = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A change of a value, with its sign: `+16`, `−16` (a minus sign, U+2212, as typeset), and no
 * change as `±0`: never `+0`, `-0` or `−0`.
 */
export function signedDelta(delta: number): string {
  if (delta === 0) return '±0';
  return delta > 0 ? `+${delta}` : `−${-delta}`;
}

/** The rating a match moved, seen from neither side (a board's list of matches): `±16`. */
export const ratingSwing = (delta: number): string => `±${Math.abs(delta)}`;

/** A record in a line of standings: `2-0-1` (won, drawn, lost; none counts as 0). */
export const recordShort = (r: {
  wins: number | null;
  draws: number | null;
  losses: number | null;
}): string => `${r.wins ?? 0}-${r.draws ?? 0}-${r.losses ?? 0}`;

/** One side's result as a verb: `won`, `drew`, `lost`. */
export const RESULT_VERBS: Record<Result, string> = { W: 'won', D: 'drew', L: 'lost' };

/** A run of results as a noun, one and many: `a 3-win streak`, `2 draws`. */
export const RESULT_NOUNS: Record<Result, readonly [string, string]> = {
  W: ['win', 'wins'],
  D: ['draw', 'draws'],
  L: ['loss', 'losses'],
};

type Decided = { winner: Winner | null; team1Score: number | null; team2Score: number | null };

/** What a side did in a match, as a verb (a League match's winner comes from its scoreline). */
export const sideVerb = (match: Decided, side: 1 | 2): string =>
  RESULT_VERBS[resultFor(match, side)];

/**
 * A match's outcome as a sentence, the winner first: `A beat B`, `A drew with B`, and with a
 * scoreline `A 3–1 B`, read from the side named first. `parts` gives the pieces for markup that
 * styles each side (the public pages); `outcomeSentence` joins them.
 */
export function outcomeParts(match: Decided): {
  first: 1 | 2;
  middle: string;
  second: 1 | 2;
  decided: boolean;
} {
  const team2Won = resultFor(match, 2) === 'W';
  const [first, second]: [1 | 2, 1 | 2] = team2Won ? [2, 1] : [1, 2];
  const decided = resultFor(match, 1) !== 'D';
  const scored = match.team1Score !== null && match.team2Score !== null;
  const middle = scored
    ? team2Won
      ? `${match.team2Score}–${match.team1Score}`
      : `${match.team1Score}–${match.team2Score}`
    : decided
      ? 'beat'
      : 'drew with';
  return { first, middle, second, decided };
}

export function outcomeSentence(match: Decided, team1: string, team2: string): string {
  const { first, middle } = outcomeParts(match);
  const [a, b] = first === 1 ? [team1, team2] : [team2, team1];
  return `${a} ${middle} ${b}`;
}

/**
 * Each side's chance from side 1's expected score (a queue match's prediction), in whole percent
 * that add up to 100: `62%` and `38%`. A near-certainty reads `>99%` and `<1%`: a rating model
 * never gives 100%, so neither does Tally.
 */
export function sideChances(expected: number): readonly [string, string] {
  const p = Math.min(1, Math.max(0, expected));
  const whole = Math.round(p * 100);
  if (whole >= 100 && p < 1) return ['>99%', '<1%'];
  if (whole <= 0 && p > 0) return ['<1%', '>99%'];
  return [`${whole}%`, `${100 - whole}%`];
}

/** A time to the minute, in UTC, as a refusal or the CLI names it: `2026-11-26 18:00 UTC`. */
export const utcMinute = (at: Date): string =>
  `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A day in UTC: `2026-11-26` (a season's first and last day). */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** A count of votes: `1 vote`, `23 votes`, `no votes`. */
export const voteCount = (votes: number): string =>
  votes === 0 ? 'no votes' : `${votes} vote${votes === 1 ? '' : 's'}`;

/**
 * A contest entry's standing, the same in chat, on the pages and in the CLI: the damped score
 * with the plain average and the count beside it (`8.43 · avg 8.70 · 23 votes`), or, under the
 * board's minimum, `unranked · avg 9.00 · 1 vote (ranked from 3)`.
 */
export function entryStanding(
  entry: { rank: number | null; score: number; average: number | null; votes: number },
  minVotes: number,
): string {
  const average = entry.average === null ? null : `avg ${entry.average.toFixed(2)}`;
  if (entry.rank === null) {
    const parts = ['unranked', average, `${voteCount(entry.votes)} (ranked from ${minVotes})`];
    return parts.filter((p) => p !== null).join(' · ');
  }
  return [shownScore(entry.score), average, voteCount(entry.votes)]
    .filter((p) => p !== null)
    .join(' · ');
}

/**
 * Where a contest period (submissions, voting) stands at `now`, as members read it after its
 * name: `open`, `open until 2026-11-26 18:00 UTC`, `closed since 2026-11-26 18:00 UTC`.
 */
export function periodState(until: Date | null, now: Date): string {
  if (until === null) return 'open';
  return periodOpen(until, now)
    ? `open until ${utcMinute(until)}`
    : `closed since ${utcMinute(until)}`;
}

/** A contest's settings in one line (the audit, `/contest settings`, the CLI). */
export function contestSummary(s: ContestSettings, now: Date): string {
  return [
    `submissions ${periodState(s.submissionsUntil, now)}`,
    `voting ${periodState(s.votingUntil, now)}`,
    `${s.entriesPerMember} ${s.entriesPerMember === 1 ? 'entry' : 'entries'} per member`,
    s.approval ? 'moderators approve entries' : 'entries go live at once',
    `ranked from ${s.minVotes} ${s.minVotes === 1 ? 'vote' : 'votes'}`,
    s.channelId ? `posted in <#${s.channelId}>` : 'not posted in a channel',
  ].join(' · ');
}

/** Where a member's own submission stands (the dashboard's "My submissions"). */
export type SubmissionState =
  | 'recording'
  | 'awaiting_opponents'
  | 'awaiting_review'
  | 'applied'
  | 'corrected'
  | 'declined'
  | 'withdrawn'
  | 'expired'
  | 'failed';

/** A submission's state as its submitter reads it. */
export const SUBMISSION_STATE_WORDS: Record<SubmissionState, string> = {
  recording: 'Being recorded',
  awaiting_opponents: 'Waiting for the opponents to confirm',
  awaiting_review: 'Waiting for a moderator',
  applied: 'Applied',
  corrected: 'Applied, as corrected by a moderator',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  failed: 'Failed',
};
