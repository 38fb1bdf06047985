import { TallyError } from '../src/domain/errors';
import {
  ChannelType,
  MessageFlags,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { Board } from '../entities/board';
import { t } from '../src/domain/i18n';
import { chatPlayerId } from '../src/domain/ids';
import { listTeams } from '../src/pipeline/boards';
import { invalidSaid } from '../src/domain/errors';
import type { Context } from '../src/pipeline/context';
import {
  closeQueue,
  joinQueue,
  leaveQueue,
  openMatchOfMember,
  openQueue,
  queueOfBoard,
  queueView,
  waitOfMember,
  QUEUE_LIMITS,
  type QueueSettings,
} from '../src/pipeline/queues';
import type { Command } from '../src/bot/command';
import { boardOption, everywhere } from '../src/bot/command-options';
import { commandJson } from '../src/bot/command-text';
import { parseParticipants } from '../src/bot/participants';
import { bold, joinedText, leftText, openedText, statusText } from '../src/bot/queue-replies';
import { shown } from '../src/bot/text';
import { boardOf, ownerOf, requireManageServer, serverChannel } from '../src/bot/workspace';

/** /queue open's settings: option name and the setting (ranges from QUEUE_LIMITS). */
const SETTINGS: [string, keyof QueueSettings][] = [
  ['window_start', 'windowStart'],
  ['window_growth', 'windowGrowthPerMinute'],
  ['window_max', 'windowMax'],
  ['ready_seconds', 'readySeconds'],
  ['report_minutes', 'reportMinutes'],
];

/**
 * /queue (issue 28): an admin opens (or changes) and closes a board's matchmaking queue; members
 * join, leave and read where they stand. The queue's Join / Leave buttons
 * (commands/queue-buttons.ts) call the same use cases.
 */
export const queue = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('queue')
        .addSubcommand((sub) => {
          sub
            .setName('open')
            .addStringOption(boardOption)
            .addChannelOption((o) => o.setName('channel').addChannelTypes(ChannelType.GuildText));
          for (const [name, key] of SETTINGS) {
            sub.addIntegerOption((o) =>
              o.setName(name).setMinValue(QUEUE_LIMITS[key][0]).setMaxValue(QUEUE_LIMITS[key][1]),
            );
          }
          return sub;
        })
        .addSubcommand((sub) => sub.setName('close').addStringOption(boardOption))
        .addSubcommand((sub) =>
          sub
            .setName('join')
            .addStringOption(boardOption)
            .addStringOption((o) => o.setName('team')),
        )
        .addSubcommand((sub) => sub.setName('leave'))
        .addSubcommand((sub) => sub.setName('status').addStringOption((o) => o.setName('board'))),
    ),
  ),

  writes: (interaction) => interaction.options.getSubcommand(true) !== 'status',

  async execute(interaction, ctx) {
    const sub = interaction.options.getSubcommand(true);
    const answer = Object.hasOwn(SUBCOMMANDS, sub)
      ? SUBCOMMANDS[sub as keyof typeof SUBCOMMANDS]
      : null;
    if (!answer) {
      // Only a forged interaction names a subcommand /queue does not register.
      const vars = { command: `queue ${sub}` };
      throw new TallyError('not_found', `/${vars.command} is not a Tally command`, {
        said: { key: 'common.failed.notACommand', vars },
      });
    }
    await interaction.reply({
      content: await answer(interaction, ctx),
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  },
} satisfies Command;

const me = (interaction: ChatInputCommandInteraction) => chatPlayerId(interaction.user.id);

async function open(interaction: ChatInputCommandInteraction, ctx: Context): Promise<string> {
  requireManageServer(interaction, '/queue open');
  const board = await boardOf(ctx, interaction);
  const picked = interaction.options.getChannel('channel');
  const channelId = picked ? await serverChannel(interaction, picked.id) : null;
  const settings: Partial<QueueSettings> = {};
  for (const [name, key] of SETTINGS) {
    const value = interaction.options.getInteger(name);
    if (value !== null) settings[key] = value;
  }
  const before = await queueOfBoard(ctx, board);
  const opened = await openQueue(ctx, board, {
    ...(channelId ? { channelId } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
  });
  return openedText(opened, board, before === null, channelId, interaction.locale);
}

async function close(interaction: ChatInputCommandInteraction, ctx: Context): Promise<string> {
  requireManageServer(interaction, '/queue close');
  const board = await boardOf(ctx, interaction);
  const locale = interaction.locale;
  if (!(await closeQueue(ctx, board))) {
    return t(locale, 'play.queue.noQueue', { board: bold(board) });
  }
  return t(locale, 'play.queue.closed', { board: bold(board) });
}

async function join(interaction: ChatInputCommandInteraction, ctx: Context): Promise<string> {
  if (interaction.user.bot) {
    throw invalidSaid('play.queue.botsCannot');
  }
  const board = await boardOf(ctx, interaction);
  const team = await teamOf(interaction, ctx, board);
  const wait = await joinQueue(ctx, { board, member: me(interaction), ...(team ? { team } : {}) });
  const view = await queueView(ctx, wait.queuePk);
  return view
    ? joinedText(view, wait, interaction.locale)
    : t(interaction.locale, 'play.queue.youAreInBoard', { board: bold(board) });
}

/** The team a member queues on a fixed-teams board (`team:<pk>`), typed as /match report takes it. */
async function teamOf(interaction: ChatInputCommandInteraction, ctx: Context, board: Board) {
  const typed = interaction.options.getString('team');
  if (!board.fixedTeams || typed === null) return null;
  const teams = await listTeams(ctx, ownerOf(interaction), board.id);
  const [picked] = parseParticipants(typed, board, teams, 'team', interaction.guildId);
  return `team:${String(picked!.team_id).slice('team_'.length)}`;
}

async function status(interaction: ChatInputCommandInteraction, ctx: Context): Promise<string> {
  const member = me(interaction);
  const wait = await waitOfMember(ctx, member);
  const boardId = interaction.options.getString('board');
  let board = null;
  if (boardId !== null) {
    const found = await queueOfBoard(ctx, await boardOf(ctx, interaction));
    if (!found) {
      throw invalidSaid('play.queue.noQueueOpen', { board: shown(boardId) });
    }
    board = await queueView(ctx, found.pk);
  }
  return statusText(
    {
      member,
      mine: wait ? await queueView(ctx, wait.queuePk) : null,
      match: await openMatchOfMember(ctx, member),
      board,
    },
    interaction.locale,
  );
}

async function leave(interaction: ChatInputCommandInteraction, ctx: Context): Promise<string> {
  const left = await leaveQueue(ctx, me(interaction));
  return leftText(await queueView(ctx, left.queuePk), interaction.locale);
}

/** Each subcommand's answer, always ephemeral: it is about the one who asked. */
const SUBCOMMANDS = { open, close, join, leave, status };
