import type { EntityManager } from 'typeorm';
import {
  RankRoleEntity,
  RankRoleGrantEntity,
  RankRoleSettingsEntity,
  type RankRole,
  type RankRoleGrant,
  type RankRoleSettings,
  UNVERIFIED,
} from '../../entities/rank-role';
import { Repository } from './repository';

/** Rank roles per board, their settings and the roles members hold (entities/rank-role.ts). */
export class RankRoleRepository extends Repository {
  roles(boardPk: number, tx?: EntityManager): Promise<RankRole[]> {
    return this.use(tx, (m) =>
      m.find(RankRoleEntity, { where: { boardPk }, order: { pk: 'ASC' } }),
    );
  }

  /** Adds the role, or replaces its rule (and forgets its problem) if the board has it already. */
  async put(role: Omit<RankRole, 'pk'>, tx: EntityManager): Promise<void> {
    await tx.delete(RankRoleEntity, { boardPk: role.boardPk, roleId: role.roleId });
    await tx.insert(RankRoleEntity, role);
  }

  async remove(boardPk: number, roleId: string, tx?: EntityManager): Promise<boolean> {
    const removed = await this.use(tx, (m) => m.delete(RankRoleEntity, { boardPk, roleId }));
    return (removed.affected ?? 0) > 0;
  }

  async setProblem(boardPk: number, roleId: string, problem: string | null): Promise<void> {
    await this.use(undefined, (m) =>
      m.update(RankRoleEntity, { boardPk, roleId }, { problem: problem?.slice(0, 200) ?? null }),
    );
  }

  async clearProblems(boardPk: number, tx: EntityManager): Promise<void> {
    await tx.update(RankRoleEntity, { boardPk }, { problem: null });
  }

  async settings(boardPk: number, tx?: EntityManager): Promise<RankRoleSettings> {
    const row = await this.use(tx, (m) => m.findOneBy(RankRoleSettingsEntity, { boardPk }));
    return row ?? { boardPk, minGames: 0, stack: false };
  }

  async setSettings(settings: RankRoleSettings, tx?: EntityManager): Promise<void> {
    await this.use(tx, async (m) => {
      await m.delete(RankRoleSettingsEntity, { boardPk: settings.boardPk });
      await m.insert(RankRoleSettingsEntity, settings);
    });
  }

  grants(boardPk: number): Promise<RankRoleGrant[]> {
    return this.use(undefined, (m) => m.find(RankRoleGrantEntity, { where: { boardPk } }));
  }

  /** Tally gave her the role. */
  async grant(grant: Omit<RankRoleGrant, 'given'>): Promise<void> {
    await this.use(undefined, async (m) => {
      await m.delete(RankRoleGrantEntity, {
        boardPk: grant.boardPk,
        playerId: grant.playerId,
        roleId: grant.roleId,
      });
      await m.insert(RankRoleGrantEntity, { ...grant, given: true });
    });
  }

  /**
   * She holds the role, seen on Discord before Tally would have given it: a record Tally already
   * has keeps whether Tally gave it (now verified); otherwise it is recorded as not given.
   */
  async held(grant: Omit<RankRoleGrant, 'given'>): Promise<void> {
    const { boardPk, playerId, roleId, at } = grant;
    await this.use(undefined, async (m) => {
      const known = await m.update(RankRoleGrantEntity, { boardPk, playerId, roleId }, { at });
      if ((known.affected ?? 0) === 0) {
        await m.insert(RankRoleGrantEntity, { ...grant, given: false });
      }
    });
  }

  async revoke(boardPk: number, playerId: string, roleId: string): Promise<void> {
    await this.use(undefined, (m) => m.delete(RankRoleGrantEntity, { boardPk, playerId, roleId }));
  }

  /** The member left the server: Tally forgets what it gave them and skips them for now. */
  async markLeft(boardPk: number, playerId: string, at: Date): Promise<void> {
    await this.use(undefined, async (m) => {
      await m.delete(RankRoleGrantEntity, { boardPk, playerId });
      await m.insert(RankRoleGrantEntity, { boardPk, playerId, roleId: '', at, given: false });
    });
  }

  /** A refresh: members who left are tried again, and every role given is given once more. */
  async unverify(boardPk: number, tx: EntityManager): Promise<void> {
    await tx.delete(RankRoleGrantEntity, { boardPk, roleId: '' });
    await tx.update(RankRoleGrantEntity, { boardPk }, { at: UNVERIFIED });
  }
}
