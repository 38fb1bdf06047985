import { TallyError } from '../domain/errors';
import { ownedBoard } from '../pipeline/board-reads';
import {
  putRankRole,
  rankRolesOf,
  refreshRankRoles,
  removeRankRole,
  setRankRoleSettings,
} from '../pipeline/rank-roles';
import type { Context } from '../pipeline/context';
import { type Cli, int } from './shared';

/**
 * Who gives the roles, as this process can tell: the CLI reads the same environment as `tally
 * serve` when an operator runs both from one place, so without DISCORD_TOKEN it says what does.
 */
function whoGives(ctx: Context): string {
  return ctx.config.discordToken
    ? 'the bot gives them within 30 s'
    : 'the Discord bot gives them within 30 s of running (`tally serve` with DISCORD_TOKEN set, which is not set here)';
}

/** `tally roles`: rank roles of a board, by the rules of /roles (the bot gives them). */
export function registerRankRoles({ program, withContext }: Cli): void {
  const rolesCommand = program
    .command('roles')
    .description('rank roles of a board (the same rules as /roles; the bot gives them)');

  rolesCommand
    .command('add <owner-id> <board-id> <role-id>')
    .description('give a role at a value (--at) or to the top N (--top)')
    .option('--at <value>', 'earned at this rating, points or score (in the board direction)', int)
    .option('--top <n>', 'earned by ranks 1 to N', int)
    .option('--keep-to <value>', 'once earned, kept down to this value or rank', int)
    .action((ownerId: string, boardId: string, roleId: string, o: Record<string, number>) =>
      withContext(async (ctx) => {
        if ((o.at === undefined) === (o.top === undefined)) {
          throw new TallyError('invalid_request', 'give --at <value> or --top <n>');
        }
        const { board, roles } = await putRankRole(ctx, ownerId, boardId, {
          roleId,
          kind: o.top === undefined ? 'value' : 'top',
          threshold: o.top ?? o.at!,
          keep: o.keepTo ?? null,
        });
        console.log(`Rank roles of ${board.id}: ${roles.length}; ${whoGives(ctx)}.`);
      }),
    );

  rolesCommand
    .command('remove <owner-id> <board-id> <role-id>')
    .description('stop giving a rank role; the bot takes it back')
    .action((ownerId: string, boardId: string, roleId: string) =>
      withContext(async (ctx) => {
        const board = await removeRankRole(ctx, ownerId, boardId, roleId);
        console.log(`Role ${roleId} is no longer a rank role of ${board.id}.`);
      }),
    );

  rolesCommand
    .command('settings <owner-id> <board-id>')
    .description('results a player needs before any rank role, and whether earned roles stack')
    .option('--min-games <n>', 'results a player needs before any rank role', int)
    .option('--stack', 'hold every earned role')
    .option('--no-stack', 'hold only the best earned role')
    .action((ownerId: string, boardId: string, o: { minGames?: number; stack?: boolean }) =>
      withContext(async (ctx) => {
        const { settings } = await setRankRoleSettings(ctx, ownerId, boardId, {
          ...(o.minGames !== undefined ? { minGames: o.minGames } : {}),
          ...(o.stack !== undefined ? { stack: o.stack } : {}),
        });
        console.log(
          `Rank roles of ${boardId}: from ${settings.minGames} results, ${settings.stack ? 'stacked' : 'one at a time'}.`,
        );
      }),
    );

  rolesCommand
    .command('refresh <owner-id> <board-id>')
    .description('check every member again now, including roles Discord refused before')
    .action((ownerId: string, boardId: string) =>
      withContext(async (ctx) => {
        await refreshRankRoles(ctx, ownerId, boardId);
        console.log(`Rank roles of ${boardId} are checked again at the bot's next step.`);
      }),
    );

  rolesCommand
    .command('list <owner-id> <board-id>')
    .description("a board's rank roles, their rules and any role Discord refused")
    .action((ownerId: string, boardId: string) =>
      withContext(async (ctx) => {
        const board = await ownedBoard(ctx, ownerId, boardId);
        const { roles } = await rankRolesOf(ctx, board);
        for (const role of roles) {
          const rule = role.kind === 'top' ? `top ${role.threshold}` : `at ${role.threshold}`;
          const keep = role.keep !== null ? `, kept to ${role.keep}` : '';
          console.log(
            `${role.roleId}: ${rule}${keep}${role.problem ? ` (refused: ${role.problem})` : ''}`,
          );
        }
        if (roles.length === 0) console.log(`${board.id} has no rank roles.`);
      }),
    );
}
