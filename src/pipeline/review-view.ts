import type { Board } from '../../entities/board';
import type { Match } from '../../entities/match';
import type { MatchParticipant } from '../../entities/match-participant';
import type { Score } from '../../entities/score';
import type { Submission } from '../../entities/submission';
import { formatHandle } from '../domain/ids';
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
