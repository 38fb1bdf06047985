import type { Board } from '../../entities/board';
import { wholeInRange } from '../domain/errors';
import { boardSubject, guildOf } from '../domain/ids';
import {
  byPrecedence,
  rolesFor,
  type RankRole,
  type RankRoleKind,
  type RankRoleSettings,
  type Standing,
} from '../domain/rank-roles';
import { UNVERIFIED } from '../../entities/rank-role';
import { ownedBoard } from './board-reads';
import type { Context } from './context';
import { invalidSaid } from '../domain/errors';
import { rankedValue } from '../domain/display';

export const RANK_ROLES_KIND = 'rank-roles';
/** How often a board's rank roles are compared with its standings (and fixed if they differ). */
export const RANK_ROLES_EVERY_MS = 30_000;
/** A board keeps at most this many rank roles. */
export const RANK_ROLES_MAX = 25;

const SNOWFLAKE = /^\d{17,20}$/;

/** A server board that can have rank roles: personal workspaces have no roles to give. */
async function rolesBoard(ctx: Context, ownerId: string, boardId: string): Promise<Board> {
  const board = await ownedBoard(ctx, ownerId, boardId);
  if (!guildOf(board.ownerId)) {
    throw invalidSaid('admin.errors.rolesPersonal');
  }
  if (board.type === 'Rating') throw invalidSaid('admin.errors.rolesRating');
  return board;
}

export interface RankRoleInput {
  roleId: string;
  kind: RankRoleKind;
  threshold: number;
  keep?: number | null;
}

/**
 * Adds a rank role to a board, or changes its rule: `value` roles at a rating, points or score
 * (in the board's direction), `top` roles at a rank. `keep` is the lower bound the role is kept
 * to once held; it must be no better than the threshold. The chat front end checks the role is
 * one of the server's (not @everyone, not a bot's) first. Roles are then given by the bot.
 */
export async function putRankRole(
  ctx: Context,
  ownerId: string,
  boardId: string,
  input: RankRoleInput,
): Promise<{ board: Board; roles: RankRole[] }> {
  const board = await rolesBoard(ctx, ownerId, boardId);
  if (!SNOWFLAKE.test(input.roleId)) throw invalidSaid('admin.errors.roleId');
  if (input.roleId === guildOf(board.ownerId)) {
    throw invalidSaid('admin.errors.roleEveryone');
  }
  if (input.kind !== 'value' && input.kind !== 'top') throw invalidSaid('admin.errors.roleKind');
  const top = input.kind === 'top';
  const threshold = top
    ? wholeInRange('top', input.threshold, 1, 1000)
    : wholeInRange('threshold', input.threshold, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const keep = input.keep ?? null;
  if (keep !== null) {
    wholeInRange('keep', keep, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    const worse = top || board.sort === 'asc' ? keep >= threshold : keep <= threshold;
    if (!worse) {
      throw invalidSaid(
        top
          ? 'admin.errors.keepTop'
          : board.sort === 'asc'
            ? 'admin.errors.keepAtLeast'
            : 'admin.errors.keepAtMost',
        { threshold },
      );
    }
  }
  const existing = await ctx.repos.rankRoles.roles(board.pk);
  if (!existing.some((r) => r.roleId === input.roleId) && existing.length >= RANK_ROLES_MAX) {
    throw invalidSaid('admin.errors.rolesMax', { max: RANK_ROLES_MAX });
  }
  await ctx.repos.db.transaction(async (tx) => {
    await ctx.repos.rankRoles.put(
      { boardPk: board.pk, roleId: input.roleId, kind: input.kind, threshold, keep, problem: null },
      tx,
    );
    await ctx.repos.schedules.plan(RANK_ROLES_KIND, boardSubject(board.pk), ctx.now(), tx);
  });
  return { board, roles: await ctx.repos.rankRoles.roles(board.pk) };
}

/** Removes a rank role from a board; the bot then takes it back from the members it gave it. */
export async function removeRankRole(
  ctx: Context,
  ownerId: string,
  boardId: string,
  roleId: string,
): Promise<Board> {
  const board = await rolesBoard(ctx, ownerId, boardId);
  await ctx.repos.db.transaction(async (tx) => {
    if (!(await ctx.repos.rankRoles.remove(board.pk, roleId, tx))) {
      throw invalidSaid('admin.errors.notRankRole', { role: `<@&${roleId}>`, board: board.id });
    }
    await ctx.repos.schedules.plan(RANK_ROLES_KIND, boardSubject(board.pk), ctx.now(), tx);
  });
  return board;
}

/** The board's rank role settings: the minimum games, and whether roles stack. */
export async function setRankRoleSettings(
  ctx: Context,
  ownerId: string,
  boardId: string,
  input: { minGames?: number; stack?: boolean },
): Promise<{ board: Board; settings: RankRoleSettings }> {
  const board = await rolesBoard(ctx, ownerId, boardId);
  const current = await ctx.repos.rankRoles.settings(board.pk);
  const settings = {
    ...current,
    ...(input.minGames !== undefined
      ? { minGames: wholeInRange('min_games', input.minGames, 0, 10_000) }
      : {}),
    ...(input.stack !== undefined ? { stack: input.stack } : {}),
  };
  await ctx.repos.db.transaction(async (tx) => {
    await ctx.repos.rankRoles.setSettings(settings, tx);
    await ctx.repos.schedules.plan(RANK_ROLES_KIND, boardSubject(board.pk), ctx.now(), tx);
  });
  return { board, settings };
}

/**
 * A fresh look, after a manager fixed something: the refusals Discord gave are forgotten, members
 * who had left are tried again, and every role a member should have is given again, even if
 * Tally thinks they have it (someone may have taken it off by hand). Runs at once.
 */
export async function refreshRankRoles(
  ctx: Context,
  ownerId: string,
  boardId: string,
): Promise<Board> {
  const board = await rolesBoard(ctx, ownerId, boardId);
  await ctx.repos.db.transaction(async (tx) => {
    await ctx.repos.rankRoles.clearProblems(board.pk, tx);
    await ctx.repos.rankRoles.unverify(board.pk, tx);
    await ctx.repos.schedules.plan(RANK_ROLES_KIND, boardSubject(board.pk), ctx.now(), tx);
  });
  return board;
}

/** One member's role changes: what to give, what to take back, and what to forget. */
export interface RoleChange {
  playerId: string;
  userId: string;
  /** Roles she earns and does not hold, as far as Tally knows: looked up, then given. */
  give: string[];
  /** Roles Tally gave her that she no longer earns. */
  take: string[];
  /** Roles she held before Tally would have given them, no longer earned: hers to keep. */
  forget: string[];
}

/**
 * What Discord must be told so members hold exactly the rank roles their standings earn: for
 * every Discord member with an entry or a rank role on record, the roles to give and to take
 * back. Only roles Tally gave are taken back; one she held already is forgotten instead.
 * Custom players and teams have no member; members who left are skipped until they play again;
 * roles Discord refused are left alone until a refresh. After a refresh, every role on record is
 * looked at again, once (the new record is verified).
 */
export async function rankRoleChanges(ctx: Context, board: Board): Promise<RoleChange[]> {
  const { rankRoles, results, db } = ctx.repos;
  const roles = await rankRoles.roles(board.pk);
  const settings = await rankRoles.settings(board.pk);
  const usable = roles.filter((r) => r.problem === null);
  const refused = new Set(roles.filter((r) => r.problem !== null).map((r) => r.roleId));
  const entries = await db.run((m) => results.boardEntries(m, board.pk));
  entries.sort((a, b) => a.rankKey - b.rankKey || (a.playerId < b.playerId ? -1 : 1));
  const standings = new Map<string, Standing & { lastSub: Date | null }>();
  let rank = 0;
  entries.forEach((e, i) => {
    if (i === 0 || e.rankKey !== entries[i - 1]!.rankKey) rank = i + 1;
    const matchBoard = board.type === 'ELO' || board.type === 'League';
    standings.set(e.playerId, {
      playerId: e.playerId,
      value: rankedValue(board, e),
      rank,
      games: matchBoard ? (e.wins ?? 0) + (e.draws ?? 0) + (e.losses ?? 0) : (e.submissions ?? 0),
      lastSub: e.lastSub,
    });
  });
  const held = new Map<string, Map<string, { at: Date; given: boolean }>>();
  const left = new Map<string, Date>();
  for (const { playerId, roleId, at, given } of await rankRoles.grants(board.pk)) {
    if (roleId === '') left.set(playerId, at);
    else held.set(playerId, (held.get(playerId) ?? new Map()).set(roleId, { at, given }));
  }
  const stale = (at: Date | undefined) => at === undefined || at.getTime() === UNVERIFIED.getTime();
  const changes: RoleChange[] = [];
  for (const playerId of new Set([...standings.keys(), ...held.keys()])) {
    const userId = /^chat:(\d{17,20})$/.exec(playerId)?.[1];
    if (!userId) continue;
    const standing = standings.get(playerId) ?? null;
    const gone = left.get(playerId);
    if (gone && !(standing?.lastSub && standing.lastSub > gone)) continue;
    const has = held.get(playerId) ?? new Map<string, { at: Date; given: boolean }>();
    const wanted = new Set(rolesFor(standing, new Set(has.keys()), usable, settings, board.sort));
    const give = [...wanted].filter((id) => stale(has.get(id)?.at));
    const dropped = [...has].filter(([id]) => !wanted.has(id));
    const take = dropped.filter(([id, h]) => h.given && !refused.has(id)).map(([id]) => id);
    const forget = dropped.filter(([, h]) => !h.given).map(([id]) => id);
    if (give.length + take.length + forget.length > 0) {
      changes.push({ playerId, userId, give, take, forget });
    }
  }
  return changes;
}

/** One step's work for the bot: the board's server, its rank roles, and the changes to make. */
export interface RankRolePlan {
  board: Board;
  guildId: string;
  /** The roles the board has now (a role on record that is not one was removed). */
  configured: Set<string>;
  changes: RoleChange[];
}

/** What the bot is to do for the board's rank roles now, or null for a board gone or not a server's. */
export async function rankRolePlan(ctx: Context, boardPk: number): Promise<RankRolePlan | null> {
  const board = await ctx.repos.boards.byPk(boardPk);
  const guildId = board && guildOf(board.ownerId);
  if (!board || !guildId) return null;
  const changes = await rankRoleChanges(ctx, board);
  const configured = new Set((await ctx.repos.rankRoles.roles(boardPk)).map((r) => r.roleId));
  return { board, guildId, configured, changes };
}

/** Whether the board's rank roles still need steps: it has roles, or roles on record to take back. */
export async function rankRolesKept(ctx: Context, boardPk: number): Promise<boolean> {
  if ((await ctx.repos.rankRoles.roles(boardPk)).length > 0) return true;
  return (await ctx.repos.rankRoles.grants(boardPk)).some((g) => g.roleId !== '');
}

/** What the bot saw and did for one member's role (src/bot/jobs/rank-roles.ts). */
export type RoleOutcome =
  /** Tally gave it. */
  | 'given'
  /** She holds it already: recorded, as not Tally's to take unless Tally gave it before. */
  | 'held'
  /** Tally took it back, or a record is forgotten (a role she held already, a role gone). */
  | 'taken';

export async function recordRoleOutcome(
  ctx: Context,
  boardPk: number,
  playerId: string,
  roleId: string,
  outcome: RoleOutcome,
): Promise<void> {
  const { rankRoles } = ctx.repos;
  const grant = { boardPk, playerId, roleId, at: ctx.now() };
  if (outcome === 'given') await rankRoles.grant(grant);
  else if (outcome === 'held') await rankRoles.held(grant);
  else await rankRoles.revoke(boardPk, playerId, roleId);
}

/** The member left the server: what Tally recorded for her is forgotten; she is skipped for now. */
export function recordMemberLeft(ctx: Context, boardPk: number, playerId: string): Promise<void> {
  return ctx.repos.rankRoles.markLeft(boardPk, playerId, ctx.now());
}

/** Discord refuses the role for good: shown to managers, left alone until a refresh. */
export function recordRoleRefused(
  ctx: Context,
  boardPk: number,
  roleId: string,
  why: string,
): Promise<void> {
  return ctx.repos.rankRoles.setProblem(boardPk, roleId, why);
}

const LEASE_KIND = 'rank-roles-lease';

/**
 * Takes the board's rank roles until `until`, so that one process at a time gives and takes
 * them (a member's role is never changed by two at once); false while another holds them.
 */
export function leaseRankRoles(
  ctx: Context,
  boardPk: number,
  now: Date,
  until: Date,
): Promise<boolean> {
  return ctx.repos.schedules.lease(LEASE_KIND, boardSubject(boardPk), now, until);
}

export function releaseRankRoles(ctx: Context, boardPk: number, lease: Date): Promise<void> {
  return ctx.repos.schedules.release(LEASE_KIND, boardSubject(boardPk), lease);
}

/** A board's rank roles, best first, with its settings: what /roles list and the CLI show. */
export async function rankRolesOf(
  ctx: Context,
  board: Pick<Board, 'pk' | 'sort'>,
): Promise<{ roles: RankRole[]; settings: RankRoleSettings }> {
  const [roles, settings] = await Promise.all([
    ctx.repos.rankRoles.roles(board.pk),
    ctx.repos.rankRoles.settings(board.pk),
  ]);
  return { roles: byPrecedence(roles, board.sort), settings };
}
