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
    if (sub === 'list') {
      const board = await boardOf(ctx, interaction);
      await reply(interaction, { embeds: [rolesEmbed(board, await rankRolesOf(ctx, board))] });
      return;
    }
    requireManageServer(interaction, `/roles ${sub}`);
    const ownerId = ownerOf(interaction);
    if (sub === 'add' || sub === 'top') {
      const roleId = await serverRole(interaction, o.getRole('role', true).id, 'rank role');
      const keep = o.getInteger('keep_to');
      const { board } = await putRankRole(ctx, ownerId, boardId, {
        roleId,
        kind: sub === 'top' ? 'top' : 'value',
        threshold: sub === 'top' ? o.getInteger('n', true) : o.getInteger('at', true),
        keep,
      });
      await reply(interaction, {
        content: `<@&${roleId}> is now a rank role of **${shown(board.displayName)}**; Tally gives and takes it within 30 s as standings change. It needs the Manage Roles permission, with its own role above <@&${roleId}>.`,
        embeds: [rolesEmbed(board, await rankRolesOf(ctx, board))],
      });
    } else if (sub === 'remove') {
      const roleId = o.getRole('role', true).id;
      const board = await removeRankRole(ctx, ownerId, boardId, roleId);
      await reply(interaction, {
        content: `<@&${roleId}> is no longer a rank role of **${shown(board.displayName)}**; Tally takes it back from the members it gave it to.`,
      });
    } else if (sub === 'settings') {
      const { board, settings } = await setRankRoleSettings(ctx, ownerId, boardId, {
        ...(o.getInteger('min_games') !== null
          ? { minGames: o.getInteger('min_games', true) }
          : {}),
        ...(o.getBoolean('stack') !== null ? { stack: o.getBoolean('stack', true) } : {}),
      });
      await reply(interaction, {
        content: `Rank roles of **${shown(board.displayName)}**: ${settings.minGames > 0 ? `from ${settings.minGames} results` : 'from the first result'}, ${settings.stack ? 'every earned role held' : 'one role at a time (the best earned)'}.`,
      });
    } else {
      const board = await refreshRankRoles(ctx, ownerId, boardId);
      await reply(interaction, {
        content: `Tally checks every member’s rank roles on **${shown(board.displayName)}** again now, including roles Discord refused before.`,
      });
    }
  },
} satisfies Command;
