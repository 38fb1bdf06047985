import type { EntityManager } from 'typeorm';
import { SubmissionEntity, type Submission } from '../../entities/submission';
import { dateFromColumn } from './columns';
import { Repository } from './repository';

export class SubmissionRepository extends Repository {
  async insert(submission: Omit<Submission, 'id'>, tx: EntityManager): Promise<Submission> {
    const result = await tx.insert(SubmissionEntity, submission);
    return { ...submission, id: Number(result.identifiers[0]?.id) };
  }

  byId(id: number, tx?: EntityManager): Promise<Submission | null> {
    return this.use(tx, (m) => m.findOneBy(SubmissionEntity, { id }));
  }

  /** Queue depth and the oldest waiting submission, for the metrics. */
  async queueStats(): Promise<{ depth: number; oldest: Date | null }> {
    const rows: { depth: number | string; oldest: Date | string | null }[] = await this.use(
      undefined,
      (m) =>
        m.query(
          "SELECT COUNT(*) AS depth, MIN(queued_at) AS oldest FROM submissions WHERE status = 'queued'",
        ),
    );
    const row = rows[0];
    return {
      depth: Number(row?.depth ?? 0),
      oldest: row?.oldest ? dateFromColumn(row.oldest) : null,
    };
  }

  /** Boards with queued work, oldest first: each board's queue is worked in order (DESIGN.md 1). */
  async boardsWithQueued(limit: number): Promise<number[]> {
    const rows = await this.use(undefined, (m) =>
      m
        .createQueryBuilder(SubmissionEntity, 's')
        .select('s.board_pk', 'board_pk')
        .addSelect('MIN(s.id)', 'first')
        .where("s.status = 'queued'")
        .groupBy('s.board_pk')
        .orderBy('first', 'ASC')
        .limit(limit)
        .getRawMany<{ board_pk: number | string }>(),
    );
    return rows.map((r) => Number(r.board_pk));
  }

  /** The oldest queued submission of a board; with `lock`, locked for the transaction on MariaDB. */
  async oldestQueued(tx: EntityManager, boardPk: number, lock = true): Promise<Submission | null> {
    const query = tx
      .createQueryBuilder(SubmissionEntity, 's')
      .where("s.board_pk = :boardPk AND s.status = 'queued'", { boardPk })
      .orderBy('s.id', 'ASC')
      .limit(1);
    if (lock && this.dialect === 'mysql') query.setLock('pessimistic_write');
    return query.getOne();
  }

  async update(
    id: number,
    fields: Partial<Omit<Submission, 'id'>>,
    tx?: EntityManager,
  ): Promise<void> {
    await this.use(tx, (m) => m.update(SubmissionEntity, { id }, fields));
  }

  /** Compare-and-set from `from`; false when another worker or a moderator got there first. */
  async transition(
    id: number,
    from: Submission['status'],
    fields: Partial<Omit<Submission, 'id'>>,
    tx?: EntityManager,
  ): Promise<boolean> {
    const result = await this.use(tx, (m) =>
      m
        .createQueryBuilder()
        .update(SubmissionEntity)
        .set(fields)
        .where('id = :id AND status = :from', { id, from })
        .execute(),
    );
    return (result.affected ?? 0) === 1;
  }

  /** Pending reviews whose validation window has run out (DESIGN.md 3). */
  expired(now: Date, limit: number): Promise<Submission[]> {
    return this.use(undefined, (m) =>
      m
        .createQueryBuilder(SubmissionEntity, 's')
        .where(
          "s.status = 'pending_review' AND s.expires_at IS NOT NULL AND s.expires_at <= :now",
          { now },
        )
        .orderBy('s.id', 'ASC')
        .limit(limit)
        .getMany(),
    );
  }
}
