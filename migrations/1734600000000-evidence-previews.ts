import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns, index } from './schema';

/**
 * A chat report's image evidence as Tally keeps it (issue 27 item 4): Discord's attachment
 * addresses are signed and expire, and the dashboard's CSP shows pictures from Tally only, so the
 * image is downloaded while its address is valid and kept re-encoded (src/render/intake.ts: WebP,
 * at most 1920 px, no metadata) with a thumbnail, one row per submission. `board_pk` lets a board's
 * deletion take them (src/store/board-deletion.ts).
 */
export class EvidencePreviews1734600000000 implements MigrationInterface {
  name = 'EvidencePreviews1734600000000';

  async up(runner: QueryRunner): Promise<void> {
    const mysql = runner.connection.options.type === 'mysql';
    const c = columns(mysql);
    // A 1920 px WebP is well under MEDIUMBLOB's 16 MB, as in `images` (1733900000000).
    const blob = (name: string) => ({ name, type: mysql ? 'mediumblob' : 'blob' });
    await runner.createTable(
      new Table({
        name: 'evidence_previews',
        columns: [
          c.int('submission_id', false, true),
          c.int('board_pk'),
          c.int('width'),
          c.int('height'),
          blob('full'),
          c.int('thumb_width'),
          c.int('thumb_height'),
          blob('thumb'),
          c.time('created_at'),
        ],
        indices: [index('evidence_previews', ['board_pk'])],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('evidence_previews');
  }
}
