import { EntitySchema } from 'typeorm';
import { col } from './columns';

import type { DecayRule } from '../src/domain/decay';

/** A board's decay rule as stored; the shape is the domain's (src/domain/decay.ts). */
export type { DecayRule };

export const DecayRuleEntity = new EntitySchema<DecayRule>({
  name: 'DecayRule',
  tableName: 'decay_rules',
  columns: {
    boardPk: { type: 'int', primary: true, name: 'board_pk' },
    amount: col.int(),
    percent: col.bool(),
    afterDays: { ...col.int(), name: 'after_days' },
    everyHours: { ...col.int(), name: 'every_hours' },
    floor: col.int(),
    roleFloor: { ...col.bool(), name: 'role_floor', default: false },
    since: col.time(),
  },
});
