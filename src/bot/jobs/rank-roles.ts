import { DiscordAPIError, Routes, type APIGuildMember, type REST } from 'discord.js';
import { boardOfSubject } from '../../domain/ids';
import { t } from '../../domain/i18n';
import { log } from '../../log';
import type { Context } from '../../pipeline/context';
import {
  leaseRankRoles,
  RANK_ROLES_EVERY_MS,
  RANK_ROLES_KIND,
  rankRolePlan,
  rankRolesKept,
  recordMemberLeft,
  recordRoleOutcome,
  recordRoleRefused,
  releaseRankRoles,
  type RankRolePlan,
  type RoleChange,
} from '../../pipeline/rank-roles';
import type { Job } from '../../pipeline/job';
import { leasedCall } from '../leased-call';

/**
 * Role changes one step sends at most (and members it looks up at most), and how soon a backlog
 * (a season reset) goes on: Discord allows about 10 role changes per 10 s in a server, so a step
 * of 10 takes up to ~10 s, holding up this process's other scheduled work no longer than that,
 * and the next is not due before it is done.
 */
export const ROLE_CALLS_PER_STEP = 10;
const BACKLOG_EVERY_MS = 10_000;
/**
 * How long a process holds a board's rank roles while it changes them: longer than a step's
 * calls can take (cut off at three quarters of it), so no other process's step changes the same
 * member's roles meanwhile.
 */
export const RANK_ROLES_LEASE_MS = 120_000;

/**
 * Why Discord refuses a role for good, as a manager reads it in /board info and /roles list: kept
 * in English, the catalogue's text, which roles-message.ts says again in the reader's language.
 */
const ROLE_REFUSALS: Record<number, string> = {
  50013: t(null, 'admin.roles.problem.hierarchy'),
  50001: t(null, 'admin.roles.problem.missingAccess'),
  10011: t(null, 'admin.roles.problem.gone'),
};

/**
 * Rank roles kept in step with the standings: a scheduled step per board (every 30 s, one
 * process at a time under the board's lease) works out which members should hold which rank
 * roles and gives or takes back only the difference, at most ROLE_CALLS_PER_STEP changes a
 * step; @discordjs/rest queues them by Discord's rate-limit buckets, so a bulk change (a season
 * reset) spreads over steps within the limits. Before giving a role Tally looks the member up:
 * one she holds already is recorded as hers, never taken back. A role Discord refuses (no Manage
 * Roles, above Tally's role, deleted) is marked with the reason and left alone until a refresh;
 * a member who left is skipped until they play again.
 */
export function rankRolesJob(rest: REST): Job {
  const backlog = new Set<number>();
  return {
    kind: RANK_ROLES_KIND,
    atomic: false,
    async step(ctx, _tx, subject) {
      const boardPk = boardOfSubject(subject);
      await leasedCall(ctx.now, RANK_ROLES_LEASE_MS, {
        take: (now, lease) => leaseRankRoles(ctx, boardPk, now, lease),
        async run(signal, lease) {
          const plan = await rankRolePlan(ctx, boardPk);
          const more = plan ? await apply(ctx, rest, plan, signal) : false;
          if (more) backlog.add(boardPk);
          else backlog.delete(boardPk);
          await releaseRankRoles(ctx, boardPk, lease);
        },
        async failed(err, lease) {
          await releaseRankRoles(ctx, boardPk, lease); // a 5xx or the network: the next step
          log.warn('rank roles step failed; the next step tries again', { board: boardPk, err });
        },
      });
    },
    async next(ctx, subject, _dueAt, now) {
      const boardPk = boardOfSubject(subject);
      // Without roles, it runs on only while it has roles to take back.
      if (!(await rankRolesKept(ctx, boardPk))) return null;
      return new Date(
        now.getTime() + (backlog.has(boardPk) ? BACKLOG_EVERY_MS : RANK_ROLES_EVERY_MS),
      );
    },
  };
}

/** One step's calls (role changes and member lookups), and the roles Discord refused in it. */
class Step {
  changes = 0;
  lookups = 0;
  readonly refused = new Set<string>();

  constructor(
    readonly ctx: Context,
    readonly rest: REST,
    readonly plan: RankRolePlan,
    readonly signal: AbortSignal,
  ) {}

  route(change: RoleChange, roleId: string) {
    return Routes.guildMemberRole(this.plan.guildId, change.userId, roleId);
  }
}

/** One step: returns whether changes are left for the next. */
async function apply(
  ctx: Context,
  rest: REST,
  plan: RankRolePlan,
  signal: AbortSignal,
): Promise<boolean> {
  const step = new Step(ctx, rest, plan, signal);
  for (const change of plan.changes) {
    for (const roleId of change.forget) {
      await recordRoleOutcome(ctx, plan.board.pk, change.playerId, roleId, 'taken');
    }
    const outcome = await member(step, change);
    if (outcome === 'more') return true;
  }
  return false;
}

/** One member's changes: takes, then gives (each looked up first); 'more' when out of calls. */
async function member(step: Step, change: RoleChange): Promise<'done' | 'more'> {
  const { ctx, plan, rest, signal } = step;
  let holds: Set<string> | null = null;
  const todo = [
    ...change.take.map((roleId) => ({ roleId, give: false })),
    ...change.give.map((roleId) => ({ roleId, give: true })),
  ];
  for (const { roleId, give } of todo) {
    if (step.refused.has(roleId)) continue;
    try {
      if (give && holds === null) {
        if (step.lookups >= ROLE_CALLS_PER_STEP) return 'more';
        step.lookups++;
        const route = Routes.guildMember(plan.guildId, change.userId);
        holds = new Set(((await rest.get(route, { signal })) as APIGuildMember).roles);
      }
      if (give && holds?.has(roleId)) {
        // Someone gave it by hand (or Tally did, before a refresh): no call, and not Tally's
        // to take back unless Tally gave it.
        await recordRoleOutcome(ctx, plan.board.pk, change.playerId, roleId, 'held');
        continue;
      }
      if (step.changes >= ROLE_CALLS_PER_STEP) return 'more';
      step.changes++;
      const route = step.route(change, roleId);
      await (give ? rest.put(route, { signal }) : rest.delete(route, { signal }));
      const outcome = give ? 'given' : 'taken';
      await recordRoleOutcome(ctx, plan.board.pk, change.playerId, roleId, outcome);
    } catch (err) {
      if (!(err instanceof DiscordAPIError)) throw err;
      if (err.code === 10007) {
        await recordMemberLeft(ctx, plan.board.pk, change.playerId);
        log.info('rank roles: the member left the server', {
          board: plan.board.id,
          member: change.userId,
        });
        return 'done'; // nothing else to do for them
      }
      await refusal(step, change, roleId, give, err);
    }
  }
  return 'done';
}

/** A role change Discord refused: for good (marked, left alone), or thrown to try again. */
async function refusal(
  step: Step,
  change: RoleChange,
  roleId: string,
  give: boolean,
  err: DiscordAPIError,
): Promise<void> {
  const { ctx, plan } = step;
  const why = typeof err.code === 'number' ? ROLE_REFUSALS[err.code] : undefined;
  if (!why) throw err; // a 5xx or a network failure: the next step tries again
  if (!give && (err.code === 10011 || !plan.configured.has(roleId))) {
    // Gone with the role, or a rule removed whose role Tally may no longer take back:
    // forgotten, not asked again every step.
    await recordRoleOutcome(ctx, plan.board.pk, change.playerId, roleId, 'taken');
    log.warn('rank role not taken back', { board: plan.board.id, role: roleId, why });
    return;
  }
  step.refused.add(roleId);
  await recordRoleRefused(ctx, plan.board.pk, roleId, why);
  log.warn('rank role refused by Discord', { board: plan.board.id, role: roleId, why });
}
