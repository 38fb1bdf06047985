import type { Board } from '../../entities/board';
import { boardSubject } from '../domain/ids';
import type { BoardContents } from '../domain/board-deletion';
import { BoardDeletionRepository } from '../store/board-deletion';
import { recordAudit } from './audit';
import { boardDeletedLine } from './audit-lines';
import { ownedBoard, ownedBoardByPk } from './board-reads';
import type { Context } from './context';
import { refusal } from '../domain/errors';
import { announceSubject } from './seasons';
import { queueSubject } from './queues';

export type { BoardContents };

/** A board and what deleting it would take with it (the confirmation step shows this). */
export interface BoardDeletionPreview {
  board: Board;
  contents: BoardContents;
  /** Where its live standings message is kept, if anywhere: Tally leaves that message as it is. */
  liveChannelId: string | null;
}

async function previewOf(ctx: Context, board: Board): Promise<BoardDeletionPreview> {
  const [contents, live] = await Promise.all([
    deletionsOf(ctx).contents(board.pk),
    ctx.repos.liveStandings.get(board.pk),
  ]);
  return { board, contents, liveChannelId: live?.channelId ?? null };
}

// Stateless: one over the context's database (src/store/repositories.ts is not extended for it).
const deletionsOf = (ctx: Context) => new BoardDeletionRepository(ctx.repos.db);

/** What deleting the owner's board would delete, counted; 404 for a board that is not there. */
export async function boardDeletionPreview(
  ctx: Context,
  ownerId: string,
  boardId: string,
): Promise<BoardDeletionPreview> {
  return previewOf(ctx, await ownedBoard(ctx, ownerId, boardId));
}

/** The same by pk (a chat button names the board by pk), null when it is gone or another's. */
export async function boardDeletionPreviewByPk(
  ctx: Context,
  ownerId: string,
  boardPk: number,
): Promise<BoardDeletionPreview | null> {
  const board = await ownedBoardByPk(ctx, ownerId, boardPk);
  return board && previewOf(ctx, board);
}

/**
 * Deletes a board (issue 27 item 9): its entries, scores, matches, submissions and their queue
 * items, history, seasons and their archives, corrections, review and confirmation state, decay,
 * teams, rank roles and their holders, live standings, contest settings, entries, votes and
 * reports, the images no other entry shows, its chat reports' kept evidence images, its scheduled jobs, and the idempotency records of
 * writes to it; keys keep working for the owner's other boards, and every read of this one is a
 * 404 from then on. One transaction; of two deletions at once exactly one deletes, the other is
 * the 404. The owner's audit trail (owner-scoped, it stays) gets one line saying who deleted what.
 * `actor` is who did it, as audit lines name them (`chat:<id>`, `cli`).
 */
export async function deleteBoard(
  ctx: Context,
  ownerId: string,
  boardId: string,
  actor: string,
): Promise<{ board: Board; contents: BoardContents }> {
  const board = await ownedBoard(ctx, ownerId, boardId);
  const deletions = deletionsOf(ctx);
  return ctx.repos.db.transaction(async (tx) => {
    const deleted = await deletions.deleteBoard(ownerId, board.pk, tx);
    if (!deleted) throw refusal('not_found', 'admin.errors.noBoard', { board: boardId });
    const { contents } = deleted;
    await deletions.deleteSchedules(
      [
        boardSubject(board.pk),
        ...deleted.seasonPks.flatMap((pk) =>
          (['start', 'soon', 'end'] as const).map((moment) => announceSubject({ pk }, moment)),
        ),
        ...deleted.queuePks.map(queueSubject),
      ],
      tx,
    );
    await ctx.repos.contests.deleteUnusedImages(deleted.imageHashes, tx);
    await recordAudit(ctx, tx, ownerId, (locale) =>
      boardDeletedLine(actor, board, contents, locale),
    );
    return { board, contents };
  });
}
