import type { Interaction } from 'discord.js';
import { chatOwnerId } from '../domain/ids';
import type { Context } from '../pipeline/context';
import {
  localeOfOwnerLanguage,
  recordDiscordLocale,
  serverLocaleOf,
} from '../pipeline/server-language';

/**
 * The locale of what Tally posts for everyone in a server (issue 32): the language its admins
 * picked (`/setup language`), else the server's preferred locale on Discord, else en-US. A reply
 * only the member sees speaks `interaction.locale` instead.
 */

/** For posters and jobs (no interaction at hand): the server's locale as Tally keeps it. */
export const serverLocale = (ctx: Context, guildId: string): Promise<string> =>
  serverLocaleOf(ctx, `guild:${guildId}`);

/**
 * From an interaction: the picked language, else the `guild_locale` Discord sent with it (fresher
 * than the one kept). Outside a server, the member's own workspace: their locale.
 */
export async function interactionServerLocale(
  ctx: Context,
  interaction: Pick<Interaction, 'guildId' | 'guildLocale' | 'locale' | 'user'>,
): Promise<string> {
  if (interaction.guildId === null) return interaction.locale;
  const ownerId = chatOwnerId(interaction.guildId, interaction.user.id);
  return localeOfOwnerLanguage(ctx, ownerId, interaction.guildLocale);
}

/**
 * Keeps the `guild_locale` an interaction carries as the server's language on Discord, at once
 * (commands that make a server's first board call it, so its first posts speak it; every other
 * interaction records it in the background, bot/name-refresh.ts).
 */
export async function rememberServerLocale(
  ctx: Context,
  interaction: Pick<Interaction, 'guildId' | 'guildLocale'>,
): Promise<void> {
  if (interaction.guildId !== null) {
    await recordDiscordLocale(ctx, interaction.guildId, interaction.guildLocale);
  }
}

/** For posters that hold a workspace rather than a server (a member's own: English). */
export const workspaceLocale = (ctx: Context, ownerId: string): Promise<string> =>
  serverLocaleOf(ctx, ownerId);
