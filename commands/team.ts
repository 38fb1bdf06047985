import { SlashCommandBuilder } from 'discord.js';
import type { Board } from '../entities/board';
import { code, shown } from '../src/bot/text';
import { formatTeamId } from '../src/domain/ids';
import { ownedBoard, teamsAfter } from '../src/pipeline/board-reads';
import { createTeam } from '../src/pipeline/boards';
import type { Context } from '../src/pipeline/context';
import { LIST_PAGE, listMessage } from './list-message';
import { everywhere } from './contexts';
import { ownerOf, reply, requireManageServer, type Command } from './shared';

/** /team create (Manage Server) and /team list, for fixed-teams boards (spec 2.9 team_id). */
export const team = {
  data: everywhere(
    new SlashCommandBuilder()
      .setName('team')
      .setDescription('Teams of fixed-teams boards')
      .addSubcommand((sub) =>
        sub
          .setName('create')
          .setDescription('Create a team (Manage Server)')
          .addStringOption((o) =>
            o.setName('board').setDescription('Board id, e.g. board_1').setRequired(true),
          )
          .addStringOption((o) =>
            o.setName('name').setDescription('Team name').setRequired(true).setMaxLength(100),
          ),
      )
      .addSubcommand((sub) =>
        sub
          .setName('list')
          .setDescription('The teams of a board')
          .addStringOption((o) =>
            o.setName('board').setDescription('Board id, e.g. board_1').setRequired(true),
          ),
      ),
  ).toJSON(),

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
        content: `Created team **${shown(created.name)}** (${code(created.teamId)}) on ${code(boardId)}. Report its matches with \`/match report team:${created.teamId}\`.`,
      });
    } else {
      await reply(interaction, await teamList(ctx, await ownedBoard(ctx, ownerId, boardId), 0));
    }
  },
} satisfies Command;

/** One page of /team list: a board's teams, oldest first, after team pk `afterPk`. */
export async function teamList(ctx: Context, board: Board, afterPk: number) {
  const { items: teams, next } = await teamsAfter(ctx, board, afterPk, LIST_PAGE);
  return listMessage(
    { kind: 'teams', scope: board.pk },
    {
      title: `Teams of ${shown(board.displayName)}`,
      lines: teams.map((t) => `${code(formatTeamId(t.pk))} ${shown(t.name)}`),
      empty: 'No teams yet; someone with Manage Server creates one with `/team create`.',
      next,
      first: afterPk === 0,
    },
  );
}
