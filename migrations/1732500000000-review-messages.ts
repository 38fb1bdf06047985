import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns, index } from './schema';

/**
 * The review message of a submission (DESIGN.md 1: moderator channel with Approve / Decline),
 * kept in the queue row so posting it is durable: the bot posts every pending review without a
 * message, retries a failed post after `review_retry_at`, and edits an `open` message once the
 * submission is decided (buttons, `tally review` or expiry), then marks it `closed`.
 * `review_state` is indexed: the open messages are the only rows the bot revisits.
 */
const REVIEW_STATE_INDEX = index('submissions', ['review_state', 'id']);

export class ReviewMessages1732500000000 implements MigrationInterface {
  name = 'ReviewMessages1732500000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.addColumns(
      'submissions',
      [
        c.text('review_state', 6, { nullable: true }),
        c.text('review_channel_id', 20, { nullable: true }),
        c.text('review_message_id', 20, { nullable: true }),
        c.time('review_posted_at', true),
        { ...c.int('review_attempts'), default: 0 },
        c.time('review_retry_at', true),
      ].map((options) => new TableColumn(options)),
    );
    await runner.createIndex('submissions', REVIEW_STATE_INDEX);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('submissions', REVIEW_STATE_INDEX.name!);
    for (const name of [
      'review_retry_at',
      'review_attempts',
      'review_posted_at',
      'review_message_id',
      'review_channel_id',
      'review_state',
    ]) {
      await runner.dropColumn('submissions', name);
    }
  }
}
