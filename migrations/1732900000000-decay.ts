import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns, index } from './schema';

/**
 * Inactivity decay (entities/decay-rule.ts) and the changes it makes (entities/entry-change.ts),
 * read per player, newest first, by /rank.
 */
const CHANGES_INDEX = index('entry_changes', ['board_pk', 'player_id', 'at']);

export class Decay1732900000000 implements MigrationInterface {
  name = 'Decay1732900000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.createTable(
      new Table({
        name: 'decay_rules',
        columns: [
          c.int('board_pk', false, true),
          c.int('amount'),
          c.bool('percent'),
          c.int('after_days'),
          c.int('every_hours'),
          c.int('floor'),
          c.time('since'),
        ],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'entry_changes',
        columns: [
          c.id('pk'),
          c.int('board_pk'),
          c.text('player_id', 160, { binary: true }),
          c.time('at'),
          c.int('delta'),
          c.text('cause', 200),
        ],
        indices: [CHANGES_INDEX],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('entry_changes');
    await runner.dropTable('decay_rules');
  }
}
