import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns } from './schema';

/**
 * The order-statistics counters behind live ranks (src/domain/rank-tree.ts), filled from the
 * entries already stored (level 0 counts per rank_key; level L per (rank_key + 2^53) >> 9L), and
 * a per-board queue index: the worker's locking read of a board's oldest queued row then locks
 * only that board's rows on MariaDB instead of walking (status, id) across every board.
 */
const QUEUE_INDEX = new TableIndex({
  name: 'ix_submissions_board_pk_status_id',
  columnNames: ['board_pk', 'status', 'id'],
});

/**
 * The counters of every entry stored when this migration ran, in SQL frozen as it was then
 * (9 bits per level, 6 levels, rank_key shifted by 2^53): a historic migration must not change
 * when today's store code does. src/store/entries.ts rebuildRankCounts is the live twin.
 */
async function fillCounters(runner: QueryRunner): Promise<void> {
  for (let level = 0; level < 6; level++) {
    const bucket = level === 0 ? 'rank_key' : `((rank_key + 9007199254740992) >> ${9 * level})`;
    await runner.query(
      `INSERT INTO entry_rank_counts (board_pk, level, bucket, n)
       SELECT board_pk, ${level}, ${bucket}, COUNT(*) FROM entries GROUP BY board_pk, ${bucket}`,
    );
  }
}

export class RankCountsAndQueueIndex1732400000000 implements MigrationInterface {
  name = 'RankCountsAndQueueIndex1732400000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.createTable(
      new Table({
        name: 'entry_rank_counts',
        columns: [
          c.int('board_pk', false, true),
          c.int('level', false, true),
          { ...c.bigint('bucket'), isPrimary: true },
          c.int('n'),
        ],
      }),
      true,
    );
    await runner.createIndex('submissions', QUEUE_INDEX);
    await fillCounters(runner);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('entry_rank_counts', true);
    await runner.dropIndex('submissions', QUEUE_INDEX.name!);
  }
}
