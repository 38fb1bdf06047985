import type { Board } from '../../entities/board';
import { ownedBoard } from './board-reads';
import type { Context } from './context';
import { boardSubject } from '../domain/ids';

/** How often a live standings message is compared with the standings (and edited if they moved). */
export const LIVE_EVERY_MS = 30_000;
export const LIVE_KIND = 'live-standings';

/**
 * Places a board's live standings message in a channel (or, with null, stops keeping it): the
 * first refresh is due at once and posts it; the bot then keeps it current (commands/
 * live-standings.ts). The chat front end checks the channel belongs to the server first.
 */
export async function placeLiveStandings(
  ctx: Context,
  ownerId: string,
  boardId: string,
  channelId: string | null,
): Promise<Board> {
  const board = await ownedBoard(ctx, ownerId, boardId);
  if (channelId === null) {
    await ctx.repos.liveStandings.remove(board.pk);
    await ctx.repos.schedules.cancel(LIVE_KIND, boardSubject(board.pk));
  } else {
    await ctx.repos.liveStandings.place(board.pk, channelId);
    await ctx.repos.schedules.plan(LIVE_KIND, boardSubject(board.pk), ctx.now());
  }
  return board;
}
