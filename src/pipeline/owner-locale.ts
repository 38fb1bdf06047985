import type { EntityManager } from 'typeorm';
import type { Owner } from '../../entities/owner';
import { LANGUAGES, type Language } from '../domain/i18n';
import type { Context } from './context';

/**
 * The locale a workspace's posts for everyone speak (issue 32): the shipped language its admins
 * picked, else the server's preferred locale on Discord as Tally last saw it, else en-US. A
 * member's own workspace has neither: English.
 */

/** What a server follows when its admins picked nothing and Discord said nothing yet. */
export const DEFAULT_SERVER_LOCALE = 'en-US';

/** A stored pick, if it is one of the shipped languages (a dropped language reads as none). */
export const pickedLanguage = (owner: Pick<Owner, 'language'> | null): Language | null =>
  LANGUAGES.find((language) => language === owner?.language) ?? null;

/** The locale an owner's posts speak: the picked language ?? Discord's locale ?? en-US. */
export const localeOfOwner = (owner: Pick<Owner, 'language' | 'discordLocale'> | null): string =>
  pickedLanguage(owner) ?? owner?.discordLocale ?? DEFAULT_SERVER_LOCALE;

/** The locale a workspace's posts speak, read in `tx` when given. */
export async function ownerLocale(
  ctx: Context,
  ownerId: string,
  tx?: EntityManager,
): Promise<string> {
  return localeOfOwner(await ctx.repos.owners.get(ownerId, tx));
}
