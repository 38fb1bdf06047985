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
import { DECAY_DEFAULTS, describeDecay } from '../src/domain/decay';
import { DISPLAY_DEFAULTS, STANDINGS_SIZE_RANGE } from '../src/domain/board-display';
import { code, shown } from '../src/bot/text';
import { boardsAt } from '../src/bot/pages';
import { boardInfo } from '../src/bot/board-info-message';
import type { Command } from '../src/bot/command';
import { boardOption, everywhere } from '../src/bot/command-options';
import { askBoardDelete, boardDeleteSubcommand } from './board-delete';
import { invalid, reply } from '../src/bot/replies';
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
    .addStringOption((o) => o.setName('name').setDescription('Display name').setMaxLength(100))
    .addChannelOption((o) =>
      o
        .setName('moderator_channel')
        .setDescription('Where submissions are posted for review')
        .addChannelTypes(ChannelType.GuildText),
    )
    .addRoleOption((o) => o.setName('moderator_role').setDescription('Who may review'))
    .addStringOption((o) =>
      o
        .setName('review_by')
        .setDescription('Who checks members’ match reports first (opponents: ELO and League)')
        .addChoices(
          { name: 'moderators', value: 'moderators' },
          { name: 'opponents', value: 'opponents' },
        ),
    )
    .addIntegerOption((o) =>
      o
        .setName('confirm_hours')
        .setDescription('Opponents: hours they have to confirm or dispute a report')
        .setMinValue(1)
        .setMaxValue(720),
    )
    .addStringOption((o) =>
      o
        .setName('on_silence')
        .setDescription(
          'Opponents: if nobody answers in time, confirm it or escalate to moderators',
        )
        .addChoices({ name: 'confirm', value: 'confirm' }, { name: 'escalate', value: 'escalate' }),
    )
    .addIntegerOption((o) =>
      o
        .setName('window_hours')
        .setDescription('Review window; 0 applies at once, 999 never expires')
        .setMinValue(0)
        .setMaxValue(999),
    )
    .addBooleanOption((o) =>
      o
        .setName('evidence_required')
        .setDescription('Chat reports must attach a screenshot or give a link (API writes not)'),
    );

/** /board create|edit (Manage Server) and /board info|list (anyone): the `tally board` use cases. */
export const board = {
  data: everywhere(
    new SlashCommandBuilder()
      .setName('board')
      .setDescription('Leaderboards of this server')
      .addSubcommand((sub) =>
        withPlacement(
          sub
            .setName('create')
            .setDescription('Create a board (Manage Server)')
            .addStringOption((o) =>
              o
                .setName('type')
                .setDescription('Scoring type')
                .setRequired(true)
                .addChoices(...BOARD_TYPES.map((t) => ({ name: t, value: t }))),
            ),
        )
          .addIntegerOption((o) =>
            o.setName('team_size').setDescription('Players per side').setMinValue(1).setMaxValue(8),
          )
          .addBooleanOption((o) =>
            o.setName('fixed_teams').setDescription('Sides are named teams (/team create)'),
          )
          .addIntegerOption((o) => o.setName('k').setDescription('ELO k factor').setMinValue(1))
          .addStringOption((o) =>
            o.setName('points').setDescription('League points for win,draw,loss (3,1,0)'),
          )
          .addStringOption((o) =>
            o
              .setName('sort')
              .setDescription('Which end is best')
              .addChoices({ name: 'asc', value: 'asc' }, { name: 'desc', value: 'desc' }),
          ),
      )
      .addSubcommand((sub) =>
        withPlacement(
          sub
            .setName('edit')
            .setDescription('Change a board’s name, review, privacy or display (Manage Server)')
            .addStringOption(boardOption),
        )
          .addBooleanOption((o) =>
            o
              .setName('private')
              .setDescription(
                'Off the public pages; only members signed in see it (the API is as before)',
              ),
          )
          .addBooleanOption((o) =>
            o
              .setName('medals')
              .setDescription('🥇🥈🥉 for the top three in chat and a podium on the public page'),
          )
          .addIntegerOption((o) =>
            o
              .setName('standings_size')
              .setDescription(
                `Ranks per page of standings in chat and the live message (default ${DISPLAY_DEFAULTS.standingsSize})`,
              )
              .setMinValue(STANDINGS_SIZE_RANGE[0])
              .setMaxValue(STANDINGS_SIZE_RANGE[1]),
          )
          .addBooleanOption((o) =>
            o
              .setName('show_record')
              .setDescription('ELO and League: show the record (W-D-L) in the standings'),
          )
          .addBooleanOption((o) =>
            o
              .setName('show_submissions')
              .setDescription('Score boards: show the submissions count on the public page'),
          ),
      )
      .addSubcommand((sub) =>
        sub.setName('info').setDescription('A board’s settings').addStringOption(boardOption),
      )
      .addSubcommand((sub) => sub.setName('list').setDescription('The boards of this server'))
      .addSubcommand(boardDeleteSubcommand)
      .addSubcommand((sub) =>
        sub
          .setName('standings')
          .setDescription(
            'Keep a live standings message in a channel (Manage Server); no channel = stop',
          )
          .addStringOption(boardOption)
          .addChannelOption((o) =>
            o
              .setName('channel')
              .setDescription('Where the message lives')
              .addChannelTypes(ChannelType.GuildText),
          ),
      )
      .addSubcommand((sub) =>
        sub
          .setName('decay')
          .setDescription('Inactivity decay of an ELO board (Manage Server); amount 0 turns it off')
          .addStringOption(boardOption)
          .addIntegerOption((o) =>
            o
              .setName('amount')
              .setDescription('Rating points lost per step (percent with percent:true); 0 = off')
              .setRequired(true)
              .setMinValue(0)
              .setMaxValue(1000),
          )
          .addIntegerOption((o) =>
            o
              .setName('after_days')
              .setDescription(
                `Days without a result before decay starts (default ${DECAY_DEFAULTS.afterDays})`,
              )
              .setMinValue(1)
              .setMaxValue(365),
          )
          .addIntegerOption((o) =>
            o
              .setName('every_hours')
              .setDescription(`Hours between steps (default ${DECAY_DEFAULTS.everyHours})`)
              .setMinValue(1)
              .setMaxValue(720),
          )
          .addBooleanOption((o) =>
            o.setName('percent').setDescription('The amount is a percentage of the rating'),
          )
          .addIntegerOption((o) =>
            o
              .setName('floor')
              .setDescription('Never below this rating (default: the start rating)')
              .setMinValue(0),
          )
          .addBooleanOption((o) =>
            o
              .setName('role_floor')
              .setDescription('Never below the rank role (/roles) a rating has reached'),
          ),
      ),
  ).toJSON(),

  writes: (interaction) =>
    ['create', 'edit', 'decay', 'standings'].includes(interaction.options.getSubcommand(true)),

  async execute(interaction, ctx) {
    const sub = interaction.options.getSubcommand(true);
    const o = interaction.options;
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
      const created = await createBoard(ctx, {
        ownerId: await ensureOwner(ctx, interaction),
        ...input,
      });
      await reply(interaction, {
        content: `Created **${shown(created.displayName)}** (${code(created.id)}).`,
        embeds: [boardInfo(ctx.config.publicUrl, created)],
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
        content: `Updated **${shown(edited.displayName)}**.${resumed ? ' Review messages were stopped; Tally tries to post the waiting ones again now.' : ''}`,
        embeds: [boardInfo(ctx.config.publicUrl, edited)],
      });
    } else if (sub === 'info') {
      const found = await ownedBoard(ctx, ownerOf(interaction), o.getString('board', true));
      await reply(interaction, {
        embeds: [boardInfo(ctx.config.publicUrl, found, await boardSettings(ctx, found))],
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
          ? `The top of **${shown(placed.displayName)}** is posted in <#${channelId}> in a moment and kept current (checked every 30 s).`
          : `Tally no longer keeps live standings for **${shown(placed.displayName)}**; the last message stays as it is.`,
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
          ? `Decay is off on ${code(boardId)}.`
          : set.changed
            ? `Decay on ${code(boardId)} is now ${describeDecay(set.rule)}. The next step is ${when}; inactivity has counted since ${time(set.rule.since, TimestampStyles.ShortDateTime)}.`
            : `Decay on ${code(boardId)}: ${describeDecay(set.rule)}. The first step is ${when}; inactivity counts from now.`,
      });
    } else if (sub === 'delete') {
      await askBoardDelete(interaction, ctx);
    } else {
      await reply(interaction, await boardsAt(ctx, ownerOf(interaction), 0));
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
    throw invalid('points: three whole numbers for win, draw and loss, e.g. 3,1,0');
  }
  return parts as [number, number, number];
}
