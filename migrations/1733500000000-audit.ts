import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns, index } from './schema';

/**
 * The audit channel (entities/audit.ts): where each server's audit lines go, and the lines
 * themselves, an outbox written with the change each describes and drained by the bot.
 */
export class Audit1733500000000 implements MigrationInterface {
  name = 'Audit1733500000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.createTable(
      new Table({
        name: 'audit_channels',
        columns: [
          c.text('owner_id', 40, { primary: true }),
          c.text('channel_id', 20),
          c.text('set_by', 40),
          c.time('set_at'),
        ],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'audit_events',
        columns: [
          c.id('pk'),
          c.text('owner_id', 40),
          c.time('at'),
          c.text('line', 2000),
          c.text('state', 8),
          c.int('attempts'),
          c.time('retry_at', true),
          c.text('nonce', 25),
          c.text('channel_id', 20, { nullable: true }),
          c.text('message_id', 20, { nullable: true }),
        ],
        // The poster reads pending lines oldest first; posted ones are never scanned.
        indices: [index('audit_events', ['state', 'pk'])],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('audit_events');
    await runner.dropTable('audit_channels');
  }
}
