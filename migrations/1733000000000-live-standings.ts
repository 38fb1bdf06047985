import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns } from './schema';

/** Live standings messages, one per board (entities/live-standings.ts). */
export class LiveStandings1733000000000 implements MigrationInterface {
  name = 'LiveStandings1733000000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.createTable(
      new Table({
        name: 'live_standings',
        columns: [
          c.int('board_pk', false, true),
          c.text('channel_id', 20),
          c.text('message_id', 20, { nullable: true }),
          c.text('digest', 64, { nullable: true }),
          c.time('updated_at', true),
        ],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('live_standings');
  }
}
