import { SlashCommandBuilder } from 'discord.js';
import { archiveAt, standingsAt } from '../src/bot/pages';
import { seasonOf } from '../src/pipeline/seasons';
import type { Command } from '../src/bot/command';
import { boardOption, everywhere } from '../src/bot/command-options';
import { commandJson } from '../src/bot/command-text';
import { reply } from '../src/bot/replies';
import { boardOf } from '../src/bot/workspace';

/**
 * /leaderboard: the first page of standings, with paging buttons (commands/page.ts);
 * with `season`, an ended season's archived final standings.
 */
export const leaderboard = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('leaderboard')
        .addStringOption(boardOption)
        .addIntegerOption((o) => o.setName('season').setMinValue(1)),
    ),
  ),

  async execute(interaction, ctx) {
    const board = await boardOf(ctx, interaction);
    const number = interaction.options.getInteger('season');
    // Public, but the answer to the member who asked: in their language.
    const { locale } = interaction;
    await reply(
      interaction,
      number === null
        ? (await standingsAt(ctx, board, '', locale))!
        : await archiveAt(ctx, board, await seasonOf(ctx, board, number), 0, locale),
    );
  },
} satisfies Command;
