import type { Language } from '../domain/i18n';
import { OWNER_ID } from '../domain/ids';
import { recordAudit } from './audit';
import { languageSetLine } from './audit-lines';
import type { Context } from './context';
import { localeOfOwner, ownerLocale, pickedLanguage } from './owner-locale';
import { isDiscordLocale, requireOwner } from './owners';

/**
 * The server's language (issue 32): what Tally posts for everyone in a server (reviews,
 * confirmations, live standings, season announcements, audit lines, DMs) speaks the language its
 * admins picked (`/setup language`, one of the shipped ones), else the server's preferred locale
 * on Discord as Tally last saw it, else English (en-US).
 */

/** The locale a workspace's posts speak (a member's own workspace: English). */
export const serverLocaleOf = (ctx: Context, ownerId: string): Promise<string> =>
  ownerLocale(ctx, ownerId);

/**
 * The locale a workspace's posts speak when Discord just said the server's locale (an
 * interaction's `guild_locale`): the picked language, else that locale, else the one kept.
 */
export async function localeOfOwnerLanguage(
  ctx: Context,
  ownerId: string,
  discordLocale: string | null | undefined,
): Promise<string> {
  const owner = await ctx.repos.owners.get(ownerId);
  return localeOfOwner({
    language: owner?.language ?? null,
    discordLocale: discordLocale ?? owner?.discordLocale ?? null,
  });
}

/** A server's language as its settings say: the pick (null: follow Discord) and Discord's locale. */
export async function serverLanguageOf(
  ctx: Context,
  ownerId: string,
): Promise<{ picked: Language | null; discordLocale: string | null; locale: string }> {
  const owner = await ctx.repos.owners.get(ownerId);
  return {
    picked: pickedLanguage(owner),
    discordLocale: owner?.discordLocale ?? null,
    locale: localeOfOwner(owner),
  };
}

/**
 * Discord says the server's preferred locale is this now (GUILD_CREATE, GUILD_UPDATE, an
 * interaction's `guild_locale`). Written only if it changed and is one of Discord's locales;
 * false when Tally has no owner row for the server yet (its first command makes one).
 */
export async function recordDiscordLocale(
  ctx: Context,
  guildId: string,
  locale: string | null | undefined,
): Promise<boolean> {
  const ownerId = `guild:${guildId}`;
  if (!OWNER_ID.test(ownerId) || !locale || !isDiscordLocale(locale)) return false;
  if ((await ctx.repos.owners.setDiscordLocale(ownerId, locale)) > 0) return true;
  return (await ctx.repos.owners.get(ownerId)) !== null;
}

/**
 * Sets the language the server's posts speak (null: follow Discord's), audited like every
 * setting; `by` is who did it. The audit line speaks the new language. Returns the locale posts
 * speak from now on and whether anything changed.
 */
export async function setServerLanguage(
  ctx: Context,
  ownerId: string,
  language: Language | null,
  by: string,
): Promise<{ locale: string; changed: boolean }> {
  await requireOwner(ctx, ownerId);
  return ctx.repos.db.transaction(async (tx) => {
    const owner = await ctx.repos.owners.get(ownerId, tx);
    const after = { language, discordLocale: owner?.discordLocale ?? null };
    const locale = localeOfOwner(after);
    if (pickedLanguage(owner) === language) return { locale, changed: false };
    await ctx.repos.owners.setLanguage(ownerId, language, tx);
    await recordAudit(ctx, tx, ownerId, (now) => languageSetLine(by, language, now));
    return { locale, changed: true };
  });
}
