import { SlashCommandBuilder } from 'discord.js';
import type { Board } from '../entities/board';
import { clip, LIMITS, shown } from '../src/bot/text';
import { byPrecedence, describeRankRole, type RankRole } from '../src/domain/rank-roles';
import type { Context } from '../src/pipeline/context';
import {
  putRankRole,
  refreshRankRoles,
  removeRankRole,
  setRankRoleSettings,
} from '../src/pipeline/rank-roles';
import { everywhere } from './contexts';
import {
  boardOf,
  ownerOf,
  reply,
  requireManageServer,
  serverRole,
  type Command,
  boardOption,
} from './shared';
import { valueName } from '../src/domain/display';

const roleOption = (o: import('discord.js').SlashCommandRoleOption) =>
  o.setName('role').setDescription('The server role').setRequired(true);

/**
 * /roles add|remove|settings|refresh (Manage Server) and /roles list (anyone): rank roles, which
 * Tally gives members for their standing on a board and takes back when they fall.
 */
export const roles = {
  data: everywhere(
    new SlashCommandBuilder()
      .setName('roles')
      .setDescription('Rank roles: server roles members earn by their standing on a board')
      .addSubcommand((sub) =>
        sub
          .setName('add')
          .setDescription('Give a role at a rating, points or score (Manage Server)')
          .addStringOption(boardOption)
          .addRoleOption(roleOption)
          .addIntegerOption((o) =>
            o
              .setName('at')
              .setDescription('Earned at this value (in the board’s direction), e.g. 1200')
              .setRequired(true),
          )
          .addIntegerOption((o) =>
            o
              .setName('keep_to')
              .setDescription('Once earned, kept until the value falls past this, e.g. 1150'),
          ),
      )
      .addSubcommand((sub) =>
        sub
          .setName('top')
          .setDescription('Give a role to the top N of a board (Manage Server)')
          .addStringOption(boardOption)
          .addRoleOption(roleOption)
          .addIntegerOption((o) =>
            o
              .setName('n')
              .setDescription('Ranks 1 to N earn it')
              .setRequired(true)
              .setMinValue(1)
              .setMaxValue(1000),
          )
          .addIntegerOption((o) =>
            o
              .setName('keep_to')
              .setDescription('Once earned, kept down to this rank')
              .setMinValue(1)
              .setMaxValue(1000),
          ),
      )
      .addSubcommand((sub) =>
        sub
          .setName('remove')
          .setDescription('Stop giving a rank role; Tally takes it back (Manage Server)')
          .addStringOption(boardOption)
          .addRoleOption(roleOption),
      )
      .addSubcommand((sub) =>
        sub
          .setName('settings')
          .setDescription('Minimum games, and whether rank roles stack (Manage Server)')
          .addStringOption(boardOption)
          .addIntegerOption((o) =>
            o
              .setName('min_games')
              .setDescription('Results a player needs before any rank role (default 0)')
              .setMinValue(0)
              .setMaxValue(10_000),
          )
          .addBooleanOption((o) =>
            o.setName('stack').setDescription('Hold every earned role, not only the best'),
          ),
      )
      .addSubcommand((sub) =>
        sub
          .setName('refresh')
          .setDescription('Check every member’s rank roles again now (Manage Server)')
          .addStringOption(boardOption),
      )
      .addSubcommand((sub) =>
        sub.setName('list').setDescription('A board’s rank roles').addStringOption(boardOption),
      ),
  ).toJSON(),

  writes: (interaction) => interaction.options.getSubcommand(true) !== 'list',

  async execute(interaction, ctx) {
    const sub = interaction.options.getSubcommand(true);
    const o = interaction.options;
    const boardId = o.getString('board', true);
    if (sub === 'list') {
      const board = await boardOf(ctx, interaction);
      await reply(interaction, { embeds: [await rolesEmbed(ctx, board)] });
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
        embeds: [await rolesEmbed(ctx, board)],
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

/** The rules, best first, with any role Discord refuses and why. */
export async function rolesEmbed(ctx: Context, board: Board) {
  const list = byPrecedence(await ctx.repos.rankRoles.roles(board.pk), board.sort);
  const settings = await ctx.repos.rankRoles.settings(board.pk);
  return {
    title: clip(`Rank roles of ${shown(board.displayName)}`, LIMITS.embedTitle),
    description: clip(
      list.length === 0
        ? 'None yet; someone with Manage Server adds one with `/roles add` or `/roles top`.'
        : [
            ...list.map(
              (role) =>
                `${describeRankRole(role, valueName(board.type), board.sort)}${problemOf(role)}`,
            ),
            '',
            `${settings.minGames > 0 ? `From ${settings.minGames} results` : 'From the first result'}; ${settings.stack ? 'every earned role held' : 'one role at a time, the best earned'}.`,
          ].join('\n'),
      LIMITS.embedDescription,
    ),
  };
}

const problemOf = (role: RankRole) => (role.problem ? `\n  ⚠️ ${role.problem}` : '');

/** `rank roles: 3 (⚠️ 1 refused by Discord: see /roles list)` for /board info. */
export function rankRolesLine(list: readonly RankRole[]): string | null {
  if (list.length === 0) return null;
  const refused = list.filter((r) => r.problem !== null).length;
  return `rank roles: ${list.length}${refused > 0 ? ` (⚠️ ${refused} refused by Discord: see \`/roles list\`)` : ''}`;
}
