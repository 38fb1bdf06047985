import { EntitySchema } from 'typeorm';
import type { HistoryRow } from '../src/domain/history';
import { col } from './columns';

/**
 * Every change of a participant's value on a board, with its time and cause (issue 14 item 1):
 * a result applied, decay, a season's reset. The series behind profiles and charts, and the
 * cause /rank names for a move no result explains. Written with the entry, in its transaction.
 */
export interface EntryHistory extends HistoryRow {
  pk: number;
  boardPk: number;
}

export const EntryHistoryEntity = new EntitySchema<EntryHistory>({
  name: 'EntryHistory',
  tableName: 'entry_history',
  columns: {
    pk: col.id(),
    boardPk: { ...col.int(), name: 'board_pk' },
    playerId: { ...col.text(160), name: 'player_id' },
    at: col.time(),
    value: col.bigint(true),
    delta: col.bigint(true),
    kind: col.text(6),
    ref: col.int(true),
    cause: col.text(200),
  },
});
