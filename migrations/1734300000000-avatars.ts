import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns } from './schema';

/**
 * Avatars and server icons (issue 29 item 2): the hashes Discord sent when Tally last saw a
 * member (an interaction, a REST lookup of their name) and a server (GUILD_CREATE), so pages and
 * cards show people's pictures. One row per member per workspace (`guild_avatar`: the one they set
 * for that server); the icon is the owner's.
 */
export class Avatars1734300000000 implements MigrationInterface {
  name = 'Avatars1734300000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.createTable(
      new Table({
        name: 'member_avatars',
        columns: [
          c.text('owner_id', 40, { primary: true, binary: true }),
          c.text('user_id', 20, { primary: true, binary: true }),
          c.text('avatar', 40, { nullable: true, binary: true }),
          c.text('guild_avatar', 40, { nullable: true, binary: true }),
          c.time('seen_at'),
        ],
      }),
      true,
    );
    await runner.addColumn(
      'owners',
      new TableColumn(c.text('icon', 40, { nullable: true, binary: true })),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('owners', 'icon');
    await runner.dropTable('member_avatars');
  }
}
