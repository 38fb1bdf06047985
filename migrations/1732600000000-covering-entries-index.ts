import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { index } from './schema';

/**
 * Issue 3 (entries pages fast enough): the page index carries every column a page reads, so a
 * page of 51 rows is one walk of one index instead of one table lookup per row (SQLite: ~200 µs
 * down to ~50 µs a page on a 1M board). Same leading columns (board_pk, rank_key, player_id),
 * i.e. (board, value DESC, player_id ASC), so every plan that used the old index uses this one;
 * the old one is dropped, so a write still maintains one entries index besides the primary key.
 */
const OLD = index('entries', ['board_pk', 'rank_key', 'player_id']);
const COVERING = new TableIndex({
  name: 'ix_entries_board_pk_rank_key_player_id_covering',
  columnNames: [
    'board_pk',
    'rank_key',
    'player_id',
    'player_name',
    'score',
    'elo',
    'wins',
    'draws',
    'losses',
    'submissions',
    'last_sub',
  ],
});

export class CoveringEntriesIndex1732600000000 implements MigrationInterface {
  name = 'CoveringEntriesIndex1732600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createIndex('entries', COVERING);
    await runner.dropIndex('entries', OLD.name!);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.createIndex('entries', OLD);
    await runner.dropIndex('entries', COVERING.name!);
  }
}
