import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns } from './schema';

/**
 * How a board's standings look (issue 27 item 9): medals on the top three in chat and the podium
 * on its public page (`medals`), how many ranks a page of standings in chat shows
 * (`standings_size`, 10 as before), and whether the optional columns show: a match board's
 * record (`show_record`), another board's submissions count (`show_submissions`). Every board
 * keeps its record, its submissions column and its podium.
 */
export class BoardDisplay1734200000000 implements MigrationInterface {
  name = 'BoardDisplay1734200000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.addColumns(
      'boards',
      [
        { ...c.bool('medals'), default: true },
        { ...c.int('standings_size'), default: 10 },
        { ...c.bool('show_record'), default: true },
        { ...c.bool('show_submissions'), default: true },
      ].map((options) => new TableColumn(options)),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const name of ['show_submissions', 'show_record', 'standings_size', 'medals']) {
      await runner.dropColumn('boards', name);
    }
  }
}
