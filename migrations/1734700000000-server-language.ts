import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns } from './schema';

/**
 * The server's language (issue 32): what Tally posts for everyone speaks it. `discord_locale` is
 * the server's preferred locale on Discord as Tally last saw it (GUILD_CREATE, GUILD_UPDATE, an
 * interaction's `guild_locale`); `language` is the shipped language its admins picked, null to
 * follow Discord.
 */
export class ServerLanguage1734700000000 implements MigrationInterface {
  name = 'ServerLanguage1734700000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.addColumns('owners', [
      new TableColumn(c.text('discord_locale', 10, { nullable: true, binary: true })),
      new TableColumn(c.text('language', 10, { nullable: true, binary: true })),
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('owners', 'language');
    await runner.dropColumn('owners', 'discord_locale');
  }
}
