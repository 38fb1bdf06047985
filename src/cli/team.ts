import { createTeam } from '../pipeline/boards';
import { type Cli, printer } from './shared';

/** `tally team`: teams of fixed-teams boards. */
export function registerTeams({ program, withContext }: Cli): void {
  program
    .command('team')
    .description('teams of fixed-teams boards')
    .command('create <owner-id> <board-id>')
    .description('create a team of a fixed-teams board; matches then name its team id')
    .requiredOption('--name <name>')
    .option('--json')
    .action((ownerId: string, boardId: string, opts: { name: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const team = await createTeam(ctx, ownerId, boardId, opts.name);
        printer(opts)(
          { team_id: team.teamId, name: team.name, board: boardId },
          `Created team ${team.teamId} "${team.name}"`,
        );
      }),
    );
}
