import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns } from './schema';

/**
 * A rank role a member held before Tally would have given it is recorded with `given` false
 * (entities/rank-role.ts): Tally never takes back a role it did not give. Rows from before were
 * all written when Tally gave the role, so they read as given.
 */
export class RankRoleHolders1733860000000 implements MigrationInterface {
  name = 'RankRoleHolders1733860000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.addColumn(
      'rank_role_grants',
      new TableColumn({ ...c.bool('given'), default: true }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('rank_role_grants', 'given');
  }
}
