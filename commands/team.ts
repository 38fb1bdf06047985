import { escapeMarkdown, SlashCommandBuilder } from 'discord.js';
import { createTeam, listTeams } from '../src/pipeline/boards';
import { everywhere } from './contexts';
import { ensureOwner, reply, requireManageServer, type Command } from './shared';

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

  async execute(interaction, ctx) {
    const sub = interaction.options.getSubcommand(true);
    if (sub === 'create') requireManageServer(interaction, '/team create');
    const ownerId = await ensureOwner(ctx, interaction);
    const boardId = interaction.options.getString('board', true);
    if (sub === 'create') {
      const created = await createTeam(
        ctx,
        ownerId,
        boardId,
        interaction.options.getString('name', true),
      );
      await reply(interaction, {
        content: `Created team **${escapeMarkdown(created.name)}** (\`${created.teamId}\`) on \`${boardId}\`. Report its matches with \`/match report team:${created.teamId}\`.`,
      });
    } else {
      const teams = await listTeams(ctx, ownerId, boardId);
      const lines = teams.map((t) => `\`${t.teamId}\` ${escapeMarkdown(t.name)}`);
      await reply(interaction, {
        content: lines.join('\n') || 'No teams yet; create one with `/team create`.',
      });
    }
  },
} satisfies Command;
