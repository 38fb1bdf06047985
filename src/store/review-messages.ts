import type { EntityManager } from 'typeorm';
import { BoardEntity } from '../../entities/board';
import { ReviewBlockEntity, type ReviewBlock } from '../../entities/review-block';
import { SubmissionEntity, type Submission } from '../../entities/submission';
import { Repository } from './repository';

/**
 * The review-message columns of the queue rows (migration 1732500000000). The rows are the only
 * state: a restart, or another process, picks up exactly where this one stopped.
 */
/** Longer than any lease a poster or a button press takes on a row (60 s and 30 s). */
const LEASE_HORIZON_MS = 2 * 60_000;

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
        // A report waiting for its opponents is theirs first (src/bot/confirm-poster.ts).
        .andWhere("(s.confirm_state IS NULL OR s.confirm_state <> 'awaiting')")
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

  /** Decided chat submissions whose submitter is still to be told by DM (src/bot/decision-notice.ts). */
  dueForNotice(now: Date, limit: number): Promise<Submission[]> {
    return this.use(undefined, (m) =>
      m
        .createQueryBuilder(SubmissionEntity, 's')
        .where("s.notice_state = 'due'")
        .andWhere('(s.review_retry_at IS NULL OR s.review_retry_at <= :now)', { now })
        .orderBy('s.id', 'ASC')
        .limit(limit)
        .getMany(),
    );
  }

  /** The submitter was told (or there was nothing to tell), or Discord refused the DM for good. */
  async noticed(id: number, state: 'done' | 'refused'): Promise<void> {
    await this.set(id, { noticeState: state, reviewAttempts: 0, reviewRetryAt: null });
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
  /**
   * A posted message whose result was corrected after approval shows the correction: it is due
   * for an edit again (dueForClose), in the correction's transaction.
   */
  async reopen(tx: EntityManager, id: number): Promise<void> {
    await tx.update(
      SubmissionEntity,
      { id, reviewState: 'closed' },
      { reviewState: 'open', reviewAttempts: 0, reviewRetryAt: null },
    );
  }

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
   * The block is over (a post went through): it is removed and its waiting reviews are due at
   * once. True if there was a block.
   */
  async unblock(boardPk: number, now: Date): Promise<boolean> {
    return this.use(undefined, async (m) => {
      const removed = await m.delete(ReviewBlockEntity, { boardPk });
      if ((removed.affected ?? 0) === 0) return false;
      await this.dueNow(m, boardPk, now);
      return true;
    });
  }

  /**
   * A manager changed the board: the block stays (so its owner is not told twice) but its probe
   * is due now, with every waiting review; the first post that goes through ends the block.
   * True if there was a block.
   */
  async resume(boardPk: number, now: Date): Promise<boolean> {
    return this.use(undefined, async (m) => {
      const moved = await m.update(ReviewBlockEntity, { boardPk }, { probeAt: now });
      if ((moved.affected ?? 0) === 0) return false;
      await this.dueNow(m, boardPk, now);
      return true;
    });
  }

  /**
   * Makes the board's waiting reviews due. Only rows the block pushed back (due after any lease
   * could run) are touched: a row another process holds on a lease right now keeps it.
   */
  private async dueNow(m: EntityManager, boardPk: number, now: Date): Promise<void> {
    const pastLeases = new Date(now.getTime() + LEASE_HORIZON_MS);
    await m
      .createQueryBuilder()
      .update(SubmissionEntity)
      .set({ reviewRetryAt: null })
      .where(
        "board_pk = :boardPk AND status = 'pending_review' AND review_message_id IS NULL AND review_retry_at > :pastLeases",
        { boardPk, pastLeases },
      )
      .execute();
  }

  /** Gives a lease back early. */
  async release(id: number): Promise<void> {
    await this.set(id, { reviewRetryAt: null });
  }

  private async set(id: number, fields: Partial<Submission>): Promise<void> {
    await this.use(undefined, (m) => m.update(SubmissionEntity, { id }, fields));
  }
}
