import { describeReset, seasonTitle } from '../src/domain/season';
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
import { t } from '../src/domain/i18n';
import type { Season } from '../src/domain/season';
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
      await reply(interaction, await seasonsAt(ctx, board, 0, interaction.locale));
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
      await reply(interaction, { content: startedText(interaction.locale, board, started) });
      return;
    }
    const ended = await endSeason(
      ctx,
      ownerOf(interaction),
      boardId,
      chatPlayerId(interaction.user.id),
    );
    await reply(interaction, { content: endedText(interaction.locale, ended) });
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

function startedText(locale: string, board: Board, s: Season): string {
  const vars = { season: shown(seasonTitle(s, locale)), board: shown(board.displayName) };
  const at = (d: Date) => ({
    at: time(d, TimestampStyles.LongDateTime),
    relative: time(d, TimestampStyles.RelativeTime),
  });
  const parts = [
    t(locale, contestRound(board) ? 'admin.season.startedRound' : 'admin.season.started', vars),
    s.endsAt
      ? t(locale, s.repeat ? 'admin.season.endsAtRepeats' : 'admin.season.endsAt', at(s.endsAt))
      : t(locale, 'admin.season.runsUntilEnded'),
    contestRound(board)
      ? s.topN === 1
        ? t(locale, 'admin.season.roundEndWinner')
        : t(locale, 'admin.season.roundEndTop', { count: s.topN })
      : t(locale, 'admin.season.standingsEnd', { reset: describeReset(s, board, locale) }),
    s.channelId
      ? t(locale, 'admin.season.announcedIn', { channel: `<#${s.channelId}>` })
      : t(locale, 'admin.season.notAnnounced'),
  ];
  return parts.join(' ');
}

function endedText(
  locale: string,
  { board, season, closed }: Awaited<ReturnType<typeof endSeason>>,
): string {
  const title = t(locale, 'admin.season.ofBoard', {
    season: shown(seasonTitle(season, locale)),
    board: shown(board.displayName),
  });
  const archive = `\`/leaderboard board:${board.id} season:${season.number}\``;
  if (!closed) return t(locale, 'admin.season.closing', { season: title });
  return contestRound(board)
    ? t(locale, 'admin.season.endedRound', { season: title, archive })
    : t(locale, 'admin.season.ended', {
        season: title,
        archive,
        reset: describeReset(season, board, locale),
      });
}
