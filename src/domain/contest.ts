/**
 * Rating boards run image contests (README "Contests"): members submit images, every member
 * rates each entry 1–10, and entries rank by a damped average. The rules here are pure; the
 * contest's rows live in entities/contest.ts and its use cases in src/pipeline/contests.ts.
 */

/** The rating scale a vote is on. */
export const VOTE_MIN = 1;
export const VOTE_MAX = 10;
export const VOTES = Array.from({ length: VOTE_MAX - VOTE_MIN + 1 }, (_, i) => VOTE_MIN + i);

/**
 * The prior of the damped average: an entry starts as if it already had `PRIOR_WEIGHT` votes of
 * the prior mean. The prior mean is the board's mean vote, but never above `PRIOR_MEAN_CAP`:
 * boards where everyone votes 9s and 10s would otherwise let one enthusiastic vote outrank fifty
 * 9s (with a prior of m and weight C, one 10 beats fifty 9s exactly when m ≥ 8.98 − 1.02/C; the
 * cap keeps every board far below that, test/unit/contest-ranking.test.ts proves it).
 */
export const PRIOR_WEIGHT = 5;
export const PRIOR_MEAN_CAP = 7;
/** With no votes on the board yet, the prior is the middle of the scale. */
export const SCALE_MIDDLE = (VOTE_MIN + VOTE_MAX) / 2;

/** Board settings a contest starts with (README "Contests"). */
export const CONTEST_DEFAULTS = {
  entriesPerMember: 1,
  approval: false,
  minVotes: 3,
} as const;
export const ENTRIES_PER_MEMBER_RANGE = [1, 10] as const;
export const MIN_VOTES_RANGE = [1, 1000] as const;
export const TITLE_MAX = 80;

/**
 * An entry's life: `pending` waits for a moderator (boards that approve first), `live` is shown
 * and voted on, `declined` / `removed` / `withdrawn` are gone (their images deleted), `archived`
 * ended with its contest (a season of the board) and keeps its final rank.
 */
export const ENTRY_STATUSES = [
  'pending',
  'live',
  'declined',
  'removed',
  'withdrawn',
  'archived',
] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** The board's mean vote from its totals, capped (see PRIOR_MEAN_CAP). */
export function priorMean(totals: { votes: number; voteSum: number }): number {
  if (totals.votes === 0) return SCALE_MIDDLE;
  return Math.min(totals.voteSum / totals.votes, PRIOR_MEAN_CAP);
}

/** The damped (Bayesian) average: (C·m + Σ votes) / (C + n). */
export function dampedScore(entry: { votes: number; voteSum: number }, prior: number): number {
  return (PRIOR_WEIGHT * prior + entry.voteSum) / (PRIOR_WEIGHT + entry.votes);
}

/** The plain average, or null with no votes. */
export const averageVote = (entry: { votes: number; voteSum: number }): number | null =>
  entry.votes === 0 ? null : entry.voteSum / entry.votes;

/** Scores are shown, and compared for ties, to two decimals: what members see decides ties. */
export const shownScore = (score: number): string => score.toFixed(2);

export interface RankableEntry {
  pk: number;
  votes: number;
  voteSum: number;
}

export type RankedEntry<T extends RankableEntry> = T & {
  /** Shared by entries whose shown scores are equal; null while under the minimum votes. */
  rank: number | null;
  score: number;
  average: number | null;
};

/**
 * The contest's ranking: entries with at least `minVotes` votes by damped score (more votes
 * first among equal shown scores, then the earlier entry), sharing a rank when their shown
 * scores are equal; then the unranked, most votes first. `totals` are the board's live votes.
 */
export function rankEntries<T extends RankableEntry>(
  entries: readonly T[],
  minVotes: number,
  totals: { votes: number; voteSum: number },
): RankedEntry<T>[] {
  const prior = priorMean(totals);
  const scored = entries.map((e) => ({
    ...e,
    rank: null as number | null,
    score: dampedScore(e, prior),
    average: averageVote(e),
  }));
  const ranked = scored
    .filter((e) => e.votes >= minVotes)
    .sort(
      (a, b) =>
        Number(shownScore(b.score)) - Number(shownScore(a.score)) ||
        b.votes - a.votes ||
        a.pk - b.pk,
    );
  ranked.forEach((e, i) => {
    const before = ranked[i - 1];
    e.rank = before && shownScore(before.score) === shownScore(e.score) ? before.rank : i + 1;
  });
  const unranked = scored
    .filter((e) => e.votes < minVotes)
    .sort((a, b) => b.votes - a.votes || a.pk - b.pk);
  return [...ranked, ...unranked];
}

/** Whether a period (submissions, voting) is open at `now`: null means open without end. */
export const periodOpen = (until: Date | null, now: Date): boolean =>
  until === null || now.getTime() < until.getTime();

/** Counts of each vote value 1–10 (an entry page's distribution), zero-filled. */
export function voteDistribution(rows: readonly { value: number; count: number }[]): number[] {
  return VOTES.map((v) => rows.find((r) => r.value === v)?.count ?? 0);
}

/** A Rating board's contest settings; a board without a row has the defaults, all open. */
export interface ContestSettings {
  boardPk: number;
  /** Entries a member may have live or waiting at once. */
  entriesPerMember: number;
  /** Entries wait for a moderator (the board's review channel and window) before going live. */
  approval: boolean;
  /** Where each live entry is posted with its vote buttons; null: not posted. */
  channelId: string | null;
  /** Submissions close at this moment; null: open. A closed period is one that has passed. */
  submissionsUntil: Date | null;
  votingUntil: Date | null;
  minVotes: number;
  /** When a manager last changed them: posts written before are drawn again (buttons, channel). */
  changedAt: Date | null;
}

/** One contest entry (entities/contest.ts). */
export interface ContestEntry {
  pk: number;
  boardPk: number;
  /** The author's player id (`chat:<snowflake>`) and the name they had when they submitted. */
  authorId: string;
  authorName: string;
  title: string;
  imageHash: string;
  thumbHash: string;
  width: number;
  height: number;
  status: EntryStatus;
  /** Why it was declined or removed, for the author and the audit. */
  reason: string | null;
  votes: number;
  voteSum: number;
  /** Members who reported it to the moderators. */
  reports: number;
  createdAt: Date;
  decidedAt: Date | null;
  /** The season (contest round) it ended with, and its final rank then. */
  seasonPk: number | null;
  finalRank: number | null;
  /** Its post in the contest channel, and the vote count that post shows. */
  postChannelId: string | null;
  postMessageId: string | null;
  postedVotes: number;
  /** When the post was last written: vote counts are edited in at most every few seconds. */
  postedAt: Date | null;
  postLease: Date | null;
  /**
   * The moderators' message of a pending entry (the board's moderator channel): `due` to post,
   * `posted` while it waits, `closed` once it shows the decision, `none` without one.
   */
  reviewState: 'none' | 'due' | 'posted' | 'closed';
  reviewChannelId: string | null;
  reviewMessageId: string | null;
  /** The author's DM when moderators decline or remove the entry: `due`, then `sent`/`failed`. */
  noticeState: 'none' | 'due' | 'sent' | 'failed';
}
