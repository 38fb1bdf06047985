import { periodOpen, shownScore, type ContestSettings } from './contest';
import { resultFor, type Result } from './record';
import { languageOf, SOURCE_LANGUAGE, t } from './i18n';
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

type Locale = string | null | undefined;

const VALUE_KEYS: Record<BoardType, 'rating' | 'points' | 'score' | 'time'> = {
  ELO: 'rating',
  League: 'points',
  Classic: 'score',
  Highscore: 'score',
  Time: 'time',
  Rating: 'rating',
};

/**
 * What a board's value is called after a number or in a sentence: `rating 1 200`, `points`
 * (German `Wertung`). Every display rule takes the reader's locale last: English when absent.
 */
export const valueName = (type: BoardType, locale?: Locale): string =>
  t(locale, `shared.value.${VALUE_KEYS[type]}`);

/** The same as a column heading or a label: `Rating`, `Points`, `Score`, `Time`. */
export const valueHeading = (type: BoardType, locale?: Locale): string =>
  t(locale, `shared.heading.${VALUE_KEYS[type]}`);

/**
 * A board's type as the language names it (a card's subtitle, a page): `League`, German `Liga`;
 * the same words /board create offers as its choices.
 */
export const boardTypeName = (type: BoardType, locale?: Locale): string =>
  t(locale, `commands.board.options.create.options.type.choices.${type}`);

/** A word as a label or at the start of a sentence: `Rating`, `Won`. */
export const capitalized = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A change of a value, with its sign: `+16`, `−16` (a minus sign, U+2212, as typeset), and no
 * change as `±0`: never `+0`, `-0` or `−0`. The same in every language.
 */
export function signedDelta(delta: number): string {
  if (delta === 0) return '±0';
  return delta > 0 ? `+${delta}` : `−${-delta}`;
}

/** The rating a match moved, seen from neither side (a board's list of matches): `±16`. */
export const ratingSwing = (delta: number): string => `±${Math.abs(delta)}`;

/**
 * A record in a line of standings: `2-0-1` (won, drawn, lost; none counts as 0). Every shipped
 * language writes its record in that order, so it needs no locale.
 */
export const recordShort = (r: {
  wins: number | null;
  draws: number | null;
  losses: number | null;
}): string => `${r.wins ?? 0}-${r.draws ?? 0}-${r.losses ?? 0}`;

const VERB_KEYS = { W: 'won', D: 'drew', L: 'lost' } as const;
const NOUN_KEYS = { W: 'win', D: 'draw', L: 'loss' } as const;

/** One side's result as a verb: `won`, `drew`, `lost` (German `gewonnen`, …). */
export const resultVerb = (result: Result, locale?: Locale): string =>
  t(locale, `shared.result.${VERB_KEYS[result]}`);

/** A result as a noun for `count` of them, without the number: `win`, `wins`, `Siege`. */
export const resultNoun = (result: Result, count: number, locale?: Locale): string =>
  t(locale, `shared.noun.${NOUN_KEYS[result]}`, { count });

/** A number of results: `3 wins`, `1 loss` (German `3 Siege`). */
export const resultCount = (result: Result, count: number, locale?: Locale): string =>
  t(locale, `shared.results.${NOUN_KEYS[result]}`, { count });

/** One side's result as a verb in English; `resultVerb` for another language. */
export const RESULT_VERBS: Record<Result, string> = {
  W: resultVerb('W'),
  D: resultVerb('D'),
  L: resultVerb('L'),
};

/** A run of results as a noun in English, one and many; `resultNoun` for another language. */
export const RESULT_NOUNS: Record<Result, readonly [string, string]> = {
  W: [resultNoun('W', 1), resultNoun('W', 2)],
  D: [resultNoun('D', 1), resultNoun('D', 2)],
  L: [resultNoun('L', 1), resultNoun('L', 2)],
};

type Decided = { winner: Winner | null; team1Score: number | null; team2Score: number | null };

/** What a side did in a match, as a verb (a League match's winner comes from its scoreline). */
export const sideVerb = (match: Decided, side: 1 | 2, locale?: Locale): string =>
  resultVerb(resultFor(match, side), locale);

/**
 * A match's outcome as a sentence, the winner first: `A beat B`, `A drew with B`, and with a
 * scoreline `A 3–1 B`, read from the side named first. `parts` gives the pieces for markup that
 * styles each side (the public pages); `outcomeSentence` joins them as the language orders them.
 */
export function outcomeParts(
  match: Decided,
  locale?: Locale,
): {
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
    : t(locale, decided ? 'shared.outcome.beat' : 'shared.outcome.drewWith');
  return { first, middle, second, decided };
}

export function outcomeSentence(
  match: Decided,
  team1: string,
  team2: string,
  locale?: Locale,
): string {
  const { first, middle } = outcomeParts(match, locale);
  const [a, b] = first === 1 ? [team1, team2] : [team2, team1];
  return t(locale, 'shared.outcome.sentence', { first: a, middle, second: b });
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

/**
 * A time to the minute, in UTC, as a refusal or the CLI names it: `2026-11-26 18:00 UTC` in
 * English (the ISO order Tally has always written), as the language writes a date elsewhere:
 * `26.11.2026, 18:00 UTC` in German, `26/11/2026, 18:00 UTC` in Spanish and Portuguese.
 */
export const utcMinute = (at: Date, locale?: Locale): string =>
  `${isEnglish(locale) ? at.toISOString().slice(0, 16).replace('T', ' ') : dateIn(locale, true).format(at)} UTC`;

/** A day in UTC: `2026-11-26` (a season's first and last day); `26.11.2026` in German. */
export const utcDay = (at: Date, locale?: Locale): string =>
  isEnglish(locale) ? at.toISOString().slice(0, 10) : dateIn(locale, false).format(at);

const isEnglish = (locale: Locale) => languageOf(locale) === SOURCE_LANGUAGE;

const dateIn = (locale: Locale, withTime: boolean) =>
  new Intl.DateTimeFormat(languageOf(locale), {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  });

/** A number with two decimals as the language writes it: `8.43`, German `8,43`. */
export const twoDecimals = (n: number, locale?: Locale): string =>
  isEnglish(locale)
    ? n.toFixed(2)
    : new Intl.NumberFormat(languageOf(locale), {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: false,
      }).format(Number(n.toFixed(2)));

/** A count of votes: `1 vote`, `23 votes`, `no votes`. */
export const voteCount = (votes: number, locale?: Locale): string =>
  votes === 0 ? t(locale, 'shared.votes.none') : t(locale, 'shared.votes.count', { count: votes });

/**
 * A contest entry's standing, the same in chat, on the pages and in the CLI: the damped score
 * with the plain average and the count beside it (`8.43 · avg 8.70 · 23 votes`), or, under the
 * board's minimum, `unranked · avg 9.00 · 1 vote (ranked from 3)`.
 */
export function entryStanding(
  entry: { rank: number | null; score: number; average: number | null; votes: number },
  minVotes: number,
  locale?: Locale,
): string {
  const average =
    entry.average === null
      ? null
      : t(locale, 'shared.standing.average', { average: twoDecimals(entry.average, locale) });
  const votes = voteCount(entry.votes, locale);
  if (entry.rank === null) {
    const parts = [
      t(locale, 'shared.standing.unranked'),
      average,
      t(locale, 'shared.standing.rankedFrom', { votes, minVotes }),
    ];
    return parts.filter((p) => p !== null).join(' · ');
  }
  const score = isEnglish(locale) ? shownScore(entry.score) : twoDecimals(entry.score, locale);
  return [score, average, votes].filter((p) => p !== null).join(' · ');
}

/**
 * Where a contest period (submissions, voting) stands at `now`, as members read it after its
 * name: `open`, `open until 2026-11-26 18:00 UTC`, `closed since 2026-11-26 18:00 UTC`.
 */
export function periodState(until: Date | null, now: Date, locale?: Locale): string {
  if (until === null) return t(locale, 'shared.period.open');
  const when = utcMinute(until, locale);
  return periodOpen(until, now)
    ? t(locale, 'shared.period.openUntil', { when })
    : t(locale, 'shared.period.closedSince', { when });
}

/**
 * A contest period with its name, as the language agrees them: `voting open until …`
 * (Spanish `votación abierta hasta el …`). Lower case, as in contestSummary; `capitalized` for
 * a sentence.
 */
export function periodLine(
  period: 'submissions' | 'voting',
  until: Date | null,
  now: Date,
  locale?: Locale,
): string {
  if (until === null) return t(locale, `shared.periods.${period}.open`);
  const when = utcMinute(until, locale);
  return periodOpen(until, now)
    ? t(locale, `shared.periods.${period}.openUntil`, { when })
    : t(locale, `shared.periods.${period}.closedSince`, { when });
}

/** A contest's settings in one line (the audit, `/contest settings`, the CLI). */
export function contestSummary(s: ContestSettings, now: Date, locale?: Locale): string {
  return [
    periodLine('submissions', s.submissionsUntil, now, locale),
    periodLine('voting', s.votingUntil, now, locale),
    t(locale, 'shared.contest.entriesPerMember', { count: s.entriesPerMember }),
    t(locale, s.approval ? 'shared.contest.approval' : 'shared.contest.atOnce'),
    t(locale, 'shared.contest.rankedFrom', { count: s.minVotes }),
    s.channelId
      ? t(locale, 'shared.contest.postedIn', { channel: `<#${s.channelId}>` })
      : t(locale, 'shared.contest.notPosted'),
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

const SUBMISSION_STATES: readonly SubmissionState[] = [
  'recording',
  'awaiting_opponents',
  'awaiting_review',
  'applied',
  'corrected',
  'declined',
  'withdrawn',
  'expired',
  'failed',
];

/** A submission's state as its submitter reads it: `Waiting for a moderator`. */
export const submissionStateWord = (state: SubmissionState, locale?: Locale): string =>
  t(locale, `shared.submission.${state}`);

/** The states' words in English; `submissionStateWord` for another language. */
export const SUBMISSION_STATE_WORDS = Object.fromEntries(
  SUBMISSION_STATES.map((state) => [state, submissionStateWord(state)]),
) as Record<SubmissionState, string>;
