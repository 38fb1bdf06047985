import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Private boards (issue 27 item 6): a board may leave the public pages, its server's index and
 * the unfurl cards; only signed-in members of its server see its pages. Every board stays public.
 */
export class PrivateBoards1734100000000 implements MigrationInterface {
  name = 'PrivateBoards1734100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn(
      'boards',
      new TableColumn({ name: 'private', type: 'boolean', default: false }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('boards', 'private');
  }
}
