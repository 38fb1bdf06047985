import type { Board } from '../../entities/board';
import type { Context } from './context';

/**
 * How many of a board's results wait for a moderator's review: what an empty board's page says
 * is on its way (issue 29), counted, never listed (who sent what is the moderators' business).
 */
export const pendingReviewCount = (ctx: Context, board: Pick<Board, 'pk'>): Promise<number> =>
  ctx.repos.submissions.pendingCount(board.pk);
