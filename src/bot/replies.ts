import {
  DiscordAPIError,
  MessageFlags,
  type ChatInputCommandInteraction,
  type InteractionReplyOptions,
  type RepliableInteraction,
} from 'discord.js';
import { TallyError, type Said } from '../domain/errors';

/**
 * What every handler answers with when it refuses, and how the bot tells a refusal Discord will
 * repeat forever from one worth retrying: one place for both, for commands and bot alike.
 */

/** An ephemeral refusal that says why; it never pings anyone. */
export async function refuse(interaction: RepliableInteraction, content: string): Promise<void> {
  await interaction.reply({
    content,
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

/** Replies that never ping anyone: names in chat output are mentions only for display. */
export async function reply(
  interaction: ChatInputCommandInteraction,
  body: Pick<InteractionReplyOptions, 'content' | 'embeds' | 'components' | 'files'>,
  ephemeral = false,
): Promise<void> {
  await interaction.reply({
    ...body,
    allowedMentions: { parse: [] },
    ...(ephemeral ? { flags: MessageFlags.Ephemeral } : {}),
  });
}

/** A refusal of what someone typed, thrown where it is found and answered ephemerally. */
export const invalid = (detail: string) => new TallyError('invalid_request', detail);

/** `invalid`, with what it says to a member in their language (`detail` is the English). */
export const refused = (detail: string, said: Said) =>
  new TallyError('invalid_request', detail, { said });

/**
 * Discord's codes for "this will not work until someone changes something", and why. The why is
 * stored with the row that failed (a review, a post), in English like every stored reason.
 */
/* eslint-disable tally/user-text -- stored reasons, above */
export const PERMANENT_REFUSALS: Readonly<Record<number, string>> = {
  10003: 'the channel no longer exists',
  10013: 'the owner is no longer a Discord user',
  50001: 'Tally cannot see the channel (Missing Access)',
  50007: 'the owner does not accept direct messages from Tally',
  50013:
    'Tally may not post there (Missing Permissions: it needs View Channel, Send Messages and Embed Links)',
};

/** Why Discord refused for good, or undefined for a failure worth retrying (5xx, 429, network). */
export function permanentRefusal(err: unknown): string | undefined {
  if (!(err instanceof DiscordAPIError) || (err.status !== 403 && err.status !== 404)) return;
  const known = typeof err.code === 'number' ? PERMANENT_REFUSALS[err.code] : undefined;
  // Any 403 is about access; a 404 without a known code may be a route, not the channel.
  return (
    known ?? (err.status === 403 ? `Discord refused with 403 (${String(err.code)})` : undefined)
  );
}
/* eslint-enable tally/user-text */
