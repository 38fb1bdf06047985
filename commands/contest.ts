import { ChannelType, MessageFlags, SlashCommandBuilder } from 'discord.js';
import type { ChatInputCommandInteraction } from 'discord.js';
import { TITLE_MAX, ENTRIES_PER_MEMBER_RANGE, MIN_VOTES_RANGE } from '../src/domain/contest';
import { chatPlayerId } from '../src/domain/ids';
import { contestSummary } from '../src/domain/display';
import { TallyError } from '../src/domain/errors';
import { t } from '../src/domain/i18n';
import {
  contestBoard,
  contestSettingsOf,
  decideEntry,
  ownedEntry,
  removeEntry,
  setContest,
  submitEntry,
  withdrawEntry,
  type ContestEdit,
  type PeriodInput,
} from '../src/pipeline/contests';
import type { Context } from '../src/pipeline/context';
import { attachmentBytes } from '../src/bot/attachment-file';
import type { Command } from '../src/bot/command';
import { boardOption, everywhere, utcDate } from '../src/bot/command-options';
import { commandJson } from '../src/bot/command-text';
import { mayModerate } from '../src/bot/review-button';
import { reply } from '../src/bot/replies';
import { shown } from '../src/bot/text';
import { ensureOwner, ownerOf, requireManageServer, serverChannel } from '../src/bot/workspace';

const entryOption = (o: import('discord.js').SlashCommandIntegerOption) =>
  o.setName('entry').setRequired(true).setMinValue(1);

/**
 * /contest: image contests on Rating boards (README "Contests"). Members submit and withdraw
 * their entries; moderators (Manage Server or the board's moderator role) approve, decline and
 * remove them; managers (Manage Server) set the contest up. Voting is the entry posts' buttons
 * (commands/contest-buttons.ts). Every refusal is ephemeral and says why; nothing is stored then.
 */
export const contest = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('contest')
        .addSubcommand((sub) =>
          sub
            .setName('submit')
            .addStringOption(boardOption)
            .addAttachmentOption((o) => o.setName('image').setRequired(true))
            .addStringOption((o) => o.setName('title').setRequired(true).setMaxLength(TITLE_MAX)),
        )
        .addSubcommand((sub) => sub.setName('withdraw').addIntegerOption(entryOption))
        .addSubcommand((sub) =>
          sub
            .setName('remove')
            .addIntegerOption(entryOption)
            .addStringOption((o) => o.setName('reason').setRequired(true).setMaxLength(200)),
        )
        .addSubcommand((sub) => sub.setName('approve').addIntegerOption(entryOption))
        .addSubcommand((sub) =>
          sub
            .setName('decline')
            .addIntegerOption(entryOption)
            .addStringOption((o) => o.setName('reason').setMaxLength(200)),
        )
        .addSubcommand((sub) =>
          sub
            .setName('settings')
            .addStringOption(boardOption)
            .addChannelOption((o) =>
              o
                .setName('channel')
                .addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
            )
            .addIntegerOption((o) =>
              o
                .setName('entries_per_member')
                .setMinValue(ENTRIES_PER_MEMBER_RANGE[0])
                .setMaxValue(ENTRIES_PER_MEMBER_RANGE[1]),
            )
            .addBooleanOption((o) => o.setName('approval'))
            .addStringOption((o) => o.setName('submissions'))
            .addStringOption((o) => o.setName('voting'))
            .addIntegerOption((o) =>
              o
                .setName('min_votes')
                .setMinValue(MIN_VOTES_RANGE[0])
                .setMaxValue(MIN_VOTES_RANGE[1]),
            ),
        ),
    ),
  ),

  writes: () => true,

  async execute(interaction, ctx) {
    switch (interaction.options.getSubcommand()) {
      case 'submit':
        return submit(interaction, ctx);
      case 'withdraw':
        return withdraw(interaction, ctx);
      case 'remove':
      case 'approve':
      case 'decline':
        return moderate(interaction, ctx);
      default:
        return settings(interaction, ctx);
    }
  },
} satisfies Command;

async function submit(interaction: ChatInputCommandInteraction, ctx: Context) {
  const ownerId = ownerOf(interaction);
  const boardId = interaction.options.getString('board', true);
  // Refused before anything is downloaded: a board that is not a contest, or not this server's.
  await contestBoard(ctx, ownerId, boardId);
  const file = interaction.options.getAttachment('image', true);
  // Downloading and re-encoding can take longer than the 3 seconds Discord allows a reply.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const bytes = await attachmentBytes(file);
  await ensureOwner(ctx, interaction);
  const { board, settings, entry } = await submitEntry(ctx, {
    ownerId,
    boardId,
    authorId: chatPlayerId(interaction.user.id),
    authorName:
      interaction.member && 'displayName' in interaction.member
        ? interaction.member.displayName
        : (interaction.user.globalName ?? interaction.user.username),
    title: interaction.options.getString('title', true),
    bytes,
  });
  const locale = interaction.locale;
  const name = t(locale, 'play.contest.entryName', { title: shown(entry.title), entry: entry.pk });
  const where = settings.channelId
    ? t(locale, 'play.contest.postedSoon', { channel: `<#${settings.channelId}>` })
    : t(locale, 'play.contest.noChannel');
  const vars = { name, board: shown(board.displayName) };
  const content =
    entry.status === 'pending'
      ? t(locale, 'play.contest.pending', vars)
      : t(locale, 'play.contest.live', { ...vars, where });
  await interaction.editReply({ content, allowedMentions: { parse: [] } });
}

async function withdraw(interaction: ChatInputCommandInteraction, ctx: Context) {
  const { board, entry } = await withdrawEntry(ctx, {
    ownerId: ownerOf(interaction),
    entryPk: interaction.options.getInteger('entry', true),
    authorId: chatPlayerId(interaction.user.id),
  });
  await reply(
    interaction,
    {
      content: t(interaction.locale, 'play.contest.withdrew', {
        title: shown(entry.title),
        board: shown(board.displayName),
      }),
    },
    true,
  );
}

async function moderate(interaction: ChatInputCommandInteraction, ctx: Context) {
  const action = interaction.options.getSubcommand() as 'remove' | 'approve' | 'decline';
  const ownerId = ownerOf(interaction);
  const entryPk = interaction.options.getInteger('entry', true);
  const { board } = await ownedEntry(ctx, ownerId, entryPk);
  if (!mayModerate(interaction, board)) {
    throw new TallyError(
      'permission_denied',
      'Only members with the Manage Server permission or the board’s moderator role can do that.',
      { said: { key: 'play.contest.mayNotModerate' } },
    );
  }
  const by = chatPlayerId(interaction.user.id);
  const reason = interaction.options.getString('reason') ?? undefined;
  const { entry } =
    action === 'remove'
      ? await removeEntry(ctx, { ownerId, entryPk, by, reason: reason ?? '' })
      : await decideEntry(ctx, {
          ownerId,
          entryPk,
          by,
          approve: action === 'approve',
          ...(reason === undefined ? {} : { reason }),
        });
  const done = {
    remove: 'play.contest.removed',
    approve: 'play.contest.approved',
    decline: 'play.contest.declined',
  } as const;
  const content = t(interaction.locale, done[action], {
    entry: entry.pk,
    title: shown(entry.title),
  });
  await reply(interaction, { content }, true);
}

function periodOption(
  interaction: ChatInputCommandInteraction,
  name: string,
): PeriodInput | undefined {
  const text = interaction.options.getString(name)?.trim().toLowerCase();
  if (text === undefined) return undefined;
  if (text === 'open' || text === 'closed') return text;
  return utcDate(text, name);
}

async function settings(interaction: ChatInputCommandInteraction, ctx: Context) {
  const ownerId = ownerOf(interaction);
  const boardId = interaction.options.getString('board', true);
  const o = interaction.options;
  const channel = o.getChannel('channel');
  const edit: ContestEdit = {
    ...(o.getInteger('entries_per_member') !== null
      ? { entriesPerMember: o.getInteger('entries_per_member')! }
      : {}),
    ...(o.getBoolean('approval') !== null ? { approval: o.getBoolean('approval')! } : {}),
    ...(o.getInteger('min_votes') !== null ? { minVotes: o.getInteger('min_votes')! } : {}),
  };
  const submissions = periodOption(interaction, 'submissions');
  const voting = periodOption(interaction, 'voting');
  if (submissions !== undefined) edit.submissions = submissions;
  if (voting !== undefined) edit.voting = voting;
  const changing = Object.keys(edit).length > 0 || channel !== null;
  if (!changing) {
    const board = await contestBoard(ctx, ownerId, boardId);
    const current = await contestSettingsOf(ctx, board);
    const content = t(interaction.locale, 'play.contest.settings', {
      board: shown(board.displayName),
      summary: contestSummary(current, ctx.now(), interaction.locale),
    });
    return reply(interaction, { content }, true);
  }
  requireManageServer(interaction, { action: 'changingContest' });
  if (channel !== null) {
    if (interaction.guildId === null) {
      throw new TallyError(
        'invalid_request',
        'channel: only server contests are posted in a channel',
        { said: { key: 'play.contest.onlyServers' } },
      );
    }
    edit.channelId = await serverChannel(interaction, channel.id);
  }
  const { board, settings: now } = await setContest(
    ctx,
    ownerId,
    boardId,
    edit,
    chatPlayerId(interaction.user.id),
  );
  // A reply answers the member who asked, in their language, even where the channel sees it.
  const locale = interaction.locale;
  await reply(interaction, {
    content: t(locale, 'play.contest.changed', {
      board: shown(board.displayName),
      summary: contestSummary(now, ctx.now(), locale),
    }),
  });
}
