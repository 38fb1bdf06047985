import { EntitySchema } from 'typeorm';
import { col } from './columns';

import type { ScoreStatus } from '../src/domain/vocabulary';

/** A score submitted to a Classic, Highscore or Time board. */
export interface Score {
  pk: number;
  boardPk: number;
  playerId: string;
  playerName: string;
  score: number;
  status: ScoreStatus;
  submittedAt: Date;
  submittedBy: string | null;
  submissionId: number | null;
  reviewedAt: Date | null;
  reviewedBy: string | null;
}

export const ScoreEntity = new EntitySchema<Score>({
  name: 'Score',
  tableName: 'scores',
  columns: {
    pk: col.id(),
    boardPk: { ...col.int(), name: 'board_pk' },
    playerId: { ...col.text(160), name: 'player_id' },
    playerName: { ...col.text(100), name: 'player_name' },
    score: col.bigint(),
    status: col.text(10),
    submittedAt: { ...col.time(), name: 'submitted_at' },
    submittedBy: { ...col.text(40, true), name: 'submitted_by' },
    submissionId: { ...col.int(true), name: 'submission_id' },
    reviewedAt: { ...col.time(true), name: 'reviewed_at' },
    reviewedBy: { ...col.text(40, true), name: 'reviewed_by' },
  },
});
