import { SlashCommandBuilder } from 'discord.js';
import { parseScoreText } from '../src/domain/score-text';
import type { Command } from '../src/bot/command';
import { boardOption, everywhere, withEvidence } from '../src/bot/command-options';
import { commandJson } from '../src/bot/command-text';
import { evidenceOf } from '../src/bot/evidence';
import { refuseBots } from '../src/bot/participants';
import { submitWrite } from '../src/bot/submit-reply';
import { boardOf } from '../src/bot/workspace';

/** /score submit: a score for yourself or a mentioned member; Time boards take 1:30.250. */
export const score = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder().setName('score').addSubcommand((sub) =>
        withEvidence(
          sub
            .setName('submit')
            .addStringOption(boardOption)
            .addStringOption((o) => o.setName('score').setRequired(true))
            .addUserOption((o) => o.setName('player')),
        ),
      ),
    ),
  ),

  writes: () => true,

  async execute(interaction, ctx) {
    const board = await boardOf(ctx, interaction);
    const evidence = evidenceOf(interaction, board);
    const value = parseScoreText(board.type, interaction.options.getString('score', true));
    const player = { chat_id: (interaction.options.getUser('player') ?? interaction.user).id };
    await refuseBots(interaction, [player]);
    await submitWrite(interaction, ctx, board, 'score', { player, score: value }, evidence);
  },
} satisfies Command;
