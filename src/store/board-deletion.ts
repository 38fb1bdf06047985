import type { EntityManager } from 'typeorm';
import { BoardEntity } from '../../entities/board';
import type { BoardContents } from '../domain/board-deletion';
import { Repository } from './repository';

export type { BoardContents };

/** Rows of one board, by the column that names it: deleted after their dependants below. */
const BY_BOARD = [
  'submissions',
  'scores',
  'match_participants',
  'matches',
  'entries',
  'entry_history',
  'seasons',
  'corrections',
  'review_blocks',
  'decay_rules',
  'teams',
  'rank_roles',
  'rank_role_settings',
  'rank_role_grants',
  'live_standings',
  'contest_entries',
  'contest_settings',
  'queue_matches',
  'queues',
  'evidence_previews',
] as const;

/** Rows that name a row of the board rather than the board: [table, column, the board's rows]. */
const BY_PARENT = [
  ['contest_votes', 'entry_pk', 'SELECT pk FROM contest_entries WHERE board_pk = ?'],
  ['contest_reports', 'entry_pk', 'SELECT pk FROM contest_entries WHERE board_pk = ?'],
  ['season_standings', 'season_pk', 'SELECT pk FROM seasons WHERE board_pk = ?'],
  // The queue's own scheduled step finds no queue and ends itself.
  ['queue_waits', 'queue_pk', 'SELECT pk FROM queues WHERE board_pk = ?'],
  ['queue_players', 'match_pk', 'SELECT pk FROM queue_matches WHERE board_pk = ?'],
  // A replay of a write to a deleted board would answer for a board that is gone.
  ['idempotency_records', 'submission_id', 'SELECT id FROM submissions WHERE board_pk = ?'],
] as const;

/**
 * A board and every row that belongs to it, gone in one transaction (issue 27 item 9). The
 * tables have no foreign keys: each is named here, and test/pipeline/board-deletion.test.ts
 * checks that no table of the schema keeps a row of a deleted board.
 */
export class BoardDeletionRepository extends Repository {
  async contents(boardPk: number, tx?: EntityManager): Promise<BoardContents> {
    const count = (table: string) => `(SELECT COUNT(*) FROM ${table} WHERE board_pk = ?)`;
    const rows: Record<keyof BoardContents, number | string>[] = await this.use(tx, (m) =>
      m.query(
        `SELECT ${count('entries')} AS entries, ${count('matches')} AS matches,
         ${count('scores')} AS scores, ${count('seasons')} AS seasons,
         ${count('contest_entries')} AS contestEntries,
         ${count('evidence_previews')} AS evidenceImages`,
        [boardPk, boardPk, boardPk, boardPk, boardPk, boardPk],
      ),
    );
    const row = rows[0]!;
    return {
      entries: Number(row.entries),
      matches: Number(row.matches),
      scores: Number(row.scores),
      seasons: Number(row.seasons),
      contestEntries: Number(row.contestEntries),
      evidenceImages: Number(row.evidenceImages),
    };
  }

  /**
   * Deletes the owner's board `boardPk` and every row that names it or one of its rows, in `tx`;
   * null when it was gone already, else what it held and what the caller still has to clear:
   * the schedules of its seasons and queue and the images its contest entries showed. The board row goes first: on MariaDB that
   * takes its row lock, which the worker's batch holds while it writes (results.ts lockBoard), so
   * a batch in progress commits first and its rows are deleted here, and a batch after finds no
   * board and writes nothing; a second deletion waits on the lock, then deletes nothing. On
   * SQLite the transaction is the one writer.
   */
  async deleteBoard(
    ownerId: string,
    boardPk: number,
    tx: EntityManager,
  ): Promise<{
    contents: BoardContents;
    seasonPks: number[];
    queuePks: number[];
    imageHashes: string[];
  } | null> {
    const removed = await tx.delete(BoardEntity, { pk: boardPk, ownerId });
    if ((removed.affected ?? 0) === 0) return null;
    // Counted under the lock: what is deleted, even if a worker's batch committed just before.
    const contents = await this.contents(boardPk, tx);
    const seasons: { pk: number }[] = await tx.query('SELECT pk FROM seasons WHERE board_pk = ?', [
      boardPk,
    ]);
    const queues: { pk: number }[] = await tx.query('SELECT pk FROM queues WHERE board_pk = ?', [
      boardPk,
    ]);
    const images: { image_hash: string; thumb_hash: string }[] = await tx.query(
      'SELECT image_hash, thumb_hash FROM contest_entries WHERE board_pk = ?',
      [boardPk],
    );
    for (const [table, column, parents] of BY_PARENT) {
      await tx.query(`DELETE FROM ${table} WHERE ${column} IN (${parents})`, [boardPk]);
    }
    for (const table of BY_BOARD) {
      await tx.query(`DELETE FROM ${table} WHERE board_pk = ?`, [boardPk]);
    }
    return {
      contents,
      seasonPks: seasons.map((s) => Number(s.pk)),
      queuePks: queues.map((q) => Number(q.pk)),
      imageHashes: images.flatMap((i) => [i.image_hash, i.thumb_hash]),
    };
  }

  /** Scheduled jobs of these subjects, whatever their kind (`board:12`, `season:3:end`). */
  async deleteSchedules(subjects: readonly string[], tx: EntityManager): Promise<void> {
    for (let i = 0; i < subjects.length; i += 300) {
      const chunk = subjects.slice(i, i + 300);
      await tx.query(
        `DELETE FROM schedules WHERE subject IN (${chunk.map(() => '?').join(', ')})`,
        chunk,
      );
    }
  }
}
