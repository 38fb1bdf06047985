import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns } from './schema';

/**
 * A board's version (issue 31): moves on, in the same transaction, with every change to what its
 * entries pages show (its entries, its own row), so a cached first page survives writes on other
 * boards and is dropped by a write on its own (src/store/read-cache.ts). BIGINT: a busy board
 * moves it on with every batch of its worker.
 */
export class BoardVersions1734500000000 implements MigrationInterface {
  name = 'BoardVersions1734500000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.addColumn('boards', new TableColumn({ ...c.bigint('version'), default: 0 }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('boards', 'version');
  }
}
