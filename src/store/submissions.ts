import { In, type EntityManager } from 'typeorm';
import { MatchEntity, type Match } from '../../entities/match';
import { MatchParticipantEntity, type MatchParticipant } from '../../entities/match-participant';
import { ScoreEntity, type Score } from '../../entities/score';
import { SubmissionEntity, type Submission } from '../../entities/submission';
import type { MatchStatus } from '../domain/vocabulary';
import { dateFromColumn } from './columns';
import { GroupCommit } from './group-commit';
import { isLockContention } from './lock-contention';
import { execute, timeParam } from './raw';
import { preparedReader, type Reader } from './prepared';
import { read, rowCodec } from './row-codec';
import { Repository } from './repository';

/** The submissions columns the fixed SQL reads (src/store/row-codec.ts). */
export const SUBMISSION = rowCodec<Submission>('submissions', {
  id: ['id', read.int],
  ownerId: ['owner_id', read.text],
  boardPk: ['board_pk', read.int],
  kind: ['kind', read.as<Submission['kind']>()],
  payload: ['payload', read.json],
  status: ['status', read.as<Submission['status']>()],
  matchPk: ['match_pk', read.intOrNull],
  scorePk: ['score_pk', read.intOrNull],
  failureReason: ['failure_reason', read.textOrNull],
  submittedBy: ['submitted_by', read.text],
  queuedAt: ['queued_at', read.date],
  claimedAt: ['claimed_at', read.dateOrNull],
  attempts: ['attempts', read.int],
  expiresAt: ['expires_at', read.dateOrNull],
  reviewState: ['review_state', read.as<Submission['reviewState']>()],
  reviewChannelId: ['review_channel_id', read.textOrNull],
  reviewMessageId: ['review_message_id', read.textOrNull],
  reviewPostedAt: ['review_posted_at', read.dateOrNull],
  reviewAttempts: ['review_attempts', read.int],
  reviewRetryAt: ['review_retry_at', read.dateOrNull],
  confirmState: ['confirm_state', read.as<Submission['confirmState']>()],
  confirmBy: ['confirm_by', read.textOrNull],
  confirmDueAt: ['confirm_due_at', read.dateOrNull],
  confirmChannelId: ['confirm_channel_id', read.textOrNull],
  confirmMessageId: ['confirm_message_id', read.textOrNull],
  confirmMessageState: ['confirm_message_state', read.as<Submission['confirmMessageState']>()],
  evidenceLink: ['evidence_link', read.textOrNull],
  evidenceFileUrl: ['evidence_file_url', read.textOrNull],
  evidenceFileKind: ['evidence_file_kind', read.as<Submission['evidenceFileKind']>()],
  noticeState: ['notice_state', read.as<Submission['noticeState']>()],
});

/** Tries of a queueing transaction that keeps losing lock races, before its error is the caller's. */
const QUEUE_ATTEMPTS = 3;

export class SubmissionRepository extends Repository {
  private reader: Reader | undefined;
  private readonly queueing = new GroupCommit(this.db);

  /**
   * The transaction that queues a submission (with whatever the front end commits beside it):
   * on SQLite shared with the others queued in the same turn, each in a savepoint of its own.
   * `fn` may run more than once (after a lost lock race) and must have no effect outside `tx`.
   */
  async queueTransaction<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.queueing.transaction(fn);
      } catch (err) {
        // A deadlock victim was rolled back whole, so it runs again: the request that queued it
        // gets its answer, not a 500 for a race it did not cause. Not inside a caller's own
        // transaction, which is rolled back with it and is the caller's to retry.
        if (attempt >= QUEUE_ATTEMPTS || this.db.inSection || !isLockContention(err)) throw err;
      }
    }
  }

  async insert(submission: Omit<Submission, 'id'>, tx: EntityManager): Promise<Submission> {
    const t = (d: Date | null) => timeParam(this.dialect, d);
    const { insertId } = await execute(
      tx,
      `INSERT INTO submissions (owner_id, board_pk, kind, payload, status, match_pk, score_pk,
         failure_reason, submitted_by, queued_at, claimed_at, attempts, expires_at, review_attempts,
         evidence_link, evidence_file_url, evidence_file_kind)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        submission.ownerId,
        submission.boardPk,
        submission.kind,
        JSON.stringify(submission.payload),
        submission.status,
        submission.matchPk,
        submission.scorePk,
        submission.failureReason,
        submission.submittedBy,
        t(submission.queuedAt),
        t(submission.claimedAt),
        submission.attempts,
        t(submission.expiresAt),
        submission.reviewAttempts ?? 0,
        submission.evidenceLink ?? null,
        submission.evidenceFileUrl ?? null,
        submission.evidenceFileKind ?? null,
      ],
    );
    return { ...submission, id: insertId };
  }

  /**
   * One submission by id: a fixed statement (every synchronous write reads its row back), on the
   * prepared reader outside a transaction.
   */
  async byId(id: number, tx?: EntityManager): Promise<Submission | null> {
    const sql = `SELECT ${SUBMISSION.columns} FROM submissions WHERE id = ?`;
    const rows: Record<string, unknown>[] = tx
      ? await tx.query(sql, [id])
      : await (this.reader ??= preparedReader(this.db)).all<Record<string, unknown>>(sql, [id]);
    const row = rows[0];
    return row ? SUBMISSION.fromObject(row) : null;
  }

  /**
   * A submission with the status and id of the match or score it created (null before it has
   * one), in one statement: what a waiting write answers with once the worker has settled it.
   */
  async withRecord(id: number): Promise<{
    submission: Submission;
    record: { status: MatchStatus; id: number } | null;
  } | null> {
    const rows = await (this.reader ??= preparedReader(this.db)).arrays(
      `SELECT ${SUBMISSION.aliased('s')}, COALESCE(m.status, sc.status), COALESCE(m.number, sc.pk)
         FROM submissions s LEFT JOIN matches m ON m.pk = s.match_pk
         LEFT JOIN scores sc ON sc.pk = s.score_pk WHERE s.id = ?`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    const n = SUBMISSION.fields.length;
    const status = row[n] as MatchStatus | null;
    return {
      submission: SUBMISSION.fromArray(row),
      record: status === null ? null : { status, id: Number(row[n + 1]) },
    };
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
    const rows = await (this.reader ??= preparedReader(this.db)).arrays(
      `SELECT board_pk, MIN(id) AS first FROM submissions WHERE status = 'queued'
         GROUP BY board_pk ORDER BY first LIMIT ?`,
      [limit],
    );
    return rows.map((r) => Number(r[0]));
  }

  /**
   * Up to `limit` queued submissions of a board, oldest first; with `lock`, locked for the
   * transaction on MariaDB (the board lock already keeps other workers out; this keeps a
   * moderator's or the expiry's compare-and-set from slipping in between read and write).
   */
  async queuedBatch(
    tx: EntityManager,
    boardPk: number,
    limit: number,
    lock: boolean,
  ): Promise<Submission[]> {
    const forUpdate = lock && this.dialect === 'mysql' ? ' FOR UPDATE' : '';
    const rows: Record<string, unknown>[] = await tx.query(
      `SELECT ${SUBMISSION.columns} FROM submissions WHERE board_pk = ? AND status = 'queued' ORDER BY id LIMIT ?${forUpdate}`,
      [boardPk, limit],
    );
    return rows.map((row) => SUBMISSION.fromObject(row));
  }

  /**
   * SQLite's claim (DESIGN.md 5): a compare-and-set on still-queued rows, sent as the first
   * statement of the worker's transaction so it takes the write lock before anything is read.
   * Returns how many rows were still queued.
   */
  async claim(tx: EntityManager, ids: number[], now: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const { affected } = await execute(
      tx,
      `UPDATE submissions SET claimed_at = ? WHERE status = 'queued' AND id IN (${ids.map(() => '?').join(', ')})`,
      [timeParam(this.dialect, now), ...ids],
    );
    return affected;
  }

  /**
   * The worker's outcomes for its claimed rows (the hot path of every write): on SQLite one
   * fixed-shape statement for a whole batch, each column picked per row by id.
   */
  async markProcessed(tx: EntityManager, outcomes: Processed[]): Promise<void> {
    if (outcomes.length === 0) return;
    const t = (d: Date | null) => timeParam(this.dialect, d);
    if (this.dialect === 'mysql') {
      // One primary-key lookup per row. InnoDB's range read of `id IN (…)` also locks the record
      // after each id, which is often a submission an API request has just inserted and not yet
      // committed; that request in turn waits for the worker's lock on the board's queue, and
      // one of the two died as a deadlock victim (test/reliability/fault-mariadb.test.ts).
      for (const o of outcomes) {
        await execute(
          tx,
          'UPDATE submissions SET status = ?, claimed_at = ?, attempts = ?, expires_at = ?, match_pk = ?, score_pk = ? WHERE id = ?',
          [o.status, t(o.claimedAt), o.attempts, t(o.expiresAt), o.matchPk, o.scorePk, o.id],
        );
      }
      return;
    }
    const cases = outcomes.map(() => 'WHEN ? THEN ?').join(' ');
    const column = (name: string, value: (o: Processed) => unknown) => ({
      sql: `${name} = CASE id ${cases} END`,
      params: outcomes.flatMap((o) => [o.id, value(o)]),
    });
    const columns = [
      column('status', (o) => o.status),
      column('claimed_at', (o) => t(o.claimedAt)),
      column('attempts', (o) => o.attempts),
      column('expires_at', (o) => t(o.expiresAt)),
      column('match_pk', (o) => o.matchPk),
      column('score_pk', (o) => o.scorePk),
    ];
    await execute(
      tx,
      `UPDATE submissions SET ${columns.map((c) => c.sql).join(', ')}
         WHERE id IN (${outcomes.map(() => '?').join(', ')})`,
      [...columns.flatMap((c) => c.params), ...outcomes.map((o) => o.id)],
    );
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

  /**
   * The review queue (issue 15): an owner's pending reviews, oldest first, on these boards (all
   * of the owner's when null); the first `limit`, and how many there are in all.
   */
  async pendingReview(
    ownerId: string,
    boardPks: number[] | null,
    limit: number,
  ): Promise<{ rows: Submission[]; total: number }> {
    if (boardPks?.length === 0) return { rows: [], total: 0 };
    return this.use(undefined, async (m) => {
      const query = m
        .createQueryBuilder(SubmissionEntity, 's')
        .where("s.status = 'pending_review' AND s.owner_id = :ownerId", { ownerId });
      if (boardPks) query.andWhere('s.board_pk IN (:...boardPks)', { boardPks });
      const rows = await query.clone().orderBy('s.id', 'ASC').limit(limit).getMany();
      const total = rows.length < limit ? rows.length : await query.getCount();
      return { rows, total };
    });
  }

  /** How many of a board's submissions wait for a moderator's review (its public page says). */
  pendingCount(boardPk: number): Promise<number> {
    return this.use(undefined, (m) =>
      m
        .createQueryBuilder(SubmissionEntity, 's')
        .where("s.board_pk = :boardPk AND s.status = 'pending_review'", { boardPk })
        .getCount(),
    );
  }

  /**
   * A member's own submissions to an owner's boards since a moment, newest first (the
   * dashboard's "My submissions"): the owner's index, filtered by who submitted.
   */
  recentBy(
    ownerId: string,
    submittedBy: string,
    since: Date,
    limit: number,
  ): Promise<Submission[]> {
    return this.use(undefined, (m) =>
      m
        .createQueryBuilder(SubmissionEntity, 's')
        .where(
          's.owner_id = :ownerId AND s.submitted_by = :submittedBy AND s.queued_at >= :since',
          {
            ownerId,
            submittedBy,
            since,
          },
        )
        .orderBy('s.id', 'DESC')
        .limit(limit)
        .getMany(),
    );
  }

  /** What the pending submissions wrote: their matches with rosters, and their scores. */
  async pendingRecords(rows: Submission[]): Promise<PendingRecords> {
    const matchPks = rows.flatMap((r) => (r.matchPk === null ? [] : [r.matchPk]));
    const scorePks = rows.flatMap((r) => (r.scorePk === null ? [] : [r.scorePk]));
    return this.use(undefined, async (m) => ({
      matches: matchPks.length ? await m.findBy(MatchEntity, { pk: In(matchPks) }) : [],
      roster: matchPks.length
        ? await m.find(MatchParticipantEntity, {
            where: { matchPk: In(matchPks) },
            order: { matchPk: 'ASC', side: 'ASC', position: 'ASC' },
          })
        : [],
      scores: scorePks.length ? await m.findBy(ScoreEntity, { pk: In(scorePks) }) : [],
    }));
  }
}

/** What processing made of a claimed submission. */
export type Processed = Pick<
  Submission,
  'id' | 'status' | 'claimedAt' | 'attempts' | 'expiresAt' | 'matchPk' | 'scorePk'
>;

export interface PendingRecords {
  matches: Match[];
  roster: MatchParticipant[];
  scores: Score[];
}
