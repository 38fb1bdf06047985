import { EntitySchema } from 'typeorm';
import { col } from './columns';

/** One participant's standing on a board (spec 2.4). */
export interface Entry {
  boardPk: number;
  playerId: string;
  playerName: string;
  score: number | null;
  elo: number | null;
  /**
   * The ranking value with the board's direction folded in: value on `asc` boards, −value on
   * `desc` boards. One ascending index (board, rank_key, player_id) then serves both directions
   * with player_id ascending as the tie order (DESIGN.md 3), and keyset pages never filesort.
   */
  rankKey: number;
  wins: number | null;
  draws: number | null;
  losses: number | null;
  submissions: number | null;
  lastSub: Date | null;
}

export const EntryEntity = new EntitySchema<Entry>({
  name: 'Entry',
  tableName: 'entries',
  columns: {
    boardPk: { ...col.int(), primary: true, name: 'board_pk' },
    playerId: { ...col.text(160), primary: true, name: 'player_id' },
    playerName: { ...col.text(100), name: 'player_name' },
    score: col.bigint(true),
    elo: col.bigint(true),
    rankKey: { ...col.bigint(), name: 'rank_key' },
    wins: col.int(true),
    draws: col.int(true),
    losses: col.int(true),
    submissions: col.int(true),
    lastSub: { ...col.time(true), name: 'last_sub' },
  },
});
