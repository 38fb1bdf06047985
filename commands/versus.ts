import { MessageFlags, SlashCommandBuilder } from 'discord.js';
import { clip, LIMITS, shown } from '../src/bot/text';
import { isMatchBoard } from '../src/domain/board-rules';
import { chatPlayerId } from '../src/domain/ids';
import { headToHead } from '../src/pipeline/profile';
import { notFoundAsNull, playedLine } from '../src/bot/profile-message';
import { boardTypeName, signedDelta, valueName } from '../src/domain/display';
import type { Command } from '../src/bot/command';
import { boardOption, everywhere } from '../src/bot/command-options';
import { commandJson } from '../src/bot/command-text';
import { refuse } from '../src/bot/replies';
import { boardOf } from '../src/bot/workspace';
import { t } from '../src/domain/i18n';

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
    const { locale } = interaction;
    const name = shown(board.displayName);
    if (!isMatchBoard(board)) {
      await refuse(
        interaction,
        // The type by its name (`Highscore`, Spanish `Récord`), as /board create lists it.
        t(locale, 'reading.versus.notMatches', {
          board: name,
          type: boardTypeName(board.type, locale),
        }),
      );
      return;
    }
    const a = interaction.options.getUser('player') ?? interaction.user;
    const b = interaction.options.getUser('opponent', true);
    if (a.id === b.id) {
      await refuse(interaction, t(locale, 'reading.versus.samePlayer'));
      return;
    }
    const h2h = await headToHead(ctx, board, chatPlayerId(a.id), chatPlayerId(b.id)).catch(
      notFoundAsNull,
    );
    if (!h2h || h2h.wins + h2h.draws + h2h.losses === 0) {
      await interaction.reply({
        content: t(locale, 'reading.versus.never', {
          a: `<@${a.id}>`,
          b: `<@${b.id}>`,
          board: name,
        }),
        allowedMentions: { parse: [] },
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    const net =
      h2h.net === null
        ? ''
        : t(locale, 'reading.versus.net', {
            delta: signedDelta(h2h.net),
            unit: valueName(board.type, locale),
          });
    const played = h2h.wins + h2h.draws + h2h.losses;
    const { wins, draws, losses } = h2h;
    await interaction.reply({
      embeds: [
        {
          title: clip(
            t(locale, 'reading.versus.title', {
              a: shown(h2h.a.name),
              b: shown(h2h.b.name),
              board: name,
            }),
            LIMITS.embedTitle,
          ),
          description: `${t(locale, 'reading.versus.record', { wins, draws, losses, count: played })}${net}`,
          fields: [
            {
              name: t(locale, 'reading.versus.lastMeetings'),
              value: clip(
                h2h.matches
                  .slice(0, 5)
                  .map((m) => playedLine(m, locale))
                  .join('\n'),
                LIMITS.fieldValue,
              ),
            },
          ],
        },
      ],
      allowedMentions: { parse: [] },
    });
  },
} satisfies Command;
