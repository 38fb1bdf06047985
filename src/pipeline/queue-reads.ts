import type { Board } from '../../entities/board';
import type { Context } from './context';
import { queueOfBoard, queueView, waitingByBoard, type QueueView } from './queues';

/**
 * What the web shows of a board's queue (issue 28 item 8): how many wait, on the public pages;
 * who waits and how many matches are open, on the board's dashboard settings.
 */

/** How many wait in the board's queue, or null when it has none (the public board page). */
export async function waitingOnBoard(
  ctx: Context,
  board: Pick<Board, 'pk'>,
): Promise<number | null> {
  return (await waitingByBoard(ctx, [board])).get(board.pk) ?? null;
}

/** The board's queue with who waits now (names, ratings, since when), or null: it has none. */
export async function queueOfBoardView(ctx: Context, board: Board): Promise<QueueView | null> {
  const queue = await queueOfBoard(ctx, board);
  return queue && queueView(ctx, queue.pk);
}
