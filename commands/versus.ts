import { MessageFlags, SlashCommandBuilder } from 'discord.js';
import { clip, LIMITS, shown } from '../src/bot/text';
import { isMatchBoard } from '../src/domain/board-rules';
import { chatPlayerId } from '../src/domain/ids';
import { headToHead } from '../src/pipeline/profile';
import { notFoundAsNull, playedLine } from '../src/bot/profile-message';
import { signedDelta, valueName } from '../src/domain/display';
import type { Command } from '../src/bot/command';
import { boardOption, everywhere } from '../src/bot/command-options';
import { commandJson } from '../src/bot/command-text';
import { refuse } from '../src/bot/replies';
import { boardOf } from '../src/bot/workspace';

/**
 * /versus: two players' record against each other on a match board (slack-gamebot2's
 * `matches @a @b`), from the first player's side, with their last meetings.
 */
export const versus = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('versus')
        .addStringOption(boardOption)
        .addUserOption((o) => o.setName('opponent').setRequired(true))
        .addUserOption((o) => o.setName('player')),
    ),
  ),

  async execute(interaction, ctx) {
    const board = await boardOf(ctx, interaction);
    if (!isMatchBoard(board)) {
      await refuse(
        interaction,
        `**${shown(board.displayName)}** is a ${board.type} board: players post scores, not matches against each other. /profile shows one player's scores.`,
      );
      return;
    }
    const a = interaction.options.getUser('player') ?? interaction.user;
    const b = interaction.options.getUser('opponent', true);
    if (a.id === b.id) {
      await refuse(interaction, 'Pick two different players.');
      return;
    }
    const h2h = await headToHead(ctx, board, chatPlayerId(a.id), chatPlayerId(b.id)).catch(
      notFoundAsNull,
    );
    if (!h2h || h2h.wins + h2h.draws + h2h.losses === 0) {
      await interaction.reply({
        content: `<@${a.id}> and <@${b.id}> have not played each other on **${shown(board.displayName)}** yet.`,
        allowedMentions: { parse: [] },
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    const net =
      h2h.net === null ? '' : ` · ${signedDelta(h2h.net)} ${valueName(board.type)} in these games`;
    const played = h2h.wins + h2h.draws + h2h.losses;
    await interaction.reply({
      embeds: [
        {
          title: clip(
            `${shown(h2h.a.name)} vs ${shown(h2h.b.name)} on ${shown(board.displayName)}`,
            LIMITS.embedTitle,
          ),
          description: `**${h2h.wins}** won, **${h2h.draws}** drawn, **${h2h.losses}** lost in ${played} game${played === 1 ? '' : 's'}${net}`,
          fields: [
            {
              name: 'Last meetings',
              value: clip(h2h.matches.slice(0, 5).map(playedLine).join('\n'), LIMITS.fieldValue),
            },
          ],
        },
      ],
      allowedMentions: { parse: [] },
    });
  },
} satisfies Command;
