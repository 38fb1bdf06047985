import { api } from './api';
import { board } from './board';
import { leaderboard } from './leaderboard';
import { leaderboardPage } from './leaderboard-page';
import { match } from './match';
import { rank } from './rank';
import { score } from './score';
import type { Command, ComponentHandler } from './shared';
import { team } from './team';

/** Every slash command, registered as one global set when the bot is ready (src/bot/discord.ts). */
export const COMMANDS: readonly Command[] = [leaderboard, rank, match, score, board, team, api];

/** Button handlers of the commands, by custom-id prefix (review buttons live in src/bot/). */
export const COMPONENTS: readonly ComponentHandler[] = [leaderboardPage];

export const commandNamed = (name: string) => COMMANDS.find((c) => c.data.name === name);
export const componentFor = (customId: string) =>
  COMPONENTS.find((c) => customId.startsWith(c.prefix));
