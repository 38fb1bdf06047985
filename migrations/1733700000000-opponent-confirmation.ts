import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns, index } from './schema';

/**
 * Opponent confirmation (issue 15 item 3). A board's review mode: `moderators` (as before) or
 * `opponents`, whose members' match reports wait `confirm_window_hours` for an opponent to
 * confirm or dispute, and on silence are confirmed or escalated (`confirm_on_silence`).
 *
 * A report waiting for its opponents keeps its state in its queue row, so the message in the
 * channel it was reported in is posted and edited from the row alone (durable, like review
 * messages): `confirm_state` awaiting → confirmed | auto | disputed | escalated | withdrawn;
 * `confirm_by` who pressed; `confirm_due_at` the end of the window; `confirm_channel_id` where it
 * was reported; `confirm_message_state` open (buttons shown) → moved (went to the moderators) →
 * closed (shows the outcome). Both states are indexed: the sweep and the poster revisit only them.
 */
const DUE_INDEX = index('submissions', ['confirm_state', 'confirm_due_at']);
const MESSAGE_INDEX = index('submissions', ['confirm_message_state', 'id']);

export class OpponentConfirmation1733700000000 implements MigrationInterface {
  name = 'OpponentConfirmation1733700000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.addColumns(
      'boards',
      [
        { ...c.text('review_mode', 10), default: "'moderators'" },
        { ...c.int('confirm_window_hours'), default: 24 },
        { ...c.text('confirm_on_silence', 8), default: "'confirm'" },
      ].map((options) => new TableColumn(options)),
    );
    await runner.addColumns(
      'submissions',
      [
        c.text('confirm_state', 9, { nullable: true }),
        c.text('confirm_by', 40, { nullable: true }),
        c.time('confirm_due_at', true),
        c.text('confirm_channel_id', 20, { nullable: true }),
        c.text('confirm_message_id', 20, { nullable: true }),
        c.text('confirm_message_state', 6, { nullable: true }),
      ].map((options) => new TableColumn(options)),
    );
    await runner.createIndex('submissions', DUE_INDEX);
    await runner.createIndex('submissions', MESSAGE_INDEX);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('submissions', MESSAGE_INDEX.name!);
    await runner.dropIndex('submissions', DUE_INDEX.name!);
    for (const name of [
      'confirm_message_state',
      'confirm_message_id',
      'confirm_channel_id',
      'confirm_due_at',
      'confirm_by',
      'confirm_state',
    ]) {
      await runner.dropColumn('submissions', name);
    }
    for (const name of ['confirm_on_silence', 'confirm_window_hours', 'review_mode']) {
      await runner.dropColumn('boards', name);
    }
  }
}
