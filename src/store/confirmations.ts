import type { EntityManager } from 'typeorm';
import { SubmissionEntity, type Submission } from '../../entities/submission';
import type { ConfirmState } from '../domain/confirmation';
import { Repository } from './repository';

/**
 * The opponent-confirmation columns of the queue rows (migration 1733700000000): the rows are
 * the only state, so any process picks up where another stopped. The message lease is the
 * review message's (`review_retry_at`, src/store/review-messages.ts): one row, one message
 * worker at a time, whichever message it is.
 */
export class ConfirmationRepository extends Repository {
  /** Reports waiting for their opponents whose window has run out, oldest first. */
  silent(now: Date, limit: number): Promise<Submission[]> {
    return this.use(undefined, (m) =>
      m
        .createQueryBuilder(SubmissionEntity, 's')
        .where("s.confirm_state = 'awaiting' AND s.confirm_due_at <= :now", { now })
        .andWhere("s.status = 'pending_review'")
        .orderBy('s.id', 'ASC')
        .limit(limit)
        .getMany(),
    );
  }

  /**
   * Hands a waiting report to the moderators, once (a compare-and-set on the state and the
   * window): `disputed` only while the window runs, `escalated` only once it has run out.
   */
  async escalate(
    id: number,
    to: Extract<ConfirmState, 'disputed' | 'escalated'>,
    by: string,
    expiresAt: Date | null,
    now: Date,
    tx?: EntityManager,
  ): Promise<boolean> {
    const window = to === 'disputed' ? 'confirm_due_at > :now' : 'confirm_due_at <= :now';
    const result = await this.use(tx, (m) =>
      m
        .createQueryBuilder()
        .update(SubmissionEntity)
        .set({ confirmState: to, confirmBy: by, expiresAt })
        .where(
          `id = :id AND status = 'pending_review' AND confirm_state = 'awaiting' AND ${window}`,
          { id, now },
        )
        .execute(),
    );
    return (result.affected ?? 0) === 1;
  }

  /** Waiting reports without their message whose next try is due (a lease or a backoff). */
  dueForPost(now: Date, limit: number): Promise<Submission[]> {
    return this.use(undefined, (m) =>
      m
        .createQueryBuilder(SubmissionEntity, 's')
        .where("s.confirm_state = 'awaiting' AND s.status = 'pending_review'")
        .andWhere('s.confirm_message_id IS NULL AND s.confirm_message_state IS NULL')
        .andWhere('(s.review_retry_at IS NULL OR s.review_retry_at <= :now)', { now })
        .orderBy('s.id', 'ASC')
        .limit(limit)
        .getMany(),
    );
  }

  /**
   * Posted messages that no longer show what happened: still with buttons after the report left
   * its opponents, or saying "with the moderators" after they decided.
   */
  dueForEdit(now: Date, limit: number): Promise<Submission[]> {
    return this.use(undefined, (m) =>
      m
        .createQueryBuilder(SubmissionEntity, 's')
        .where(
          "((s.confirm_message_state = 'open' AND (s.status <> 'pending_review' OR s.confirm_state <> 'awaiting'))" +
            " OR (s.confirm_message_state = 'moved' AND s.status <> 'pending_review'))",
        )
        .andWhere('(s.review_retry_at IS NULL OR s.review_retry_at <= :now)', { now })
        .orderBy('s.id', 'ASC')
        .limit(limit)
        .getMany(),
    );
  }

  /** The message went out (or, `messageId` null, cannot: the channel refused it for good). */
  async posted(id: number, messageId: string | null): Promise<void> {
    await this.set(id, {
      confirmMessageId: messageId,
      confirmMessageState: messageId ? 'open' : 'closed',
      reviewAttempts: 0,
      reviewRetryAt: null,
    });
  }

  /** The message shows the row as it is: `moved` while the moderators decide, else `closed`. */
  async shown(id: number, state: 'moved' | 'closed'): Promise<void> {
    await this.set(id, { confirmMessageState: state, reviewAttempts: 0, reviewRetryAt: null });
  }

  private async set(id: number, fields: Partial<Submission>): Promise<void> {
    await this.use(undefined, (m) => m.update(SubmissionEntity, { id }, fields));
  }
}
