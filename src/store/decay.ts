import type { EntityManager } from 'typeorm';
import { DecayRuleEntity, type DecayRule } from '../../entities/decay-rule';
import { Repository } from './repository';

/** Decay rules per board (the changes decay makes are entry history). */
export class DecayRepository extends Repository {
  rule(boardPk: number, tx?: EntityManager): Promise<DecayRule | null> {
    return this.use(tx, (m) => m.findOneBy(DecayRuleEntity, { boardPk }));
  }

  async setRule(rule: DecayRule, tx?: EntityManager): Promise<void> {
    await this.use(tx, async (m) => {
      await m.delete(DecayRuleEntity, { boardPk: rule.boardPk });
      await m.insert(DecayRuleEntity, rule);
    });
  }

  async removeRule(boardPk: number, tx?: EntityManager): Promise<void> {
    await this.use(tx, (m) => m.delete(DecayRuleEntity, { boardPk }));
  }
}
