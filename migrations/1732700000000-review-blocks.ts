import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns } from './schema';

/**
 * Boards whose review messages Discord refuses for good (entities/review-block.ts): recorded
 * once, shown in /board info, and probed at a slow pace instead of retried forever.
 */
export class ReviewBlocks1732700000000 implements MigrationInterface {
  name = 'ReviewBlocks1732700000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.createTable(
      new Table({
        name: 'review_blocks',
        columns: [
          c.int('board_pk', false, true),
          c.text('reason', 300),
          c.time('since'),
          c.time('probe_at'),
        ],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('review_blocks');
  }
}
