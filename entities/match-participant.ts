import { EntitySchema } from 'typeorm';
import { col } from './columns';

/** One roster slot of a match, with the rating snapshot taken at submission (spec 1.6). */
export interface MatchParticipant {
  matchPk: number;
  side: 1 | 2;
  position: number;
  boardPk: number;
  matchNumber: number;
  playerId: string;
  playerName: string;
  /** Rating held when the match was submitted; null on League boards. */
  eloBefore: number | null;
  /** Rating change once applied; null until then and on League boards. */
  eloDelta: number | null;
}

export const MatchParticipantEntity = new EntitySchema<MatchParticipant>({
  name: 'MatchParticipant',
  tableName: 'match_participants',
  columns: {
    matchPk: { ...col.int(), primary: true, name: 'match_pk' },
    side: { ...col.int(), primary: true },
    position: { ...col.int(), primary: true },
    boardPk: { ...col.int(), name: 'board_pk' },
    matchNumber: { ...col.int(), name: 'match_number' },
    playerId: { ...col.text(160), name: 'player_id' },
    playerName: { ...col.text(100), name: 'player_name' },
    eloBefore: { ...col.bigint(true), name: 'elo_before' },
    eloDelta: { ...col.bigint(true), name: 'elo_delta' },
  },
});
