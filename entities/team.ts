import { EntitySchema } from 'typeorm';
import { col } from './columns';

/** A fixed team entity of a fixed-teams board; on the wire it is `team:<pk>` (spec 2.4). */
export interface Team {
  pk: number;
  boardPk: number;
  name: string;
  createdAt: Date;
}

export const TeamEntity = new EntitySchema<Team>({
  name: 'Team',
  tableName: 'teams',
  columns: {
    pk: col.id(),
    boardPk: { ...col.int(), name: 'board_pk' },
    name: col.text(100),
    createdAt: { ...col.time(), name: 'created_at' },
  },
});
