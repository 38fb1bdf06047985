import { SlashCommandBuilder } from 'discord.js';
import { everywhere } from './contexts';
import { boardOf, reply, type Command } from './shared';
import { standings } from './standings';

/** /leaderboard: the first page of standings, with paging buttons (commands/leaderboard-page.ts). */
export const leaderboard = {
  data: everywhere(
    new SlashCommandBuilder()
      .setName('leaderboard')
      .setDescription('Show a board’s standings')
      .addStringOption((o) =>
        o.setName('board').setDescription('Board id, e.g. board_1').setRequired(true),
      ),
  ).toJSON(),

  async execute(interaction, ctx) {
    const board = await boardOf(ctx, interaction);
    await reply(interaction, await standings(ctx, board, ''));
  },
} satisfies Command;
