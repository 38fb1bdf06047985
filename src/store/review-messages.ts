import type { EntityManager } from 'typeorm';
import { BoardEntity } from '../../entities/board';
import { ReviewBlockEntity, type ReviewBlock } from '../../entities/review-block';
import { SubmissionEntity, type Submission } from '../../entities/submission';
import { Repository } from './repository';

/**
 * The review-message columns of the queue rows (migration 1732500000000). The rows are the only
 * state: a restart, or another process, picks up exactly where this one stopped.
 */
export class ReviewMessageRepository extends Repository {
  /**
   * Pending reviews without a message whose next try is due, oldest first. Guild boards without
   * a moderator channel are left out: they are reviewed with `tally review` (src/bot/review-poster.ts).
   */
  dueForPost(now: Date, limit: number): Promise<Submission[]> {
    return this.use(undefined, (m) =>
      m
        .createQueryBuilder(SubmissionEntity, 's')
        .innerJoin(BoardEntity.options.name, 'b', 'b.pk = s.board_pk')
        .where("s.status = 'pending_review' AND s.review_message_id IS NULL")
        .andWhere('(s.review_retry_at IS NULL OR s.review_retry_at <= :now)', { now })
        .andWhere("(b.moderator_channel_id IS NOT NULL OR b.owner_id LIKE 'user:%')")
        // A blocked board waits for its probe: one post then tries whether it was fixed.
        .leftJoin(ReviewBlockEntity.options.name, 'rb', 'rb.board_pk = s.board_pk')
        .andWhere('(rb.board_pk IS NULL OR rb.probe_at <= :now)', { now })
        .orderBy('s.id', 'ASC')
        .limit(limit)
        .getMany(),
    );
  }

  /** Posted messages whose submission has been decided (buttons, CLI, expiry) and that still show buttons. */
  dueForClose(now: Date, limit: number): Promise<Submission[]> {
    return this.use(undefined, (m) =>
      m
        .createQueryBuilder(SubmissionEntity, 's')
        .where("s.review_state = 'open' AND s.status <> 'pending_review'")
        .andWhere('(s.review_retry_at IS NULL OR s.review_retry_at <= :now)', { now })
        .orderBy('s.id', 'ASC')
        .limit(limit)
        .getMany(),
    );
  }

  /**
   * Takes the row's message work until `until` (a compare-and-set on the retry time), so two
   * processes, or the poster and a button press, do not post or edit the same message at once.
   */
  async lease(id: number, now: Date, until: Date, tx?: EntityManager): Promise<boolean> {
    const result = await this.use(tx, (m) =>
      m
        .createQueryBuilder()
        .update(SubmissionEntity)
        .set({ reviewRetryAt: until })
        .where('id = :id AND (review_retry_at IS NULL OR review_retry_at <= :now)', { id, now })
        .execute(),
    );
    return (result.affected ?? 0) === 1;
  }

  async posted(id: number, channelId: string, messageId: string, at: Date): Promise<void> {
    await this.set(id, {
      reviewState: 'open',
      reviewChannelId: channelId,
      reviewMessageId: messageId,
      reviewPostedAt: at,
      reviewAttempts: 0,
      reviewRetryAt: null,
    });
  }

  /** The message shows the outcome (or is gone): nothing left to edit. */
  async closed(id: number): Promise<void> {
    await this.set(id, { reviewState: 'closed', reviewAttempts: 0, reviewRetryAt: null });
  }

  async failed(id: number, attempts: number, retryAt: Date): Promise<void> {
    await this.set(id, { reviewAttempts: attempts, reviewRetryAt: retryAt });
  }

  /** Why the board's reviews cannot be posted, if Discord refused them for good. */
  blockOf(boardPk: number): Promise<ReviewBlock | null> {
    return this.use(undefined, (m) => m.findOneBy(ReviewBlockEntity, { boardPk }));
  }

  /**
   * Records a permanent refusal; the next post is tried at `probeAt`. True only the first time
   * (the block is new), so whoever must be told is told once.
   */
  async block(boardPk: number, reason: string, now: Date, probeAt: Date): Promise<boolean> {
    return this.use(undefined, async (m) => {
      const update = () => m.update(ReviewBlockEntity, { boardPk }, { reason, probeAt });
      if (await m.findOneBy(ReviewBlockEntity, { boardPk })) {
        await update();
        return false;
      }
      try {
        await m.insert(ReviewBlockEntity, { boardPk, reason, since: now, probeAt });
        return true;
      } catch {
        await update(); // another process recorded it first
        return false;
      }
    });
  }

  /**
   * The block is over (a post went through, or a manager changed the board): its waiting reviews
   * are due at once. True if there was a block.
   */
  async unblock(boardPk: number): Promise<boolean> {
    return this.use(undefined, async (m) => {
      const removed = await m.delete(ReviewBlockEntity, { boardPk });
      if ((removed.affected ?? 0) === 0) return false;
      await m
        .createQueryBuilder()
        .update(SubmissionEntity)
        .set({ reviewRetryAt: null })
        .where("board_pk = :boardPk AND status = 'pending_review' AND review_message_id IS NULL", {
          boardPk,
        })
        .execute();
      return true;
    });
  }

  /** Gives a lease back early. */
  async release(id: number): Promise<void> {
    await this.set(id, { reviewRetryAt: null });
  }

  private async set(id: number, fields: Partial<Submission>): Promise<void> {
    await this.use(undefined, (m) => m.update(SubmissionEntity, { id }, fields));
  }
}
