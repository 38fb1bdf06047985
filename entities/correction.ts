import { EntitySchema } from 'typeorm';
import type { CorrectionAction, ResultValue, ValueChange } from '../src/domain/correction';
import { col } from './columns';

/**
 * A moderator's correction of an applied match or score (issue 15 item 2, DESIGN.md 6): what
 * the result was and became, who changed it, when and why, and every participant's value before
 * and after. The corrected row itself carries status `set`; this is its explicit record.
 */
export interface CorrectionRecord {
  pk: number;
  boardPk: number;
  matchPk: number | null;
  scorePk: number | null;
  action: CorrectionAction;
  before: ResultValue;
  /** The corrected result; null when the result was removed. */
  after: ResultValue | null;
  changes: ValueChange[];
  by: string;
  reason: string | null;
  at: Date;
}

export const CorrectionEntity = new EntitySchema<CorrectionRecord>({
  name: 'Correction',
  tableName: 'corrections',
  columns: {
    pk: col.id(),
    boardPk: { ...col.int(), name: 'board_pk' },
    matchPk: { ...col.int(true), name: 'match_pk' },
    scorePk: { ...col.int(true), name: 'score_pk' },
    action: col.text(6),
    before: { ...col.json(), name: 'result_before' },
    after: { ...col.json(), nullable: true, name: 'result_after' },
    changes: col.json(),
    by: { ...col.text(40), name: 'corrected_by' },
    reason: col.text(300, true),
    at: { ...col.time(), name: 'corrected_at' },
  },
});
