import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns, index } from './schema';

/**
 * Sign-in with Discord (entities/web-session.ts): server-side sessions behind an opaque cookie,
 * and sign-ins on their way through Discord's consent page.
 */
export class WebSessions1734000000000 implements MigrationInterface {
  name = 'WebSessions1734000000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.createTable(
      new Table({
        name: 'web_sessions',
        columns: [
          c.id('pk'),
          c.text('id_hash', 64, { binary: true }),
          c.text('user_id', 20),
          c.text('user_name', 100),
          c.text('access_token', 255, { binary: true }),
          c.text('refresh_token', 255, { binary: true }),
          c.time('token_expires_at'),
          c.text('csrf_token', 64, { binary: true }),
          c.time('created_at'),
          c.time('seen_at'),
          c.time('expires_at'),
        ],
        indices: [
          index('web_sessions', ['id_hash'], true),
          index('web_sessions', ['user_id']),
          index('web_sessions', ['expires_at']),
        ],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'web_sign_ins',
        columns: [
          c.text('state_hash', 64, { primary: true, binary: true }),
          c.text('code_verifier', 128, { binary: true }),
          c.text('return_to', 500),
          c.time('expires_at'),
        ],
        indices: [index('web_sign_ins', ['expires_at'])],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('web_sign_ins');
    await runner.dropTable('web_sessions');
  }
}
