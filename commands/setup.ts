import {
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type ModalSubmitInteraction,
} from 'discord.js';
import { languageOf, LANGUAGES, t, type Language } from '../src/domain/i18n';
import { chatPlayerId } from '../src/domain/ids';
import { BOARD_TYPES } from '../src/domain/vocabulary';
import { ownedBoardByPk } from '../src/pipeline/board-reads';
import { checkBoardInput, createBoard } from '../src/pipeline/boards';
import type { Context } from '../src/pipeline/context';
import { placeLiveStandings } from '../src/pipeline/live-standings';
import { languageName } from '../src/pipeline/audit-lines';
import { setServerLanguage } from '../src/pipeline/server-language';
import { invalidSaid } from '../src/domain/errors';
import type { Command, FlowHandler, FlowInteraction } from '../src/bot/command';
import { everywhere } from '../src/bot/command-options';
import { choices, commandJson } from '../src/bot/command-text';
import { rememberServerLocale } from '../src/bot/server-locale';
import { parseSetupId, SETUP_PREFIX, setupId, type SetupState } from '../src/bot/custom-id';
import { refuse, reply } from '../src/bot/replies';
import {
  setupChannelStep,
  setupLiveStep,
  setupNameModal,
  setupRoleStep,
  setupSummary,
  setupTypeStep,
  type SetupMessage,
} from '../src/bot/setup-message';
import {
  ensureOwner,
  ownerOf,
  requireManageServer,
  serverChannel,
  serverRole,
} from '../src/bot/workspace';

/** `/setup language:auto`: follow the server's language on Discord. */
const AUTO = 'auto';

/**
 * `/setup` (Manage Server, servers only; issue 27 item 9): a guided first run in one ephemeral
 * message that each step replaces: the moderator role, the review channel, a first board (type,
 * then its name in a modal; createBoard, checked as /board create checks it), its live standings
 * channel (placeLiveStandings), then a summary. What was chosen travels in the custom ids
 * (custom-id.ts setupId); every press is checked again: the admin who ran it, Manage Server
 * still, the picked role and channel the server's own. A refused press changes nothing.
 * `/setup language:<…>` sets the language Tally posts in for everyone here instead (issue 32).
 */
export const setup = {
  // Registered everywhere like every command (a DM is answered with where to run it); shown
  // to managers only, and checked on every step all the same.
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('setup')
        .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
        .addStringOption((o) => o.setName('language').addChoices(...choices(AUTO, ...LANGUAGES))),
    ),
  ),

  writes: (interaction) => interaction.options.getString('language') !== null,

  async execute(interaction, ctx) {
    if (interaction.guildId === null) {
      throw invalidSaid('admin.setup.notInServer');
    }
    requireManageServer(interaction, '/setup');
    const language = interaction.options.getString('language');
    if (language !== null) return setLanguage(interaction, ctx, language);
    await interaction.reply({
      ...setupRoleStep(interaction.user.id, interaction.locale),
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  },
} satisfies Command;

/**
 * `/setup language`: the language of Tally's posts for everyone here, one of the shipped ones or
 * `auto` (the server's language on Discord). Said, only to the admin, in the language posts speak
 * from now on.
 */
async function setLanguage(
  interaction: ChatInputCommandInteraction,
  ctx: Context,
  value: string,
): Promise<void> {
  const picked = LANGUAGES.find((language) => language === value) ?? null;
  if (picked === null && value !== AUTO) throw invalidSaid('admin.language.unknown');
  const ownerId = await ensureOwner(ctx, interaction);
  await rememberServerLocale(ctx, interaction);
  const by = chatPlayerId(interaction.user.id);
  const { locale, changed } = await setServerLanguage(ctx, ownerId, picked, by);
  const key = languageReply(picked, changed);
  const shown: Language = languageOf(locale);
  await reply(
    interaction,
    { content: t(locale, key, { language: languageName(locale, shown) }) },
    true,
  );
}

const languageReply = (picked: Language | null, changed: boolean) =>
  picked
    ? changed
      ? 'admin.language.reply.picked'
      : 'admin.language.reply.pickedAlready'
    : changed
      ? 'admin.language.reply.auto'
      : 'admin.language.reply.autoAlready';

type Step = FlowInteraction;

/** Replaces the setup message with the next step (a modal submit updates the message it came from). */
async function next(interaction: Step, body: SetupMessage) {
  const message = { ...body, allowedMentions: { parse: [] } };
  if (interaction.isModalSubmit()) {
    if (!interaction.isFromMessage())
      return refuse(interaction, t(interaction.locale, 'admin.setup.notOurs'));
    await interaction.update(message);
  } else {
    await interaction.update(message);
  }
}

/** The one value a select menu sent, if the interaction is that kind of menu. */
function picked(interaction: Step, kind: 'role' | 'channel' | 'string'): string | null {
  if (!interaction.isMessageComponent()) return null;
  const fits =
    (kind === 'role' && interaction.isRoleSelectMenu()) ||
    (kind === 'channel' && interaction.isChannelSelectMenu()) ||
    (kind === 'string' && interaction.isStringSelectMenu());
  return fits && 'values' in interaction && interaction.values.length === 1
    ? interaction.values[0]!
    : null;
}

/** /setup's buttons, select menus and name modal. */
export const setupSteps = {
  prefixes: [SETUP_PREFIX],
  async execute(interaction: Step, ctx: Context) {
    const state = parseSetupId(interaction.customId);
    if (!state) return refuse(interaction, t(interaction.locale, 'admin.setup.notOurs'));
    if (state.memberId !== interaction.user.id) {
      return refuse(
        interaction,
        t(interaction.locale, 'admin.setup.notYours', { member: `<@${state.memberId}>` }),
      );
    }
    if (interaction.guildId === null)
      return refuse(interaction, t(interaction.locale, 'admin.setup.notOurs'));
    requireManageServer(interaction, { action: 'settingUp' });
    const memberId = interaction.user.id;

    if ('boardPk' in state) {
      const board = await ownedBoardByPk(ctx, ownerOf(interaction), state.boardPk);
      if (!board) {
        return refuse(interaction, t(interaction.locale, 'admin.setup.boardGone'));
      }
      if (state.step === 'skiplive') {
        if (!interaction.isButton())
          return refuse(interaction, t(interaction.locale, 'admin.setup.notOurs'));
        return next(interaction, setupSummary(board, null, interaction.locale));
      }
      const value = picked(interaction, 'channel');
      if (value === null) return refuse(interaction, t(interaction.locale, 'admin.setup.notOurs'));
      const channelId = await serverChannel(interaction, value);
      await placeLiveStandings(ctx, ownerOf(interaction), board.id, channelId);
      return next(interaction, setupSummary(board, channelId, interaction.locale));
    }

    const choices = { memberId, roleId: state.roleId, channelId: state.channelId };
    switch (state.step) {
      case 'role': {
        const value = picked(interaction, 'role');
        if (value === null)
          return refuse(interaction, t(interaction.locale, 'admin.setup.notOurs'));
        const roleId = await serverRole(interaction, value);
        return next(interaction, setupChannelStep({ ...choices, roleId }, interaction.locale));
      }
      case 'skiprole':
        if (!interaction.isButton())
          return refuse(interaction, t(interaction.locale, 'admin.setup.notOurs'));
        return next(
          interaction,
          setupChannelStep({ ...choices, roleId: null }, interaction.locale),
        );
      case 'channel': {
        const value = picked(interaction, 'channel');
        if (value === null)
          return refuse(interaction, t(interaction.locale, 'admin.setup.notOurs'));
        const channelId = await serverChannel(interaction, value);
        return next(interaction, setupTypeStep({ ...choices, channelId }, interaction.locale));
      }
      case 'skipchannel':
        if (!interaction.isButton())
          return refuse(interaction, t(interaction.locale, 'admin.setup.notOurs'));
        return next(
          interaction,
          setupTypeStep({ ...choices, channelId: null }, interaction.locale),
        );
      case 'type': {
        const type = BOARD_TYPES.find((t) => t === picked(interaction, 'string'));
        if (!type || !interaction.isMessageComponent())
          return refuse(interaction, t(interaction.locale, 'admin.setup.notOurs'));
        await interaction.showModal(setupNameModal(choices, type, interaction.locale));
        return;
      }
      case 'name':
        if (!interaction.isModalSubmit())
          return refuse(interaction, t(interaction.locale, 'admin.setup.notOurs'));
        return createFirstBoard(interaction, ctx, state);
      default:
        return refuse(interaction, t(interaction.locale, 'admin.setup.notOurs'));
    }
  },
} satisfies FlowHandler;

/**
 * The name modal's submit: the board, made as /board create makes it. Only while the message it
 * came from still shows the type step, so a second submit of the same modal makes no second board.
 */
async function createFirstBoard(
  interaction: ModalSubmitInteraction,
  ctx: Context,
  state: Extract<SetupState, { roleId: string | null }>,
) {
  const type = BOARD_TYPES.find((t) => t === state.type);
  const typeStep = setupId({ ...state, step: 'type', type: null });
  const shown = interaction.message?.components.some(
    (row) =>
      'components' in row && row.components.some((c) => 'customId' in c && c.customId === typeStep),
  );
  if (!type || !shown) {
    return refuse(interaction, t(interaction.locale, 'admin.setup.movedOn'));
  }
  const input = {
    type,
    name: interaction.fields.getTextInputValue('name'),
    ...(state.roleId ? { moderatorRoleId: await serverRole(interaction, state.roleId) } : {}),
    ...(state.channelId
      ? { moderatorChannelId: await serverChannel(interaction, state.channelId) }
      : {}),
  };
  checkBoardInput(input); // a refused create leaves no owner row behind
  const ownerId = await ensureOwner(ctx, interaction);
  await rememberServerLocale(ctx, interaction);
  const created = await createBoard(ctx, { ownerId, ...input });
  await next(interaction, setupLiveStep(interaction.user.id, created, interaction.locale));
}
