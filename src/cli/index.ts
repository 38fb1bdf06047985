import { registerBackups } from './backup';
import { registerBoards } from './board';
import { registerKeys } from './key';
import { registerOwners } from './owner';
import { registerReview } from './review';
import { registerRankRoles } from './roles';
import { registerSeasons } from './season';
import { registerSetup } from './setup';
import type { Cli } from './shared';
import { registerTeams } from './team';

export type { Cli } from './shared';

/** Every command group of `tally` but `serve`, which starts the process (src/cli.ts). */
export function registerCommands(cli: Cli): void {
  registerSetup(cli);
  registerOwners(cli);
  registerBoards(cli);
  registerSeasons(cli);
  registerRankRoles(cli);
  registerTeams(cli);
  registerKeys(cli);
  registerReview(cli);
  registerBackups(cli);
}
