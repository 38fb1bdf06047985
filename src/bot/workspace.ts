import {
  ChannelType,
  DiscordAPIError,
  Routes,
  type APIChannel,
  type APIRole,
  PermissionFlagsBits,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
  type ModalSubmitInteraction,
} from 'discord.js';
import type { Board } from '../../entities/board';
import { TallyError, type Said } from '../domain/errors';
import { t, type TextKey } from '../domain/i18n';
import { chatOwnerId } from '../domain/ids';
import { ownedBoard } from '../pipeline/board-reads';
import type { Context } from '../pipeline/context';
import { ensureOwner as ensureOwnerRow } from '../pipeline/owners';
import { refused } from './replies';

/**
 * Who and where a command acts: the workspace (a server, or the member's own in DMs), the
 * board it names, the permission it needs, and the channels and roles it may pick.
 */

type AnyInteraction =
  ChatInputCommandInteraction | MessageComponentInteraction | ModalSubmitInteraction;

/** The workspace a command acts on: the server, or the caller's own outside a server. */
export const ownerOf = (interaction: AnyInteraction) =>
  chatOwnerId(interaction.guildId, interaction.user.id);

/**
 * The interaction's owner row, created on first use (pipeline/owners.ts ensureOwner), with the
 * server's language on Discord, so what Tally posts there speaks it from the first command on.
 */
export const ensureOwner = (ctx: Context, interaction: AnyInteraction): Promise<string> =>
  ensureOwnerRow(
    ctx,
    ownerOf(interaction),
    interaction.guild?.name ?? interaction.user.username,
    interaction.inGuild() ? interaction.guildLocale : null,
  );

export function boardOf(ctx: Context, interaction: ChatInputCommandInteraction): Promise<Board> {
  return ownedBoard(ctx, ownerOf(interaction), interaction.options.getString('board', true));
}

/**
 * DESIGN.md 1: board and key administration needs Manage Server; a personal workspace is its
 * user's. In a server the permission must be established from the member Discord sent: a server
 * interaction without one (a forged payload) is denied, never waved through as a DM.
 */
export function requireManageServer(
  interaction: AnyInteraction,
  what: string | { action: ManageServerAction },
): void {
  if (interaction.guildId === null) return;
  if (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) return;
  // A command's name (`/board create`) is said as it is; an action by its catalogue key.
  const said: Said =
    typeof what === 'string'
      ? { key: 'common.workspace.manageServer', vars: { what } }
      : { key: `common.workspace.manageServerFor.${what.action}` };
  throw new TallyError('permission_denied', t(null, said.key, said.vars), { said });
}

/** What Manage Server is needed for, when it is not a command's name. */
export type ManageServerAction = 'changingContest' | 'deletingBoard' | 'settingUp' | 'managingKeys';

/** What a channel or role option is, as its refusals name it (`common.workspace.what`). */
export type OptionWhat = 'moderatorRole' | 'rankRole' | 'moderatorChannel';

/** A refusal about option `what`: its text in English, said in the member's language. */
function optionRefusal(
  key: TextKey,
  interaction: AnyInteraction,
  what: OptionWhat,
  vars: Record<string, string> = {},
) {
  const whatIn = (locale: string | null) => t(locale, `common.workspace.what.${what}`);
  // `said` carries its words rendered for the member: `what` is itself a catalogue text.
  const locale = interaction.locale;
  return refused(t(null, key, { ...vars, what: whatIn(null) }), {
    key,
    vars: { ...vars, what: whatIn(locale) },
  });
}

/**
 * A channel option must name a text channel of the interaction's own server: a client can send
 * any id, and reviews must never be posted into another server. Asked of Discord itself, since
 * discord.js files whatever an interaction resolves under that interaction's guild.
 */
export async function serverChannel(interaction: AnyInteraction, channelId: string) {
  const guildId = serverOf(interaction, 'moderatorChannel');
  const channel = (await interaction.client.rest
    .get(Routes.channel(channelId))
    .catch((err: unknown) => {
      // Unknown Channel is the member's mistake; not being let in is something to fix.
      if (err instanceof DiscordAPIError && err.status === 404) return null;
      if (err instanceof DiscordAPIError && err.status === 403) {
        throw refused(t(null, 'common.workspace.cannotSee', { channel: channelId }), {
          key: 'common.workspace.cannotSee',
          vars: { channel: channelId },
        });
      }
      throw err; // an outage: the generic answer, nothing saved
    })) as APIChannel | null;
  const text =
    channel?.type === ChannelType.GuildText || channel?.type === ChannelType.GuildAnnouncement;
  if (!channel || !('guild_id' in channel) || channel.guild_id !== guildId || !text) {
    throw refused(t(null, 'common.workspace.notTextChannel', { channel: channelId }), {
      key: 'common.workspace.notTextChannel',
      vars: { channel: channelId },
    });
  }
  return channelId;
}

/**
 * A role option must name a role of this server other than @everyone (that role is everyone),
 * and one a member can be given: a bot's or an integration's own role cannot.
 */
export async function serverRole(
  interaction: AnyInteraction,
  roleId: string,
  what: OptionWhat = 'moderatorRole',
) {
  const guildId = serverOf(interaction, what);
  if (roleId === guildId) {
    const key =
      what === 'moderatorRole'
        ? 'common.workspace.everyoneReviews'
        : 'common.workspace.everyoneIsEveryone';
    throw optionRefusal(key, interaction, what);
  }
  const roles = (await interaction.client.rest.get(Routes.guildRoles(guildId))) as APIRole[];
  const role = roles.find((r) => r.id === roleId);
  if (!role) {
    throw optionRefusal('common.workspace.notARole', interaction, what);
  }
  if (role.managed) {
    throw optionRefusal('common.workspace.managedRole', interaction, what, { role: roleId });
  }
  return roleId;
}

function serverOf(interaction: AnyInteraction, what: OptionWhat): string {
  if (interaction.guildId === null) {
    throw optionRefusal('common.workspace.notInServer', interaction, what);
  }
  return interaction.guildId;
}
