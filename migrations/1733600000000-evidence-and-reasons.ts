import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns, index } from './schema';

/**
 * Evidence and decline reasons (issue 15 items 4 and 5). A chat report may carry a link and an
 * attachment (its CDN address and whether it is an image), shown in the review message; a board
 * may require evidence of chat reports. A reviewed chat submission's submitter is told the
 * outcome by DM, durably like the review message: `notice_state` is `due` from the decision
 * until the DM went (`done`) or Discord refused it for good (`refused`). Rows decided before
 * this migration keep it null and are never told. Indexed: the due rows are the ones revisited.
 */
const NOTICE_STATE_INDEX = index('submissions', ['notice_state', 'id']);

export class EvidenceAndReasons1733600000000 implements MigrationInterface {
  name = 'EvidenceAndReasons1733600000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.addColumn(
      'boards',
      new TableColumn({ name: 'evidence_required', type: 'boolean', default: false }),
    );
    await runner.addColumns(
      'submissions',
      [
        c.text('evidence_link', 500, { nullable: true }),
        c.text('evidence_file_url', 1000, { nullable: true }),
        c.text('evidence_file_kind', 5, { nullable: true }),
        c.text('notice_state', 7, { nullable: true }),
      ].map((options) => new TableColumn(options)),
    );
    await runner.createIndex('submissions', NOTICE_STATE_INDEX);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('submissions', NOTICE_STATE_INDEX.name!);
    for (const name of [
      'notice_state',
      'evidence_file_kind',
      'evidence_file_url',
      'evidence_link',
    ]) {
      await runner.dropColumn('submissions', name);
    }
    await runner.dropColumn('boards', 'evidence_required');
  }
}
