import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns, index } from './schema';

/**
 * Rating boards' contests (entities/contest.ts): settings, entries, votes, reports, and the
 * images themselves, content-addressed in the database (README "Contests": every process of a
 * deployment reads them, and a backup of the database holds them).
 */
export class Contests1733900000000 implements MigrationInterface {
  name = 'Contests1733900000000';

  async up(runner: QueryRunner): Promise<void> {
    const mysql = runner.connection.options.type === 'mysql';
    const c = columns(mysql);
    await runner.createTable(
      new Table({
        name: 'contest_settings',
        columns: [
          c.int('board_pk', false, true),
          c.int('entries_per_member'),
          c.bool('approval'),
          c.text('channel_id', 20, { nullable: true }),
          c.time('submissions_until', true),
          c.time('voting_until', true),
          c.int('min_votes'),
          c.time('changed_at', true),
        ],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'contest_entries',
        columns: [
          c.id('pk'),
          c.int('board_pk'),
          c.text('author_id', 160, { binary: true }),
          c.text('author_name', 100),
          c.text('title', 100),
          c.text('image_hash', 64, { binary: true }),
          c.text('thumb_hash', 64, { binary: true }),
          c.int('width'),
          c.int('height'),
          c.text('status', 10),
          c.text('reason', 200, { nullable: true }),
          c.int('votes'),
          c.int('vote_sum'),
          c.int('reports'),
          c.time('created_at'),
          c.time('decided_at', true),
          c.int('season_pk', true),
          c.int('final_rank', true),
          c.text('post_channel_id', 20, { nullable: true }),
          c.text('post_message_id', 20, { nullable: true }),
          c.int('posted_votes'),
          c.time('posted_at', true),
          c.time('post_lease', true),
          c.text('review_state', 8),
          c.text('review_channel_id', 20, { nullable: true }),
          c.text('review_message_id', 20, { nullable: true }),
          c.text('notice_state', 8),
        ],
        indices: [
          index('contest_entries', ['board_pk', 'status']),
          index('contest_entries', ['board_pk', 'author_id']),
          index('contest_entries', ['image_hash']),
          index('contest_entries', ['thumb_hash']),
        ],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'contest_votes',
        columns: [
          c.int('entry_pk', false, true),
          c.text('voter_id', 160, { primary: true, binary: true }),
          c.int('value'),
          c.time('at'),
        ],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'contest_reports',
        columns: [
          c.int('entry_pk', false, true),
          c.text('reporter_id', 160, { primary: true, binary: true }),
          c.time('at'),
        ],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'images',
        columns: [
          c.text('hash', 64, { primary: true, binary: true }),
          c.text('content_type', 20),
          c.int('width'),
          c.int('height'),
          c.int('size'),
          // A 1920 px WebP is well under MEDIUMBLOB's 16 MB (and MariaDB's default packet size).
          { name: 'data', type: mysql ? 'mediumblob' : 'blob' },
          c.time('created_at'),
        ],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'images',
      'contest_reports',
      'contest_votes',
      'contest_entries',
      'contest_settings',
    ]) {
      await runner.dropTable(table);
    }
  }
}
