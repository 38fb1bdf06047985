import {
  MessageFlags,
  PermissionFlagsBits,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type InteractionReplyOptions,
} from 'discord.js';
import type { Board } from '../entities/board';
import { TallyError } from '../src/domain/errors';
import { chatOwnerId } from '../src/domain/ids';
import { ownedBoard } from '../src/pipeline/board-reads';
import type { Context } from '../src/pipeline/context';
import { addOwner } from '../src/pipeline/owners';

export type { Command, ComponentHandler } from '../src/bot/command';

type AnyInteraction = ChatInputCommandInteraction | ButtonInteraction;

/** The workspace a command acts on: the server, or the caller's own outside a server. */
export const ownerOf = (interaction: AnyInteraction) =>
  chatOwnerId(interaction.guildId, interaction.user.id);

/**
 * The owner row, created on first use: a server that invites the bot (or a user who installs
 * it) is an owner from its first command, under the API_ACCESS policy like `tally owner add`.
 */
export async function ensureOwner(ctx: Context, interaction: AnyInteraction): Promise<string> {
  const id = ownerOf(interaction);
  if (await ctx.repos.owners.get(id)) return id;
  const name = interaction.guild?.name ?? interaction.user.username;
  await addOwner(ctx, id, name).catch(async (err: unknown) => {
    if (!(await ctx.repos.owners.get(id))) throw err; // created meanwhile by another command
  });
  return id;
}

export function boardOf(ctx: Context, interaction: ChatInputCommandInteraction): Promise<Board> {
  return ownedBoard(ctx, ownerOf(interaction), interaction.options.getString('board', true));
}

/** DESIGN.md 1: board and key administration needs Manage Server; a personal workspace is its user's. */
export function requireManageServer(interaction: AnyInteraction, what: string): void {
  if (!interaction.inGuild()) return;
  if (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) return;
  throw new TallyError('permission_denied', `${what} needs the Manage Server permission.`);
}

/** Replies that never ping anyone: names in chat output are mentions only for display. */
export async function reply(
  interaction: ChatInputCommandInteraction,
  body: Pick<InteractionReplyOptions, 'content' | 'embeds' | 'components'>,
  ephemeral = false,
): Promise<void> {
  await interaction.reply({
    ...body,
    allowedMentions: { parse: [] },
    ...(ephemeral ? { flags: MessageFlags.Ephemeral } : {}),
  });
}

export const invalid = (detail: string) => new TallyError('invalid_request', detail);
