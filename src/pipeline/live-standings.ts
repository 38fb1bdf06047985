import type { Board } from '../../entities/board';
import type { LiveStandings } from '../../entities/live-standings';
import { ownedBoard } from './board-reads';
import type { Context } from './context';
import { boardSubject } from '../domain/ids';

/** How often a live standings message is compared with the standings (and edited if they moved). */
export const LIVE_EVERY_MS = 30_000;
export const LIVE_KIND = 'live-standings';

/**
 * Places a board's live standings message in a channel (or, with null, stops keeping it): the
 * first refresh is due at once and posts it; the bot then keeps it current (src/bot/jobs/
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
    await stopLiveStandings(ctx, board.pk);
  } else {
    await ctx.repos.liveStandings.place(board.pk, channelId);
    await ctx.repos.schedules.plan(LIVE_KIND, boardSubject(board.pk), ctx.now());
  }
  return board;
}

/** No live message for the board any more: its row and its refreshes go. */
export async function stopLiveStandings(ctx: Context, boardPk: number): Promise<void> {
  await ctx.repos.liveStandings.remove(boardPk);
  await ctx.repos.schedules.cancel(LIVE_KIND, boardSubject(boardPk));
}

/** Whether the board still has a live message to keep (its refreshes go on while it does). */
export async function liveStandingsKept(ctx: Context, boardPk: number): Promise<boolean> {
  return (await ctx.repos.liveStandings.get(boardPk)) !== null;
}

/** The board's live message and the board, or null once either is gone. */
export async function liveStandingsOf(
  ctx: Context,
  boardPk: number,
): Promise<{ live: LiveStandings; board: Board } | null> {
  const live = await ctx.repos.liveStandings.get(boardPk);
  const board = live && (await ctx.repos.boards.byPk(boardPk));
  return live && board ? { live, board } : null;
}

/**
 * Takes the board's live message until `until`, so this process alone posts, edits or looks it
 * up; false while another holds it (or it is gone). A crashed holder's lease runs out.
 */
export function leaseLiveStandings(
  ctx: Context,
  boardPk: number,
  now: Date,
  until: Date,
): Promise<boolean> {
  return ctx.repos.liveStandings.lease(boardPk, now, until);
}

/**
 * Records what the message shows now (`posted`: a message was posted, so the next post gets a
 * new nonce) and gives the lease up, if `lease` is still this process's; false if it was lost.
 */
export function showLiveStandings(
  ctx: Context,
  boardPk: number,
  lease: Date,
  shown: Pick<LiveStandings, 'messageId' | 'digest' | 'updatedAt'>,
  posted: boolean,
): Promise<boolean> {
  return ctx.repos.liveStandings.shown(boardPk, lease, shown, posted);
}

/** Gives the lease up without a change (nothing moved, or Discord failed for now). */
export function releaseLiveStandings(ctx: Context, boardPk: number, lease: Date): Promise<void> {
  return ctx.repos.liveStandings.release(boardPk, lease);
}
