import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns, index } from './schema';

/**
 * Seasons per board (entities/season.ts) and their archived final standings, read a page at a
 * time in rank order.
 */
export class Seasons1733100000000 implements MigrationInterface {
  name = 'Seasons1733100000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.createTable(
      new Table({
        name: 'seasons',
        columns: [
          c.id('pk'),
          c.int('board_pk'),
          c.int('number'),
          c.text('name', 100),
          c.time('started_at'),
          c.time('ends_at', true),
          c.time('ended_at', true),
          c.text('reset', 4),
          c.int('soft_percent'),
          c.text('channel_id', 20, { nullable: true }),
          c.int('top_n'),
          c.bool('repeats'),
        ],
        indices: [index('seasons', ['board_pk', 'number'], true)],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'season_standings',
        columns: [
          c.int('season_pk', false, true),
          c.text('player_id', 160, { primary: true, binary: true }),
          c.text('player_name', 100),
          c.int('final_rank'),
          c.bigint('value', true),
          c.int('wins', true),
          c.int('draws', true),
          c.int('losses', true),
          c.int('submissions', true),
        ],
        indices: [index('season_standings', ['season_pk', 'final_rank', 'player_id'])],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('season_standings');
    await runner.dropTable('seasons');
  }
}
