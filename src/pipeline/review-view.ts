import type { Board } from '../../entities/board';
import type { Match } from '../../entities/match';
import type { MatchParticipant } from '../../entities/match-participant';
import type { Score } from '../../entities/score';
import type { Submission } from '../../entities/submission';
import { AUTO_CONFIRMED } from '../domain/confirmation';
import { t } from '../domain/i18n';
import { formatHandle } from '../domain/ids';
import { WITHDRAWN } from './confirm';
import { EXPIRY_REASON } from './review';
import type { Context } from './context';

/** Everything a review message shows, read fresh from the database each time it is drawn. */
export interface ReviewView {
  handle: string;
  board: Board;
  submission: Submission;
  record:
    { kind: 'match'; match: Match; roster: MatchParticipant[] } | { kind: 'score'; score: Score };
  /** A moderator's last correction after approval (README "Corrections"), if any. */
  corrected?: { action: 'change' | 'remove'; by: string } | null;
}

/** The last correction of a result, for the message to say the result was changed later. */
async function lastCorrection(ctx: Context, target: { matchPk: number } | { scorePk: number }) {
  const last = (await ctx.repos.corrections.list(target)).at(-1);
  return last ? { action: last.action, by: last.by } : null;
}

export async function loadReviewView(
  ctx: Context,
  submissionId: number,
): Promise<ReviewView | null> {
  const submission = await ctx.repos.submissions.byId(submissionId);
  if (!submission) return null;
  const board = await ctx.repos.boards.byPk(submission.boardPk);
  if (!board) return null;
  return reviewViewOf(ctx, submission, board);
}

/**
 * The view of a submission already read with its board (a decision returns both): only its
 * match and roster, or its score, and any later correction are read.
 */
export async function reviewViewOf(
  ctx: Context,
  submission: Submission,
  board: Board,
): Promise<ReviewView | null> {
  const handle = formatHandle(submission.id);
  if (submission.matchPk !== null) {
    const match = await ctx.repos.results.match(submission.matchPk);
    if (!match) return null;
    const roster = await ctx.repos.results.roster(match.pk);
    const corrected =
      match.status === 'set' ? await lastCorrection(ctx, { matchPk: match.pk }) : null;
    return { handle, board, submission, record: { kind: 'match', match, roster }, corrected };
  }
  if (submission.scorePk !== null) {
    const score = await ctx.repos.results.score(submission.scorePk);
    if (!score) return null;
    const corrected =
      score.status === 'set' ? await lastCorrection(ctx, { scorePk: score.pk }) : null;
    return { handle, board, submission, record: { kind: 'score', score }, corrected };
  }
  return null;
}

/**
 * A submission of this owner with its board, for a moderator's press to be checked against; null
 * for a missing one and for another owner's alike.
 */
export async function ownedSubmission(
  ctx: Context,
  ownerId: string,
  submissionId: number,
): Promise<{ submission: Submission; board: Board } | null> {
  const submission = await ctx.repos.submissions.byId(submissionId);
  if (!submission || submission.ownerId !== ownerId) return null;
  const board = await ctx.repos.boards.byPk(submission.boardPk);
  return board ? { submission, board } : null;
}

/** How an edge writes people and text into a sentence: chat as mentions and markdown, a page plainly. */
export interface Naming {
  /** A member by their Discord id. */
  member: (userId: string) => string;
  /** Someone's text (a reason, a name), as the edge shows text as written. */
  text: (text: string) => string;
}

/**
 * What became of a decided submission, in one sentence: who approved, adjusted or declined it
 * (and why), that it expired, or that a moderator corrected it later. The review message in
 * Discord and the dashboard's submission page both say this, in the language asked (`locale`;
 * English when none is given).
 */
export function reviewOutcome(
  view: ReviewView,
  name: Naming,
  locale: string | null = null,
): string {
  const record = view.record.kind === 'match' ? view.record.match : view.record.score;
  const by = record.reviewedBy ?? '';
  const reviewer = reviewerOf(by, name, locale);
  if (record.status === 'adjusted') return t(locale, 'review.outcome.adjusted', { reviewer });
  if (view.corrected) {
    const corrector = reviewerOf(view.corrected.by, name, locale);
    const key =
      view.corrected.action === 'remove'
        ? 'review.outcome.removedLater'
        : 'review.outcome.correctedLater';
    return t(locale, key, { reviewer, corrector });
  }
  if (view.submission.status === 'approved') {
    return t(locale, 'review.outcome.approved', { reviewer });
  }
  if (by === 'expired') return t(locale, 'review.outcome.expired');
  const reason = view.submission.failureReason;
  return reason
    ? t(locale, 'review.outcome.declinedBecause', {
        reviewer,
        reason: name.text(reasonIn(reason, locale)),
      })
    : t(locale, 'review.outcome.declined', { reviewer });
}

function reviewerOf(by: string, name: Naming, locale: string | null): string {
  const chat = /^chat:(\d+)$/.exec(by);
  if (chat) return t(locale, 'review.reviewer.member', { member: name.member(chat[1]!) });
  if (by === AUTO_CONFIRMED) return t(locale, 'review.reviewer.auto');
  return by === 'cli'
    ? t(locale, 'review.reviewer.cli')
    : t(locale, 'review.reviewer.other', { name: name.text(by) });
}

/**
 * A stored reason in the reader's language: Tally's own (a withdrawal, an expiry) from the
 * catalogue, a moderator's as they wrote it.
 */
export function reasonIn(reason: string, locale: string | null = null): string {
  if (reason === WITHDRAWN) return t(locale, 'review.reason.withdrawn');
  if (reason === EXPIRY_REASON) return t(locale, 'review.reason.expired');
  return reason;
}
