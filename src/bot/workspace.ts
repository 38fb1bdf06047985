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
import { TallyError } from '../domain/errors';
import { chatOwnerId } from '../domain/ids';
import { ownedBoard } from '../pipeline/board-reads';
import type { Context } from '../pipeline/context';
import { ensureOwner as ensureOwnerRow } from '../pipeline/owners';
import { invalid } from './replies';

/**
 * Who and where a command acts: the workspace (a server, or the member's own in DMs), the
 * board it names, the permission it needs, and the channels and roles it may pick.
 */

type AnyInteraction =
  ChatInputCommandInteraction | MessageComponentInteraction | ModalSubmitInteraction;

/** The workspace a command acts on: the server, or the caller's own outside a server. */
export const ownerOf = (interaction: AnyInteraction) =>
  chatOwnerId(interaction.guildId, interaction.user.id);

/** The interaction's owner row, created on first use (pipeline/owners.ts ensureOwner). */
export const ensureOwner = (ctx: Context, interaction: AnyInteraction): Promise<string> =>
  ensureOwnerRow(ctx, ownerOf(interaction), interaction.guild?.name ?? interaction.user.username);

export function boardOf(ctx: Context, interaction: ChatInputCommandInteraction): Promise<Board> {
  return ownedBoard(ctx, ownerOf(interaction), interaction.options.getString('board', true));
}

/**
 * DESIGN.md 1: board and key administration needs Manage Server; a personal workspace is its
 * user's. In a server the permission must be established from the member Discord sent: a server
 * interaction without one (a forged payload) is denied, never waved through as a DM.
 */
export function requireManageServer(interaction: AnyInteraction, what: string): void {
  if (interaction.guildId === null) return;
  if (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) return;
  throw new TallyError('permission_denied', `${what} needs the Manage Server permission.`);
}

/**
 * A channel option must name a text channel of the interaction's own server: a client can send
 * any id, and reviews must never be posted into another server. Asked of Discord itself, since
 * discord.js files whatever an interaction resolves under that interaction's guild.
 */
export async function serverChannel(interaction: AnyInteraction, channelId: string) {
  const guildId = serverOf(interaction, 'moderator channel');
  const channel = (await interaction.client.rest
    .get(Routes.channel(channelId))
    .catch((err: unknown) => {
      // Unknown Channel is the member's mistake; not being let in is something to fix.
      if (err instanceof DiscordAPIError && err.status === 404) return null;
      if (err instanceof DiscordAPIError && err.status === 403) {
        throw invalid(
          `Tally cannot see <#${channelId}>: give it View Channel, Send Messages and Embed Links there, then try again`,
        );
      }
      throw err; // an outage: the generic answer, nothing saved
    })) as APIChannel | null;
  const text =
    channel?.type === ChannelType.GuildText || channel?.type === ChannelType.GuildAnnouncement;
  if (!channel || !('guild_id' in channel) || channel.guild_id !== guildId || !text) {
    throw invalid(`<#${channelId}> is not a text channel of this server; pick one from the list`);
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
  what = 'moderator role',
) {
  const guildId = serverOf(interaction, what);
  if (roleId === guildId) {
    throw invalid(
      `${what}: @everyone ${what === 'moderator role' ? 'would let every member review' : 'is every member'}; pick a role`,
    );
  }
  const roles = (await interaction.client.rest.get(Routes.guildRoles(guildId))) as APIRole[];
  const role = roles.find((r) => r.id === roleId);
  if (!role) {
    throw invalid(`${what}: that is not a role of this server; pick one from the list`);
  }
  if (role.managed) {
    throw invalid(
      `${what}: <@&${roleId}> belongs to a bot or an integration, and Discord lets no one give it; pick another`,
    );
  }
  return roleId;
}

function serverOf(interaction: AnyInteraction, what: string): string {
  if (interaction.guildId === null) {
    throw invalid(`${what}: only server boards have one; your own boards are reviewed by DM`);
  }
  return interaction.guildId;
}
