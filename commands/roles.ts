import { SlashCommandBuilder } from 'discord.js';
import { rolesEmbed } from '../src/bot/roles-message';
import { shown } from '../src/bot/text';
import {
  putRankRole,
  rankRolesOf,
  refreshRankRoles,
  removeRankRole,
  setRankRoleSettings,
} from '../src/pipeline/rank-roles';
import type { Command } from '../src/bot/command';
import { t } from '../src/domain/i18n';
import { boardOption, everywhere } from '../src/bot/command-options';
import { commandJson } from '../src/bot/command-text';
import { reply } from '../src/bot/replies';
import { boardOf, ownerOf, requireManageServer, serverRole } from '../src/bot/workspace';

const roleOption = (o: import('discord.js').SlashCommandRoleOption) =>
  o.setName('role').setRequired(true);

/**
 * /roles add|remove|settings|refresh (Manage Server) and /roles list (anyone): rank roles, which
 * Tally gives members for their standing on a board and takes back when they fall.
 */
export const roles = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('roles')
        .addSubcommand((sub) =>
          sub
            .setName('add')
            .addStringOption(boardOption)
            .addRoleOption(roleOption)
            .addIntegerOption((o) => o.setName('at').setRequired(true))
            .addIntegerOption((o) => o.setName('keep_to')),
        )
        .addSubcommand((sub) =>
          sub
            .setName('top')
            .addStringOption(boardOption)
            .addRoleOption(roleOption)
            .addIntegerOption((o) =>
              o.setName('n').setRequired(true).setMinValue(1).setMaxValue(1000),
            )
            .addIntegerOption((o) => o.setName('keep_to').setMinValue(1).setMaxValue(1000)),
        )
        .addSubcommand((sub) =>
          sub.setName('remove').addStringOption(boardOption).addRoleOption(roleOption),
        )
        .addSubcommand((sub) =>
          sub
            .setName('settings')
            .addStringOption(boardOption)
            .addIntegerOption((o) => o.setName('min_games').setMinValue(0).setMaxValue(10_000))
            .addBooleanOption((o) => o.setName('stack')),
        )
        .addSubcommand((sub) => sub.setName('refresh').addStringOption(boardOption))
        .addSubcommand((sub) => sub.setName('list').addStringOption(boardOption)),
    ),
  ),

  writes: (interaction) => interaction.options.getSubcommand(true) !== 'list',

  async execute(interaction, ctx) {
    const sub = interaction.options.getSubcommand(true);
    const o = interaction.options;
    const boardId = o.getString('board', true);
    const locale = interaction.locale;
    if (sub === 'list') {
      const board = await boardOf(ctx, interaction);
      await reply(interaction, {
        embeds: [rolesEmbed(board, await rankRolesOf(ctx, board), interaction.locale)],
      });
      return;
    }
    requireManageServer(interaction, `/roles ${sub}`);
    const ownerId = ownerOf(interaction);
    if (sub === 'add' || sub === 'top') {
      const roleId = await serverRole(interaction, o.getRole('role', true).id, 'rankRole');
      const keep = o.getInteger('keep_to');
      const { board } = await putRankRole(ctx, ownerId, boardId, {
        roleId,
        kind: sub === 'top' ? 'top' : 'value',
        threshold: sub === 'top' ? o.getInteger('n', true) : o.getInteger('at', true),
        keep,
      });
      await reply(interaction, {
        content: t(locale, 'admin.roles.added', {
          role: `<@&${roleId}>`,
          board: shown(board.displayName),
        }),
        embeds: [rolesEmbed(board, await rankRolesOf(ctx, board), locale)],
      });
    } else if (sub === 'remove') {
      const roleId = o.getRole('role', true).id;
      const board = await removeRankRole(ctx, ownerId, boardId, roleId);
      await reply(interaction, {
        content: t(locale, 'admin.roles.removed', {
          role: `<@&${roleId}>`,
          board: shown(board.displayName),
        }),
      });
    } else if (sub === 'settings') {
      const { board, settings } = await setRankRoleSettings(ctx, ownerId, boardId, {
        ...(o.getInteger('min_games') !== null
          ? { minGames: o.getInteger('min_games', true) }
          : {}),
        ...(o.getBoolean('stack') !== null ? { stack: o.getBoolean('stack', true) } : {}),
      });
      await reply(interaction, {
        content: t(locale, 'admin.roles.settings', {
          board: shown(board.displayName),
          from:
            settings.minGames > 0
              ? t(locale, 'admin.roles.settingsFromGames', { count: settings.minGames })
              : t(locale, 'admin.roles.settingsFromFirst'),
          how: t(locale, settings.stack ? 'admin.roles.stack' : 'admin.roles.settingsSingle'),
        }),
      });
    } else {
      const board = await refreshRankRoles(ctx, ownerId, boardId);
      await reply(interaction, {
        content: t(locale, 'admin.roles.refresh', { board: shown(board.displayName) }),
      });
    }
  },
} satisfies Command;
