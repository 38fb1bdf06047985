import type { EntityManager } from 'typeorm';
import { DecayRuleEntity, type DecayRule } from '../../entities/decay-rule';
import { EntryChangeEntity, type EntryChange } from '../../entities/entry-change';
import { Repository } from './repository';

/** Decay rules per board and the entry changes decay makes. */
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

  /** In statements of 500 rows: SQLite takes at most 32 766 parameters in one. */
  async recordChanges(tx: EntityManager, changes: Omit<EntryChange, 'pk'>[]): Promise<void> {
    for (let i = 0; i < changes.length; i += 500) {
      await tx.insert(EntryChangeEntity, changes.slice(i, i + 500));
    }
  }

  /** A player's changes on a board, newest first. */
  recent(boardPk: number, playerId: string, limit: number): Promise<EntryChange[]> {
    return this.use(undefined, (m) =>
      m.find(EntryChangeEntity, {
        where: { boardPk, playerId },
        order: { at: 'DESC', pk: 'DESC' },
        take: limit,
      }),
    );
  }
}
