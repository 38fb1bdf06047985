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
const roleText = (roleId: string | null) =>
  roleId ? `<@&${roleId}>` : 'none (members with Manage Server review)';
const channelText = (channelId: string | null) =>
  channelId ? `<#${channelId}>` : 'none (results needing review wait in `/review list`)';
const TITLE = '**Set up Tally**';

/** Step 1: who reviews results. */
export function setupRoleStep(memberId: string): SetupMessage {
  const c = { memberId, roleId: null, channelId: null };
  return {
    content: `${TITLE} · step 1 of 4: who may approve or decline submitted results? Pick the moderator role, or skip: members with Manage Server can always review.`,
    components: [
      row({
        type: ComponentType.RoleSelect,
        custom_id: setupId(at('role', c)),
        placeholder: 'The moderator role',
        min_values: 1,
        max_values: 1,
      }),
      row(skip(setupId(at('skiprole', c)), 'Skip: no moderator role')),
    ],
  };
}

/** Step 2: where submissions are posted for review. */
export function setupChannelStep(c: Choices): SetupMessage {
  return {
    content: `${TITLE} · step 2 of 4: moderator role ${roleText(c.roleId)}. Where should Tally post results for review? Pick the review channel (Tally needs View Channel, Send Messages and Embed Links there), or skip.`,
    components: [
      row({
        type: ComponentType.ChannelSelect,
        custom_id: setupId(at('channel', c)),
        placeholder: 'The review channel',
        channel_types: [ChannelType.GuildText],
        min_values: 1,
        max_values: 1,
      }),
      row(skip(setupId(at('skipchannel', c)), 'Skip: no review channel')),
    ],
  };
}

const TYPE_HINTS: Record<BoardType, string> = {
  Classic: 'points that add up',
  Highscore: 'best single score counts',
  Time: 'fastest time counts',
  ELO: '1v1 or team matches, rating',
  League: 'matches, win/draw/loss points',
  Rating: 'an image contest, members vote',
};

/** Step 3: the first board's type (its name comes in a modal). */
export function setupTypeStep(c: Choices): SetupMessage {
  return {
    content: `${TITLE} · step 3 of 4: moderator role ${roleText(c.roleId)}, review channel ${channelText(c.channelId)}. Now a first board: pick its type, then name it.`,
    components: [
      row({
        type: ComponentType.StringSelect,
        custom_id: setupId(at('type', c)),
        placeholder: 'The board type',
        options: BOARD_TYPES.map((t) => ({ label: t, value: t, description: TYPE_HINTS[t] })),
      }),
    ],
  };
}

/** The first board's name, asked once a type is picked. */
export function setupNameModal(
  c: Choices,
  type: BoardType,
): APIModalInteractionResponseCallbackData {
  return {
    custom_id: setupId(at('name', c, type)),
    title: `Set up Tally: a ${type} board`,
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.TextInput,
            custom_id: 'name',
            label: 'Board name',
            style: TextInputStyle.Short,
            required: true,
            max_length: 100,
            placeholder: 'e.g. Weekly ladder',
          },
        ],
      },
    ],
  };
}

/** Step 4: where the board's live top 10 is kept. */
export function setupLiveStep(memberId: string, board: Board): SetupMessage {
  const s = (step: SetupStep) => setupId({ step, memberId, boardPk: board.pk });
  return {
    content: `${TITLE} · step 4 of 4: created **${shown(board.displayName)}** (${code(board.id)}). Should Tally keep its top 10 posted and current in a channel? Pick it, or skip.`,
    components: [
      row({
        type: ComponentType.ChannelSelect,
        custom_id: s('live'),
        placeholder: 'The live standings channel',
        channel_types: [ChannelType.GuildText],
        min_values: 1,
        max_values: 1,
      }),
      row(skip(s('skiplive'), 'Skip: no live standings')),
    ],
  };
}

/** The end: what was set, and what to try next. */
export function setupSummary(board: Board, liveChannelId: string | null): SetupMessage {
  const id = code(board.id);
  const match = board.type === 'ELO' || board.type === 'League';
  const first = match
    ? `\`/match report board:${board.id} opponents:@someone\` reports a match`
    : board.type === 'Rating'
      ? `\`/contest settings board:${board.id}\` sets the contest up, then \`/contest submit\` enters an image`
      : `\`/score submit board:${board.id} score:…\` submits a score`;
  return {
    content: [
      `${TITLE} · done. **${shown(board.displayName)}** (${id}, ${board.type}) is ready:`,
      `- moderator role: ${roleText(board.moderatorRoleId)}`,
      `- review channel: ${channelText(board.moderatorChannelId)}`,
      `- review window: ${board.validationWindowHours} h (\`/board edit window_hours:0\` applies results at once)`,
      `- live standings: ${liveChannelId ? `<#${liveChannelId}>, posted in a moment` : 'none (`/board standings` adds them later)'}`,
      'Next:',
      `- ${first}`,
      `- \`/leaderboard board:${board.id}\` shows the standings`,
      `- \`/board edit board:${board.id}\` changes the review window and more; \`/board info\` shows it all`,
      '- `/api key create` mints a key for the HTTP API; `/setup` again makes another board',
    ].join('\n'),
    components: [],
  };
}
