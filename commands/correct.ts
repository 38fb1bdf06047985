import {
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type SlashCommandStringOption,
  type SlashCommandSubcommandBuilder,
} from 'discord.js';
import { mayModerate } from '../src/bot/review-button';
import { clip, LIMITS, shown } from '../src/bot/text';
import { refusal } from '../src/domain/errors';
import { t } from '../src/domain/i18n';
import { chatPlayerId } from '../src/domain/ids';
import { parseScoreText } from '../src/domain/score-text';
import { correctResult, correctionSummary, type ResultRef } from '../src/pipeline/corrections';
import type { Command } from '../src/bot/command';
import { boardOption, everywhere } from '../src/bot/command-options';
import { choices, commandJson } from '../src/bot/command-text';
import { boardOf, ownerOf } from '../src/bot/workspace';

/**
 * /correct (issue 15 item 2; README "Corrections"): a moderator changes or removes an applied
 * match (by its number, as the board page and /profile show it) or score (by its player and
 * value). The same use case as `tally review correct|remove`; the reply is public, so the
 * channel sees what changed and by whom.
 */
export const correct = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('correct')
        .addSubcommand((sub) =>
          withMatch(sub.setName('match'))
            .addStringOption((o) =>
              o.setName('winner').addChoices(...choices('team1', 'team2', 'draw')),
            )
            .addStringOption((o) => o.setName('score'))
            .addStringOption(reasonOption),
        )
        .addSubcommand((sub) =>
          withMatch(sub.setName('remove-match')).addStringOption(reasonOption),
        )
        .addSubcommand((sub) =>
          withScore(sub.setName('score'))
            .addStringOption((o) => o.setName('corrected').setRequired(true))
            .addStringOption(reasonOption),
        )
        .addSubcommand((sub) =>
          withScore(sub.setName('remove-score')).addStringOption(reasonOption),
        ),
    ),
  ),

  writes: () => true,

  async execute(interaction, ctx) {
    const board = await boardOf(ctx, interaction);
    if (!mayModerate(interaction, board)) {
      throw refusal('permission_denied', 'review.correct.mayNotCorrect');
    }
    const options = interaction.options;
    const sub = options.getSubcommand();
    const ownerId = ownerOf(interaction);
    const ref: ResultRef = sub.endsWith('match')
      ? { ownerId, boardId: board.id, match: options.getInteger('match', true) }
      : {
          ownerId,
          boardId: board.id,
          playerId: chatPlayerId(options.getUser('player', true).id),
          score: parseScoreText(board.type, options.getString('score', true)),
        };
    const change = sub.startsWith('remove')
      ? ('remove' as const)
      : {
          text: {
            winner: options.getString('winner'),
            scoreline: sub === 'match' ? options.getString('score') : null,
            value: sub === 'score' ? options.getString('corrected') : null,
          },
        };
    const outcome = await correctResult(ctx, ref, change, {
      by: chatPlayerId(interaction.user.id),
      actor: { ownerId },
      reason: options.getString('reason'),
    });
    // A reply answers the member who asked, in their language, even where the channel sees it.
    await interaction.reply({
      content: replyText(interaction, outcome, interaction.locale),
      allowedMentions: { parse: [] },
    });
  },
} satisfies Command;

function reasonOption(o: SlashCommandStringOption) {
  return o.setName('reason').setMaxLength(300);
}

function withMatch(sub: SlashCommandSubcommandBuilder) {
  return sub
    .addStringOption(boardOption)
    .addIntegerOption((o) => o.setName('match').setRequired(true).setMinValue(1));
}

function withScore(sub: SlashCommandSubcommandBuilder) {
  return sub
    .addStringOption(boardOption)
    .addUserOption((o) => o.setName('player').setRequired(true))
    .addStringOption((o) => o.setName('score').setRequired(true));
}

function replyText(
  interaction: ChatInputCommandInteraction,
  outcome: Awaited<ReturnType<typeof correctResult>>,
  locale: string | null,
): string {
  const { headline, moves } = correctionSummary(outcome, shown, locale);
  const reason = interaction.options.getString('reason');
  const lines = [
    t(locale, 'review.correct.done', {
      headline,
      board: `**${shown(outcome.board.displayName || outcome.board.id)}**`,
      member: `<@${interaction.user.id}>`,
    }),
    ...(reason ? [t(locale, 'review.correct.reason', { reason: shown(reason) })] : []),
    ...moves.map((m) => `• ${m}`),
  ];
  return clip(lines.join('\n'), LIMITS.content);
}
