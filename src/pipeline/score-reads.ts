import type { Board } from '../../entities/board';
import type { Score } from '../../entities/score';
import { isMatchBoard } from '../domain/board-rules';
import { cursorInt, decodeCursor, encodeCursor, splitPage } from '../domain/cursor';
import { TallyError } from '../domain/errors';
import type { Context } from './context';

/**
 * A score board's submissions (Classic, Highscore, Time; issue 29 items 4 and 5): the scores
 * that count, newest first, in keyset pages with cursors by the API's rule (domain/cursor.ts).
 * The board page shows the newest few, its submissions page all of them.
 */
export interface BoardSubmission {
  player: { id: string; name: string };
  score: number;
  at: Date;
  status: Score['status'];
}

export interface SubmissionsPage {
  submissions: BoardSubmission[];
  nextCursor: string | null;
}

/** The cursor of a submissions page: the last score's pk. A malformed one is a 400. */
export const decodeSubmissionsCursor = (cursor: string) => cursorInt(decodeCursor(cursor), 's');

/** Only score boards have submissions to list; a match board lists its matches. */
export function requireScores(board: Pick<Board, 'type'>): void {
  if (isMatchBoard(board) || board.type === 'Rating')
    throw new TallyError('not_found', `${board.type} boards record no scores`, {
      said: { key: 'reading.refusals.noScores', vars: { type: board.type } },
    });
}

export async function submissionsPage(
  ctx: Context,
  board: Pick<Board, 'pk' | 'type'>,
  request: { cursor?: string | undefined; limit: number },
): Promise<SubmissionsPage> {
  const before = request.cursor === undefined ? null : decodeSubmissionsCursor(request.cursor);
  requireScores(board);
  const rows = await ctx.repos.results.boardScores(board.pk, before, request.limit + 1);
  const { items, nextCursor } = splitPage(rows, request.limit, (last) =>
    encodeCursor({ s: last.pk }),
  );
  return {
    submissions: items.map((s) => ({
      player: { id: s.playerId, name: s.playerName },
      score: s.score,
      at: s.submittedAt,
      status: s.status,
    })),
    nextCursor,
  };
}
