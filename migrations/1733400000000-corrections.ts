import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns, index } from './schema';

/** Corrections after approval (entities/correction.ts): one row per moderator correction. */
export class Corrections1733400000000 implements MigrationInterface {
  name = 'Corrections1733400000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.createTable(
      new Table({
        name: 'corrections',
        columns: [
          c.id('pk'),
          c.int('board_pk'),
          c.int('match_pk', true),
          c.int('score_pk', true),
          c.text('action', 6),
          { name: 'result_before', type: 'text' },
          { name: 'result_after', type: 'text', isNullable: true },
          { name: 'changes', type: 'text' },
          c.text('corrected_by', 40),
          c.text('reason', 300, { nullable: true }),
          c.time('corrected_at'),
        ],
        indices: [index('corrections', ['match_pk']), index('corrections', ['score_pk'])],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('corrections');
  }
}
