import { EntitySchema } from 'typeorm';
import { col } from './columns';

import type { MatchStatus, Winner } from '../src/domain/vocabulary';

/** A match on an ELO or League board (spec 2.5); `number` is the per-board match id. */
export interface Match {
  pk: number;
  boardPk: number;
  number: number;
  winner: Winner | null;
  team1Score: number | null;
  team2Score: number | null;
  status: MatchStatus;
  submittedAt: Date;
  submittedBy: string | null;
  submissionId: number | null;
  reviewedAt: Date | null;
  reviewedBy: string | null;
}

export const MatchEntity = new EntitySchema<Match>({
  name: 'Match',
  tableName: 'matches',
  columns: {
    pk: col.id(),
    boardPk: { ...col.int(), name: 'board_pk' },
    number: col.int(),
    winner: col.text(5, true),
    team1Score: { ...col.bigint(true), name: 'team1_score' },
    team2Score: { ...col.bigint(true), name: 'team2_score' },
    status: col.text(10),
    submittedAt: { ...col.time(), name: 'submitted_at' },
    submittedBy: { ...col.text(40, true), name: 'submitted_by' },
    submissionId: { ...col.int(true), name: 'submission_id' },
    reviewedAt: { ...col.time(true), name: 'reviewed_at' },
    reviewedBy: { ...col.text(40, true), name: 'reviewed_by' },
  },
});
