import type { EntityManager } from 'typeorm';
import { CorrectionEntity, type CorrectionRecord } from '../../entities/correction';
import type { CountedScore } from '../domain/correction';
import { dateFromColumn } from './columns';
import { timeParam } from './raw';
import { Repository } from './repository';

/** A score a recount reads, with its key. */
export interface SeasonScore extends CountedScore {
  pk: number;
}

/** Applied scores and matches count from when they applied (src/pipeline/apply.ts appliedAt). */
const COUNTS_FROM = `CASE WHEN reviewed_by = 'auto' OR reviewed_at IS NULL THEN submitted_at ELSE reviewed_at END`;

/** Corrections after approval (entities/correction.ts) and the reads a correction needs. */
export class CorrectionRepository extends Repository {
  async insert(tx: EntityManager, record: Omit<CorrectionRecord, 'pk'>): Promise<void> {
    await tx.insert(CorrectionEntity, record);
  }

  /** Whether this match or score was removed by a correction. */
  async removed(tx: EntityManager, target: { matchPk: number } | { scorePk: number }) {
    const where =
      'matchPk' in target
        ? { matchPk: target.matchPk, action: 'remove' as const }
        : { scorePk: target.scorePk, action: 'remove' as const };
    return tx.exists(CorrectionEntity, { where });
  }

  /** The corrections of a match or score, oldest first. */
  list(target: { matchPk: number } | { scorePk: number }): Promise<CorrectionRecord[]> {
    return this.use(undefined, (m) =>
      m.find(CorrectionEntity, { where: target, order: { pk: 'ASC' } }),
    );
  }

  /** A player's newest applied score of this value on a board (not removed), to correct it. */
  async latestScore(
    boardPk: number,
    playerId: string,
    score: number,
  ): Promise<{ pk: number; submissionId: number | null } | null> {
    const rows: Record<string, unknown>[] = await this.use(undefined, (m) =>
      m.query(
        `SELECT pk, submission_id FROM scores
           WHERE board_pk = ? AND player_id = ? AND score = ? AND status IN ('approved', 'adjusted', 'set')
             AND pk NOT IN (SELECT score_pk FROM corrections WHERE action = 'remove' AND score_pk IS NOT NULL)
           ORDER BY pk DESC LIMIT 1`,
        [boardPk, playerId, score],
      ),
    );
    const row = rows[0];
    if (!row) return null;
    return {
      pk: Number(row.pk),
      submissionId: row.submission_id == null ? null : Number(row.submission_id),
    };
  }

  /**
   * A player's applied scores on a board that count in the running standings: applied since
   * `since` (the last season's end; all when null) and not removed by a correction.
   */
  async seasonScores(
    tx: EntityManager,
    boardPk: number,
    playerId: string,
    since: Date | null,
  ): Promise<SeasonScore[]> {
    const rows: Record<string, unknown>[] = await tx.query(
      `SELECT pk, score, submitted_at, player_name FROM scores
         WHERE board_pk = ? AND player_id = ? AND status IN ('approved', 'adjusted', 'set')
           ${since ? `AND ${COUNTS_FROM} >= ?` : ''}
           AND pk NOT IN (SELECT score_pk FROM corrections WHERE action = 'remove' AND score_pk IS NOT NULL)
         ORDER BY pk`,
      [boardPk, playerId, ...(since ? [timeParam(this.dialect, since)] : [])],
    );
    return rows.map((row) => ({
      pk: Number(row.pk),
      score: Number(row.score),
      submittedAt: dateFromColumn(row.submitted_at as Date | string),
      playerName: String(row.player_name),
    }));
  }

  /**
   * Whether a season's end carried a value for the player into the running standings (a rating
   * kept or softened): then they stay on the board with no results left.
   */
  async carriedOver(
    tx: EntityManager,
    boardPk: number,
    playerId: string,
    since: Date | null,
  ): Promise<boolean> {
    if (since === null) return false;
    const rows: unknown[] = await tx.query(
      `SELECT pk FROM entry_history
         WHERE board_pk = ? AND player_id = ? AND at >= ? AND kind = 'season' AND value IS NOT NULL
         LIMIT 1`,
      [boardPk, playerId, timeParam(this.dialect, since)],
    );
    return rows.length > 0;
  }
}
