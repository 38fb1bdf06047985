import {
  ButtonStyle,
  ChannelType,
  ComponentType,
  TextInputStyle,
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APIModalInteractionResponseCallbackData,
} from 'discord.js';
import type { Board } from '../../entities/board';
import { t, type TextKey, type TextVars } from '../domain/i18n';
import { BOARD_TYPES, type BoardType } from '../domain/vocabulary';
import { setupId, type SetupState, type SetupStep } from './custom-id';
import { code, shown } from './text';

/**
 * /setup's ephemeral steps (commands/setup.ts), each one message that the next press replaces:
 * the moderator role, the review channel, a first board (type, then its name in a modal), its
 * live standings channel, then what was set and what to try next. Every component carries the
 * state so far in its custom id (custom-id.ts setupId).
 */

type Choices = { memberId: string; roleId: string | null; channelId: string | null };
type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

/** One step as shown: its text and its components. */
export interface SetupMessage {
  content: string;
  components: Row[];
}

const row = (...components: APIComponentInMessageActionRow[]): Row => ({
  type: ComponentType.ActionRow,
  components,
});
const skip = (custom_id: string, label: string): APIComponentInMessageActionRow => ({
  type: ComponentType.Button,
  style: ButtonStyle.Secondary,
  label,
  custom_id,
});
const at = (step: SetupStep, c: Choices, type: string | null = null): SetupState => ({
  step,
  memberId: c.memberId,
  roleId: c.roleId,
  channelId: c.channelId,
  type,
});
type Locale = string | null | undefined;
const roleText = (locale: Locale, roleId: string | null) =>
  roleId ? `<@&${roleId}>` : t(locale, 'admin.setup.noRole');
const channelText = (locale: Locale, channelId: string | null) =>
  channelId ? `<#${channelId}>` : t(locale, 'admin.setup.noChannel');
const title = (locale: Locale) => t(locale, 'admin.setup.title');

/** Step 1: who reviews results. */
export function setupRoleStep(memberId: string, locale?: Locale): SetupMessage {
  const c = { memberId, roleId: null, channelId: null };
  return {
    content: t(locale, 'admin.setup.step1', { title: title(locale) }),
    components: [
      row({
        type: ComponentType.RoleSelect,
        custom_id: setupId(at('role', c)),
        placeholder: t(locale, 'admin.setup.rolePlaceholder'),
        min_values: 1,
        max_values: 1,
      }),
      row(skip(setupId(at('skiprole', c)), t(locale, 'admin.setup.skipRole'))),
    ],
  };
}

/** Step 2: where submissions are posted for review. */
export function setupChannelStep(c: Choices, locale?: Locale): SetupMessage {
  return {
    content: t(locale, 'admin.setup.step2', {
      title: title(locale),
      role: roleText(locale, c.roleId),
    }),
    components: [
      row({
        type: ComponentType.ChannelSelect,
        custom_id: setupId(at('channel', c)),
        placeholder: t(locale, 'admin.setup.channelPlaceholder'),
        channel_types: [ChannelType.GuildText],
        min_values: 1,
        max_values: 1,
      }),
      row(skip(setupId(at('skipchannel', c)), t(locale, 'admin.setup.skipChannel'))),
    ],
  };
}

/** Step 3: the first board's type (its name comes in a modal). */
export function setupTypeStep(c: Choices, locale?: Locale): SetupMessage {
  return {
    content: t(locale, 'admin.setup.step3', {
      title: title(locale),
      role: roleText(locale, c.roleId),
      channel: channelText(locale, c.channelId),
    }),
    components: [
      row({
        type: ComponentType.StringSelect,
        custom_id: setupId(at('type', c)),
        placeholder: t(locale, 'admin.setup.typePlaceholder'),
        options: BOARD_TYPES.map((type) => ({
          label: type,
          value: type,
          description: t(locale, `admin.setup.types.${type}`),
        })),
      }),
    ],
  };
}

/** The first board's name, asked once a type is picked. */
export function setupNameModal(
  c: Choices,
  type: BoardType,
  locale?: Locale,
): APIModalInteractionResponseCallbackData {
  return {
    custom_id: setupId(at('name', c, type)),
    title: t(locale, 'admin.setup.modalTitle', { type }),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.TextInput,
            custom_id: 'name',
            label: t(locale, 'admin.setup.nameLabel'),
            style: TextInputStyle.Short,
            required: true,
            max_length: 100,
            placeholder: t(locale, 'admin.setup.namePlaceholder'),
          },
        ],
      },
    ],
  };
}

/** Step 4: where the board's live top 10 is kept. */
export function setupLiveStep(memberId: string, board: Board, locale?: Locale): SetupMessage {
  const s = (step: SetupStep) => setupId({ step, memberId, boardPk: board.pk });
  return {
    content: t(locale, 'admin.setup.step4', {
      title: title(locale),
      board: shown(board.displayName),
      id: code(board.id),
    }),
    components: [
      row({
        type: ComponentType.ChannelSelect,
        custom_id: s('live'),
        placeholder: t(locale, 'admin.setup.livePlaceholder'),
        channel_types: [ChannelType.GuildText],
        min_values: 1,
        max_values: 1,
      }),
      row(skip(s('skiplive'), t(locale, 'admin.setup.skipLive'))),
    ],
  };
}

/** The end: what was set, and what to try next. */
export function setupSummary(
  board: Board,
  liveChannelId: string | null,
  locale?: Locale,
): SetupMessage {
  const say = (key: TextKey, vars: TextVars = {}) => t(locale, key, vars);
  const match = board.type === 'ELO' || board.type === 'League';
  const at = { board: board.id };
  const first = match
    ? say('admin.setup.firstMatch', at)
    : board.type === 'Rating'
      ? say('admin.setup.firstContest', at)
      : say('admin.setup.firstScore', at);
  return {
    content: [
      say('admin.setup.done', {
        title: title(locale),
        board: shown(board.displayName),
        id: code(board.id),
        type: board.type,
      }),
      say('admin.setup.doneRole', { role: roleText(locale, board.moderatorRoleId) }),
      say('admin.setup.doneChannel', { channel: channelText(locale, board.moderatorChannelId) }),
      say('admin.setup.doneWindow', { hours: board.validationWindowHours }),
      liveChannelId
        ? say('admin.setup.doneLive', { channel: `<#${liveChannelId}>` })
        : say('admin.setup.doneNoLive'),
      say('admin.setup.next'),
      first,
      say('admin.setup.nextLeaderboard', at),
      say('admin.setup.nextEdit', at),
      say('admin.setup.nextApi'),
    ].join('\n'),
    components: [],
  };
}
