import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns, index } from './schema';

/**
 * Rank roles per board, their settings, and the roles Tally gave (entities/rank-role.ts); decay
 * rules learn to stop at a rank role's threshold.
 */
export class RankRoles1733200000000 implements MigrationInterface {
  name = 'RankRoles1733200000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.createTable(
      new Table({
        name: 'rank_roles',
        columns: [
          c.id('pk'),
          c.int('board_pk'),
          c.text('role_id', 20),
          c.text('kind', 5),
          c.bigint('threshold'),
          c.bigint('keep_to', true),
          c.text('problem', 200, { nullable: true }),
        ],
        indices: [index('rank_roles', ['board_pk', 'role_id'], true)],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'rank_role_settings',
        columns: [c.int('board_pk', false, true), c.int('min_games'), c.bool('stack')],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'rank_role_grants',
        columns: [
          c.int('board_pk', false, true),
          c.text('player_id', 160, { primary: true, binary: true }),
          c.text('role_id', 20, { primary: true }),
          c.time('at'),
        ],
      }),
      true,
    );
    // Decay may stop at the threshold of the rank role a rating has reached.
    await runner.addColumn(
      'decay_rules',
      new TableColumn({ name: 'role_floor', type: 'boolean', default: false }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('decay_rules', 'role_floor');
    await runner.dropTable('rank_role_grants');
    await runner.dropTable('rank_role_settings');
    await runner.dropTable('rank_roles');
  }
}
