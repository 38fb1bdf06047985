import {
  ChannelType,
  SlashCommandBuilder,
  time,
  TimestampStyles,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { Board } from '../entities/board';
import { shown } from '../src/bot/text';
import { chatPlayerId } from '../src/domain/ids';
import { describeReset, seasonTitle, type Season } from '../src/domain/season';
import { endSeason, startSeason, type SeasonInput } from '../src/pipeline/seasons';
import { seasonsAt } from '../src/bot/pages';
import type { Command } from '../src/bot/command';
import { boardOption, everywhere, utcDate } from '../src/bot/command-options';
import { choices, commandJson } from '../src/bot/command-text';
import { reply } from '../src/bot/replies';
import { boardOf, ownerOf, requireManageServer, serverChannel } from '../src/bot/workspace';

/** /season start|end (Manage Server) and /season list (anyone). */
export const season = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('season')
        .addSubcommand((sub) =>
          sub
            .setName('start')
            .addStringOption(boardOption)
            .addStringOption((o) => o.setName('name').setMaxLength(100))
            .addIntegerOption((o) => o.setName('days').setMinValue(1).setMaxValue(3650))
            .addStringOption((o) => o.setName('ends').setMaxLength(16))
            .addStringOption((o) =>
              o.setName('reset').addChoices(...choices('hard', 'soft', 'keep')),
            )
            .addIntegerOption((o) => o.setName('soft_percent').setMinValue(1).setMaxValue(99))
            .addChannelOption((o) =>
              o
                .setName('channel')
                .addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
            )
            .addIntegerOption((o) => o.setName('top').setMinValue(1).setMaxValue(25))
            .addBooleanOption((o) => o.setName('repeat')),
        )
        .addSubcommand((sub) => sub.setName('end').addStringOption(boardOption))
        .addSubcommand((sub) => sub.setName('list').addStringOption(boardOption)),
    ),
  ),

  writes: (interaction) => interaction.options.getSubcommand(true) !== 'list',

  async execute(interaction, ctx) {
    const sub = interaction.options.getSubcommand(true);
    const boardId = interaction.options.getString('board', true);
    if (sub === 'list') {
      const board = await boardOf(ctx, interaction);
      await reply(interaction, await seasonsAt(ctx, board, 0));
      return;
    }
    requireManageServer(interaction, `/season ${sub}`);
    if (sub === 'start') {
      const { board, season: started } = await startSeason(
        ctx,
        ownerOf(interaction),
        boardId,
        await seasonInput(interaction),
        chatPlayerId(interaction.user.id),
      );
      await reply(interaction, { content: startedText(board, started) });
      return;
    }
    const ended = await endSeason(
      ctx,
      ownerOf(interaction),
      boardId,
      chatPlayerId(interaction.user.id),
    );
    await reply(interaction, { content: endedText(ended) });
  },
} satisfies Command;

async function seasonInput(interaction: ChatInputCommandInteraction): Promise<SeasonInput> {
  const o = interaction.options;
  const channel = o.getChannel('channel');
  const ends = o.getString('ends');
  const pick = <T>(value: T | null, field: keyof SeasonInput) =>
    value === null ? {} : { [field]: value };
  return {
    ...pick(o.getString('name'), 'name'),
    ...pick(o.getInteger('days'), 'days'),
    ...(ends !== null ? { endsAt: utcDate(ends) } : {}),
    ...pick(o.getString('reset'), 'reset'),
    ...pick(o.getInteger('soft_percent'), 'softPercent'),
    ...(channel ? { channelId: await serverChannel(interaction, channel.id) } : {}),
    ...pick(o.getInteger('top'), 'topN'),
    ...pick(o.getBoolean('repeat'), 'repeat'),
  } as SeasonInput;
}

/** A season of a Rating board is a contest round: its end ranks the entries for good. */
const contestRound = (board: Board) => board.type === 'Rating';

function startedText(board: Board, s: Season): string {
  const parts = [
    `**${shown(seasonTitle(s))}** of **${shown(board.displayName)}** has started${contestRound(board) ? ' as a contest round' : ''}.`,
    s.endsAt
      ? `It ends ${time(s.endsAt, TimestampStyles.LongDateTime)} (${time(s.endsAt, TimestampStyles.RelativeTime)})${s.repeat ? ' and the next starts then, with the same length' : ''}.`
      : 'It runs until someone with Manage Server uses `/season end`.',
    contestRound(board)
      ? `At the end its entries are archived with their final rank and the ${s.topN === 1 ? 'winner is' : `top ${s.topN} are`} announced; the next round starts with no entries.`
      : `At the end the final standings are archived and ${describeReset(s, board)}.`,
    s.channelId ? `Announced in <#${s.channelId}>.` : 'Not announced (give `channel` to announce).',
  ];
  return parts.join(' ');
}

function endedText({ board, season, closed }: Awaited<ReturnType<typeof endSeason>>): string {
  const title = `**${shown(seasonTitle(season))}** of **${shown(board.displayName)}**`;
  const archive = `\`/leaderboard board:${board.id} season:${season.number}\``;
  if (!closed) {
    return `${title} ends as soon as the results submitted before now are recorded (a few seconds); then its standings are archived and the board starts afresh.`;
  }
  return contestRound(board)
    ? `${title} has ended: its entries are archived by final rank (${archive}); entries submitted from now on go into the next round.`
    : `${title} has ended: its final standings are archived (${archive}) and the board starts afresh (${describeReset(season, board)}).`;
}
