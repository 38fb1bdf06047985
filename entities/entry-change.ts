import { EntitySchema } from 'typeorm';
import { col } from './columns';

/**
 * A change to an entry that no match or score made (decay), with its cause, so a player can
 * see why they moved (/rank). Results explain themselves through their matches.
 */
export interface EntryChange {
  pk: number;
  boardPk: number;
  playerId: string;
  at: Date;
  delta: number;
  cause: string;
}

export const EntryChangeEntity = new EntitySchema<EntryChange>({
  name: 'EntryChange',
  tableName: 'entry_changes',
  columns: {
    pk: col.id(),
    boardPk: { ...col.int(), name: 'board_pk' },
    playerId: { ...col.text(160), name: 'player_id' },
    at: col.time(),
    delta: col.int(),
    cause: col.text(200),
  },
});
