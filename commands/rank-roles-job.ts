import { DiscordAPIError, Routes, type REST } from 'discord.js';
import { boardOfSubject } from '../src/domain/ids';
import { log } from '../src/log';
import type { Context } from '../src/pipeline/context';
import { RANK_ROLES_EVERY_MS, RANK_ROLES_KIND, rankRoleChanges } from '../src/pipeline/rank-roles';
import type { Job } from '../src/pipeline/scheduler';

/**
 * Role changes one step sends at most, and how soon a backlog (a season reset) goes on: Discord
 * allows about 10 role changes per 10 s in a server, so a step of 10 takes up to ~10 s, holding
 * up this process's other scheduled work no longer than that, and the next is not due before it
 * is done (another process would otherwise start on the same changes).
 */
export const ROLE_CALLS_PER_STEP = 10;
const BACKLOG_EVERY_MS = 10_000;

/** Why Discord refuses a role for good, as a manager reads it in /board info and /roles list. */
const ROLE_REFUSALS: Record<number, string> = {
  50013:
    'Tally may not give this role: it needs the Manage Roles permission, and its own role must be above this one in Server Settings → Roles',
  50001: 'Tally may not give this role (Missing Access): it needs the Manage Roles permission',
  10011: 'the role no longer exists; remove it with /roles remove',
};

/**
 * Rank roles kept in step with the standings: a scheduled step per board (every 30 s, one
 * process per step) works out which members should hold which rank roles and gives or takes back
 * only the difference, at most ROLE_CALLS_PER_STEP calls a step; @discordjs/rest queues them by
 * Discord's rate-limit buckets, so a bulk change (a season reset) spreads over steps within the
 * limits. A role Discord refuses (no Manage Roles, above Tally's role, deleted) is marked with the
 * reason and left alone until a refresh; a member who left is skipped until they play again.
 */
export function rankRolesJob(rest: REST): Job {
  const backlog = new Set<number>();
  return {
    kind: RANK_ROLES_KIND,
    atomic: false,
    async step(ctx, _tx, subject) {
      const boardPk = boardOfSubject(subject);
      const more = await apply(ctx, rest, boardPk);
      if (more) backlog.add(boardPk);
      else backlog.delete(boardPk);
    },
    async next(ctx, subject, _dueAt, now) {
      const boardPk = boardOfSubject(subject);
      const roles = await ctx.repos.rankRoles.roles(boardPk);
      const grants = roles.length > 0 ? [] : await ctx.repos.rankRoles.grants(boardPk);
      // Without roles, it runs on only while it has roles to take back.
      if (roles.length === 0 && !grants.some((g) => g.roleId !== '')) return null;
      return new Date(
        now.getTime() + (backlog.has(boardPk) ? BACKLOG_EVERY_MS : RANK_ROLES_EVERY_MS),
      );
    },
  };
}

/** One step: returns whether changes are left for the next. */
async function apply(ctx: Context, rest: REST, boardPk: number): Promise<boolean> {
  const board = await ctx.repos.boards.byPk(boardPk);
  const guildId = board?.ownerId.startsWith('guild:') ? board.ownerId.slice(6) : null;
  if (!board || !guildId) return false;
  const changes = await rankRoleChanges(ctx, board);
  const configured = new Set((await ctx.repos.rankRoles.roles(boardPk)).map((r) => r.roleId));
  const refused = new Set<string>();
  let calls = 0;
  for (const change of changes) {
    const route = (roleId: string) => Routes.guildMemberRole(guildId, change.userId, roleId);
    const steps = [
      ...change.take.map((roleId) => ({ roleId, give: false })),
      ...change.give.map((roleId) => ({ roleId, give: true })),
    ];
    for (const { roleId, give } of steps) {
      if (refused.has(roleId)) continue;
      if (calls >= ROLE_CALLS_PER_STEP) return true;
      calls++;
      try {
        await (give ? rest.put(route(roleId)) : rest.delete(route(roleId)));
        if (give) {
          await ctx.repos.rankRoles.grant({
            boardPk,
            playerId: change.playerId,
            roleId,
            at: ctx.now(),
          });
        } else {
          await ctx.repos.rankRoles.revoke(boardPk, change.playerId, roleId);
        }
      } catch (err) {
        if (!(err instanceof DiscordAPIError)) throw err;
        if (err.code === 10007) {
          await ctx.repos.rankRoles.markLeft(boardPk, change.playerId, ctx.now());
          log.info('rank roles: the member left the server', {
            board: board.id,
            member: change.userId,
          });
          break; // nothing else to do for them
        }
        const why = typeof err.code === 'number' ? ROLE_REFUSALS[err.code] : undefined;
        if (!why) throw err; // a 5xx or a network failure: the next step tries again
        if (!give && (err.code === 10011 || !configured.has(roleId))) {
          // Gone with the role, or a rule removed whose role Tally may no longer take back:
          // forgotten, not asked again every step.
          await ctx.repos.rankRoles.revoke(boardPk, change.playerId, roleId);
          log.warn('rank role not taken back', { board: board.id, role: roleId, why });
          continue;
        }
        refused.add(roleId);
        await ctx.repos.rankRoles.setProblem(boardPk, roleId, why);
        log.warn('rank role refused by Discord', { board: board.id, role: roleId, why });
      }
    }
  }
  return false;
}
