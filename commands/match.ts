import { SlashCommandBuilder } from 'discord.js';
import { parseScoreline } from '../src/domain/score-text';
import { listTeams } from '../src/pipeline/boards';
import type { Command } from '../src/bot/command';
import { boardOption, everywhere, withEvidence } from '../src/bot/command-options';
import { choices, commandJson } from '../src/bot/command-text';
import { evidenceOf } from '../src/bot/evidence';
import { parseParticipants, refuseBots } from '../src/bot/participants';
import { invalidSaid } from '../src/domain/errors';
import { submitWrite } from '../src/bot/submit-reply';
import { boardOf, ownerOf } from '../src/bot/workspace';

const RESULTS = { won: 'team1', lost: 'team2', draw: 'draw' } as const;

/**
 * /match report: the reporter's side (them and any teammates, or their team) against the
 * mentioned opponents; a result on ELO boards, a scoreline (your side first) on League boards.
 */
export const match = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder().setName('match').addSubcommand((sub) =>
        withEvidence(
          sub
            .setName('report')
            .addStringOption(boardOption)
            .addStringOption((o) => o.setName('opponents').setRequired(true))
            .addStringOption((o) =>
              o.setName('result').addChoices(...choices('won', 'lost', 'draw')),
            )
            .addStringOption((o) => o.setName('score'))
            .addStringOption((o) => o.setName('teammates'))
            .addStringOption((o) => o.setName('team')),
        ),
      ),
    ),
  ),

  writes: () => true,

  async execute(interaction, ctx) {
    const board = await boardOf(ctx, interaction);
    const evidence = evidenceOf(interaction, board);
    const options = interaction.options;
    const guildId = interaction.guildId;
    const teams = board.fixedTeams ? await listTeams(ctx, ownerOf(interaction), board.id) : [];
    const mine = board.fixedTeams
      ? parseParticipants(options.getString('team') ?? '', board, teams, 'team', guildId)
      : [
          { chat_id: interaction.user.id },
          ...(options.getString('teammates')
            ? parseParticipants(
                options.getString('teammates', true),
                board,
                teams,
                'teammates',
                guildId,
              )
            : []),
        ];
    const theirs = parseParticipants(
      options.getString('opponents', true),
      board,
      teams,
      'opponents',
      guildId,
    );
    await refuseBots(interaction, [...mine, ...theirs]);
    const body: Record<string, unknown> = { team1: mine, team2: theirs };
    if (board.type === 'League') {
      const line = parseScoreline(options.getString('score') ?? '');
      if (!line) throw invalidSaid('review.submit.scorelineNeeded');
      [body.team1_score, body.team2_score] = line;
    } else {
      const result = options.getString('result') as keyof typeof RESULTS | null;
      if (!result) throw invalidSaid('review.submit.resultNeeded');
      body.winner = RESULTS[result];
    }
    await submitWrite(interaction, ctx, board, 'match', body, evidence);
  },
} satisfies Command;
