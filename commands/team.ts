import { SlashCommandBuilder } from 'discord.js';
import { code, shown } from '../src/bot/text';
import { ownedBoard } from '../src/pipeline/board-reads';
import { createTeam } from '../src/pipeline/boards';
import { teamsAt } from '../src/bot/pages';
import type { Command } from '../src/bot/command';
import { t } from '../src/domain/i18n';
import { boardOption, everywhere } from '../src/bot/command-options';
import { commandJson } from '../src/bot/command-text';
import { reply } from '../src/bot/replies';
import { ownerOf, requireManageServer } from '../src/bot/workspace';

/** /team create (Manage Server) and /team list, for fixed-teams boards (spec 2.9 team_id). */
export const team = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('team')
        .addSubcommand((sub) =>
          sub
            .setName('create')
            .addStringOption(boardOption)
            .addStringOption((o) => o.setName('name').setRequired(true).setMaxLength(100)),
        )
        .addSubcommand((sub) => sub.setName('list').addStringOption(boardOption)),
    ),
  ),

  writes: (interaction) => interaction.options.getSubcommand(true) === 'create',

  async execute(interaction, ctx) {
    const sub = interaction.options.getSubcommand(true);
    const ownerId = ownerOf(interaction);
    const boardId = interaction.options.getString('board', true);
    if (sub === 'create') {
      requireManageServer(interaction, '/team create');
      const created = await createTeam(
        ctx,
        ownerId,
        boardId,
        interaction.options.getString('name', true),
      );
      await reply(interaction, {
        content: t(interaction.locale, 'admin.team.created', {
          team: shown(created.name),
          id: code(created.teamId),
          board: code(boardId),
          teamId: created.teamId,
        }),
      });
    } else {
      await reply(
        interaction,
        await teamsAt(ctx, await ownedBoard(ctx, ownerId, boardId), 0, interaction.locale),
      );
    }
  },
} satisfies Command;
