import { EntitySchema } from 'typeorm';
import type { RankRole, RankRoleSettings } from '../src/domain/rank-roles';
import { col } from './columns';

/** A board's rank roles as stored; the shapes are the domain's (src/domain/rank-roles.ts). */
export type { RankRole, RankRoleSettings };

export const RankRoleEntity = new EntitySchema<RankRole>({
  name: 'RankRole',
  tableName: 'rank_roles',
  columns: {
    pk: col.id(),
    boardPk: { ...col.int(), name: 'board_pk' },
    roleId: { ...col.text(20), name: 'role_id' },
    kind: col.text(5),
    threshold: col.bigint(),
    keep: { ...col.bigint(true), name: 'keep_to' },
    problem: col.text(200, true),
  },
});

export const RankRoleSettingsEntity = new EntitySchema<RankRoleSettings>({
  name: 'RankRoleSettings',
  tableName: 'rank_role_settings',
  columns: {
    boardPk: { type: 'int', primary: true, name: 'board_pk' },
    minGames: { ...col.int(), name: 'min_games' },
    stack: col.bool(),
  },
});

/**
 * A rank role a member holds for a board: `given` when Tally gave it (it only ever takes away
 * what it gave), not when she held it already (someone gave it by hand: it stays hers when she
 * falls below it; Tally only forgets it). With an empty role id, a member who had left the server
 * when Tally last tried (skipped until they play again). A refresh sets `at` to UNVERIFIED: such
 * a role is looked at again once, and given if she no longer holds it.
 */
export interface RankRoleGrant {
  boardPk: number;
  playerId: string;
  roleId: string;
  at: Date;
  given: boolean;
}

/** The `at` of a grant a refresh asks to give again. */
export const UNVERIFIED = new Date(0);

export const RankRoleGrantEntity = new EntitySchema<RankRoleGrant>({
  name: 'RankRoleGrant',
  tableName: 'rank_role_grants',
  columns: {
    boardPk: { type: 'int', primary: true, name: 'board_pk' },
    playerId: { ...col.text(160), primary: true, name: 'player_id' },
    roleId: { ...col.text(20), primary: true, name: 'role_id' },
    at: col.time(),
    given: { ...col.bool(), default: true },
  },
});
