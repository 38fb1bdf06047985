import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns, index } from './schema';

/**
 * One scheduler for time-driven work (entities/schedule.ts): a row per job and subject with its
 * next due time, indexed by that time, the only thing every process's scheduler polls.
 */
const DUE_INDEX = index('schedules', ['due_at']);

export class Schedules1732800000000 implements MigrationInterface {
  name = 'Schedules1732800000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.createTable(
      new Table({
        name: 'schedules',
        columns: [
          c.text('kind', 20, { primary: true, binary: true }),
          c.text('subject', 60, { primary: true, binary: true }),
          c.time('due_at'),
        ],
        indices: [DUE_INDEX],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('schedules');
  }
}
