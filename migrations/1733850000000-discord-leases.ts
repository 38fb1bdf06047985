import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns } from './schema';

/**
 * A board's live standings message is posted, edited and looked up by one process at a time
 * (`leased_until`, taken with a conditional UPDATE), and its posts carry a nonce made from
 * `posts`, the number of messages posted for it so far, so that Discord drops a post sent again
 * (src/bot/jobs/live-standings.ts).
 */
export class DiscordLeases1733850000000 implements MigrationInterface {
  name = 'DiscordLeases1733850000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.addColumns('live_standings', [
      new TableColumn(c.time('leased_until', true)),
      new TableColumn({ ...c.int('posts'), default: 0 }),
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('live_standings', 'posts');
    await runner.dropColumn('live_standings', 'leased_until');
  }
}
