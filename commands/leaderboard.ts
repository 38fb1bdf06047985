import { SlashCommandBuilder } from 'discord.js';
import { everywhere } from './contexts';
import { boardOf, reply, type Command } from './shared';
import { seasonStandings } from './season';
import { standings } from './standings';

/**
 * /leaderboard: the first page of standings, with paging buttons (commands/leaderboard-page.ts);
 * with `season`, an ended season's archived final standings.
 */
export const leaderboard = {
  data: everywhere(
    new SlashCommandBuilder()
      .setName('leaderboard')
      .setDescription('Show a board’s standings')
      .addStringOption((o) =>
        o.setName('board').setDescription('Board id, e.g. board_1').setRequired(true),
      )
      .addIntegerOption((o) =>
        o
          .setName('season')
          .setDescription('An ended season’s final standings (see /season list)')
          .setMinValue(1),
      ),
  ).toJSON(),

  async execute(interaction, ctx) {
    const board = await boardOf(ctx, interaction);
    const number = interaction.options.getInteger('season');
    await reply(
      interaction,
      number === null ? await standings(ctx, board, '') : await seasonStandings(ctx, board, number),
    );
  },
} satisfies Command;
