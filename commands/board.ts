import { describeDecay } from '../src/domain/decay';
import {
  ChannelType,
  SlashCommandBuilder,
  time,
  TimestampStyles,
  type ChatInputCommandInteraction,
  type SlashCommandSubcommandBuilder,
} from 'discord.js';
import { BOARD_TYPES } from '../src/domain/vocabulary';
import { boardSettings, ownedBoard } from '../src/pipeline/board-reads';
import { resumeReviewPosts } from '../src/pipeline/review-queue';
import { checkBoardInput, createBoard, editBoard } from '../src/pipeline/boards';
import { setDecay } from '../src/pipeline/decay';
import { placeLiveStandings } from '../src/pipeline/live-standings';
import { t } from '../src/domain/i18n';
import { invalidSaid } from '../src/domain/errors';
import { STANDINGS_SIZE_RANGE } from '../src/domain/board-display';
import { code, shown } from '../src/bot/text';
import { boardsAt } from '../src/bot/pages';
import { boardInfo } from '../src/bot/board-info-message';
import type { Command } from '../src/bot/command';
import { boardOption, everywhere } from '../src/bot/command-options';
import { choices, commandJson } from '../src/bot/command-text';
import { rememberServerLocale } from '../src/bot/server-locale';
import { askBoardDelete, boardDeleteSubcommand } from './board-delete';
import { reply } from '../src/bot/replies';
import {
  ensureOwner,
  ownerOf,
  requireManageServer,
  serverChannel,
  serverRole,
} from '../src/bot/workspace';

/** The options /board create and /board edit share: name, and where and how long review runs. */
const withPlacement = (sub: SlashCommandSubcommandBuilder) =>
  sub
    .addStringOption((o) => o.setName('name').setMaxLength(100))
    .addChannelOption((o) => o.setName('moderator_channel').addChannelTypes(ChannelType.GuildText))
    .addRoleOption((o) => o.setName('moderator_role'))
    .addStringOption((o) =>
      o.setName('review_by').addChoices(...choices('moderators', 'opponents')),
    )
    .addIntegerOption((o) => o.setName('confirm_hours').setMinValue(1).setMaxValue(720))
    .addStringOption((o) => o.setName('on_silence').addChoices(...choices('confirm', 'escalate')))
    .addIntegerOption((o) => o.setName('window_hours').setMinValue(0).setMaxValue(999))
    .addBooleanOption((o) => o.setName('evidence_required'));

/** /board create|edit (Manage Server) and /board info|list (anyone): the `tally board` use cases. */
export const board = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('board')
        .addSubcommand((sub) =>
          withPlacement(
            sub.setName('create').addStringOption((o) =>
              o
                .setName('type')
                .setRequired(true)
                .addChoices(...choices(...BOARD_TYPES)),
            ),
          )
            .addIntegerOption((o) => o.setName('team_size').setMinValue(1).setMaxValue(8))
            .addBooleanOption((o) => o.setName('fixed_teams'))
            .addIntegerOption((o) => o.setName('k').setMinValue(1))
            .addStringOption((o) => o.setName('points'))
            .addStringOption((o) => o.setName('sort').addChoices(...choices('asc', 'desc'))),
        )
        .addSubcommand((sub) =>
          withPlacement(sub.setName('edit').addStringOption(boardOption))
            .addBooleanOption((o) => o.setName('private'))
            .addBooleanOption((o) => o.setName('medals'))
            .addIntegerOption((o) =>
              o
                .setName('standings_size')
                .setMinValue(STANDINGS_SIZE_RANGE[0])
                .setMaxValue(STANDINGS_SIZE_RANGE[1]),
            )
            .addBooleanOption((o) => o.setName('show_record'))
            .addBooleanOption((o) => o.setName('show_submissions')),
        )
        .addSubcommand((sub) => sub.setName('info').addStringOption(boardOption))
        .addSubcommand((sub) => sub.setName('list'))
        .addSubcommand(boardDeleteSubcommand)
        .addSubcommand((sub) =>
          sub
            .setName('standings')
            .addStringOption(boardOption)
            .addChannelOption((o) => o.setName('channel').addChannelTypes(ChannelType.GuildText)),
        )
        .addSubcommand((sub) =>
          sub
            .setName('decay')
            .addStringOption(boardOption)
            .addIntegerOption((o) =>
              o.setName('amount').setRequired(true).setMinValue(0).setMaxValue(1000),
            )
            .addIntegerOption((o) => o.setName('after_days').setMinValue(1).setMaxValue(365))
            .addIntegerOption((o) => o.setName('every_hours').setMinValue(1).setMaxValue(720))
            .addBooleanOption((o) => o.setName('percent'))
            .addIntegerOption((o) => o.setName('floor').setMinValue(0))
            .addBooleanOption((o) => o.setName('role_floor')),
        ),
    ),
  ),

  writes: (interaction) =>
    ['create', 'edit', 'decay', 'standings'].includes(interaction.options.getSubcommand(true)),

  async execute(interaction, ctx) {
    const sub = interaction.options.getSubcommand(true);
    const o = interaction.options;
    const locale = interaction.locale;
    if (sub === 'create') {
      requireManageServer(interaction, '/board create');
      const input = {
        type: o.getString('type', true),
        ...(await placement(interaction)),
        ...optionalInt(interaction, 'team_size', 'teamSize'),
        ...optionalInt(interaction, 'k', 'kFactor'),
        ...(o.getBoolean('fixed_teams') !== null
          ? { fixedTeams: o.getBoolean('fixed_teams', true) }
          : {}),
        ...(o.getString('sort') ? { sort: o.getString('sort', true) } : {}),
        ...(o.getString('points') ? { points: parsePoints(o.getString('points', true)) } : {}),
      };
      checkBoardInput(input); // a refused create leaves no owner row behind
      const ownerId = await ensureOwner(ctx, interaction);
      await rememberServerLocale(ctx, interaction);
      const created = await createBoard(ctx, { ownerId, ...input });
      await reply(interaction, {
        content: t(locale, 'admin.board.created', {
          board: shown(created.displayName),
          id: code(created.id),
        }),
        embeds: [boardInfo(ctx.config.publicUrl, created, {}, locale)],
      });
    } else if (sub === 'edit') {
      requireManageServer(interaction, '/board edit');
      const edited = await editBoard(ctx, ownerOf(interaction), o.getString('board', true), {
        ...(await placement(interaction)),
        ...(o.getBoolean('private') !== null ? { private: o.getBoolean('private', true) } : {}),
        ...display(interaction),
      });
      // A manager changed the board: stopped review messages get another try at once.
      const resumed = await resumeReviewPosts(ctx, edited);
      await reply(interaction, {
        content: t(locale, resumed ? 'admin.board.updatedResumed' : 'admin.board.updated', {
          board: shown(edited.displayName),
        }),
        embeds: [boardInfo(ctx.config.publicUrl, edited, {}, locale)],
      });
    } else if (sub === 'info') {
      const found = await ownedBoard(ctx, ownerOf(interaction), o.getString('board', true));
      await reply(interaction, {
        embeds: [boardInfo(ctx.config.publicUrl, found, await boardSettings(ctx, found), locale)],
      });
    } else if (sub === 'standings') {
      requireManageServer(interaction, '/board standings');
      const picked = o.getChannel('channel');
      const channelId = picked ? await serverChannel(interaction, picked.id) : null;
      const placed = await placeLiveStandings(
        ctx,
        ownerOf(interaction),
        o.getString('board', true),
        channelId,
      );
      await reply(interaction, {
        content: channelId
          ? t(locale, 'admin.board.liveOn', {
              board: shown(placed.displayName),
              channel: `<#${channelId}>`,
            })
          : t(locale, 'admin.board.liveOff', { board: shown(placed.displayName) }),
      });
    } else if (sub === 'decay') {
      requireManageServer(interaction, '/board decay');
      const amount = o.getInteger('amount', true);
      const boardId = o.getString('board', true);
      const set = await setDecay(
        ctx,
        ownerOf(interaction),
        boardId,
        amount === 0
          ? null
          : {
              amount,
              percent: o.getBoolean('percent') ?? false,
              ...optionalInt(interaction, 'after_days', 'afterDays'),
              ...optionalInt(interaction, 'every_hours', 'everyHours'),
              ...(o.getInteger('floor') !== null ? { floor: o.getInteger('floor', true) } : {}),
              roleFloor: o.getBoolean('role_floor') ?? false,
            },
      );
      const when = set && time(set.next, TimestampStyles.RelativeTime);
      await reply(interaction, {
        content: !set
          ? t(locale, 'admin.board.decayOff', { board: code(boardId) })
          : t(locale, set.changed ? 'admin.board.decayChanged' : 'admin.board.decaySet', {
              board: code(boardId),
              rule: describeDecay(set.rule, locale),
              when: when!,
              since: time(set.rule.since, TimestampStyles.ShortDateTime),
            }),
      });
    } else if (sub === 'delete') {
      await askBoardDelete(interaction, ctx);
    } else {
      await reply(interaction, await boardsAt(ctx, ownerOf(interaction), 0, interaction.locale));
    }
  },
} satisfies Command;

/** The options create and edit share: name, where and by whom review happens, the window. */
async function placement(interaction: ChatInputCommandInteraction) {
  const o = interaction.options;
  const channel = o.getChannel('moderator_channel');
  const role = o.getRole('moderator_role');
  const name = o.getString('name');
  return {
    ...(name !== null ? { name } : {}),
    ...(channel ? { moderatorChannelId: await serverChannel(interaction, channel.id) } : {}),
    ...(role ? { moderatorRoleId: await serverRole(interaction, role.id) } : {}),
    ...(o.getString('review_by') ? { reviewMode: o.getString('review_by', true) } : {}),
    ...optionalInt(interaction, 'confirm_hours', 'confirmWindowHours'),
    ...(o.getString('on_silence') ? { onSilence: o.getString('on_silence', true) } : {}),
    ...optionalInt(interaction, 'window_hours', 'windowHours'),
    ...(o.getBoolean('evidence_required') !== null
      ? { evidenceRequired: o.getBoolean('evidence_required', true) }
      : {}),
  };
}

/** /board edit's display options (src/domain/board-display.ts), those given. */
function display(interaction: ChatInputCommandInteraction) {
  const o = interaction.options;
  const flag = (option: string, field: string) =>
    o.getBoolean(option) === null ? {} : { [field]: o.getBoolean(option, true) };
  return {
    ...flag('medals', 'medals'),
    ...optionalInt(interaction, 'standings_size', 'standingsSize'),
    ...flag('show_record', 'showRecord'),
    ...flag('show_submissions', 'showSubmissions'),
  };
}

function optionalInt(interaction: ChatInputCommandInteraction, option: string, field: string) {
  const value = interaction.options.getInteger(option);
  return value === null ? {} : { [field]: value };
}

function parsePoints(text: string): [number, number, number] {
  const parts = text.split(/[\s,/]+/).map(Number);
  if (parts.length !== 3 || parts.some((p) => !Number.isInteger(p))) {
    throw invalidSaid('admin.board.points');
  }
  return parts as [number, number, number];
}
