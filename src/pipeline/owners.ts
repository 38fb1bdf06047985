import type { Owner } from '../../entities/owner';
import { TallyError } from '../domain/errors';
import { DISCORD_LOCALES } from '../domain/i18n';
import { OWNER_ID } from '../domain/ids';
import type { Context } from './context';

/** Whether Discord could have sent this locale (a forged payload's is kept as none). */
export const isDiscordLocale = (locale: string): boolean =>
  (DISCORD_LOCALES as readonly string[]).includes(locale);

export async function addOwner(
  ctx: Context,
  id: string,
  name?: string,
  discordLocale?: string | null,
): Promise<Owner> {
  if (!OWNER_ID.test(id)) {
    throw new TallyError(
      'invalid_request',
      `owner id must be guild:<snowflake> or user:<snowflake>, got "${id}"`,
    );
  }
  if (await ctx.repos.owners.get(id))
    throw new TallyError('invalid_request', `owner ${id} already exists`);
  const owner: Owner = {
    id,
    name: name ?? id,
    // API_ACCESS=approval: owners must request access and the operator grants it (spec 5.8).
    apiAccess: ctx.config.apiAccess === 'open' ? 'open' : 'none',
    createdAt: ctx.now(),
    ...(discordLocale && isDiscordLocale(discordLocale) ? { discordLocale } : {}),
  };
  await ctx.repos.owners.insert(owner);
  return owner;
}

export async function requireOwner(ctx: Context, id: string): Promise<Owner> {
  const owner = await ctx.repos.owners.get(id);
  if (owner) return owner;
  // A bare snowflake (a server id copied from Discord) needs its prefix, which `owner add`
  // would refuse without too (issue 30).
  if (/^\d{17,20}$/.test(id)) {
    throw new TallyError(
      'not_found',
      `no owner ${id}: an owner id is guild:<snowflake> or user:<snowflake>; for that server use guild:${id} (add it with: tally owner add guild:${id})`,
    );
  }
  if (!OWNER_ID.test(id)) {
    throw new TallyError(
      'not_found',
      `no owner ${id}: an owner id is guild:<snowflake> or user:<snowflake>`,
    );
  }
  throw new TallyError('not_found', `no owner ${id} (add it with: tally owner add ${id})`);
}

/**
 * `open` grants API access; `withdraw` revokes the owner's live keys in the same step and stops
 * further minting (spec 5.7). Test keys stay but authenticate nothing while access is withdrawn.
 */
export async function setOwnerAccess(
  ctx: Context,
  id: string,
  action: 'open' | 'withdraw' | 'request',
): Promise<{ owner: Owner; revokedKeys: number }> {
  await requireOwner(ctx, id);
  let revokedKeys = 0;
  await ctx.repos.db.transaction(async (tx) => {
    if (action === 'withdraw') {
      await ctx.repos.owners.setAccess(id, 'withdrawn', tx);
      revokedKeys = await ctx.repos.keys.revokeLiveKeysOf(id, ctx.now(), tx);
    } else if (action === 'open') {
      await ctx.repos.owners.setAccess(id, 'open', tx);
    } else {
      const owner = await ctx.repos.owners.get(id, tx);
      if (owner?.apiAccess === 'none') await ctx.repos.owners.setAccess(id, 'requested', tx);
    }
  });
  return { owner: await requireOwner(ctx, id), revokedKeys };
}

/** Whether the owner may mint keys now (spec 5.8: the flag gates key creation only). */
export function mayMintKeys(ctx: Context, owner: Pick<Owner, 'apiAccess'>): boolean {
  if (owner.apiAccess === 'withdrawn') return false;
  return owner.apiAccess === 'open' || ctx.config.apiAccess === 'open';
}

/** The owner, or null where there is none yet. */
export const findOwner = (ctx: Context, id: string): Promise<Owner | null> =>
  ctx.repos.owners.get(id);

/**
 * The owner row, created on first use: a server that invites the bot (or a user who installs
 * it) is an owner from its first command, under the API_ACCESS policy like `tally owner add`.
 * `discordLocale` (the interaction's `guild_locale`) is the server's language on Discord from
 * the start, so its first posts already speak it (issue 32).
 */
export async function ensureOwner(
  ctx: Context,
  id: string,
  name: string,
  discordLocale?: string | null,
): Promise<string> {
  if (await ctx.repos.owners.get(id)) return id;
  await addOwner(ctx, id, name, discordLocale).catch(async (err: unknown) => {
    if (!(await ctx.repos.owners.get(id))) throw err; // created meanwhile by another command
  });
  return id;
}

/** Which of these workspaces Tally knows (has an owner row for). */
export const ownersAmong = (ctx: Context, ids: readonly string[]): Promise<Owner[]> =>
  ctx.repos.owners.among(ids);

/** Whether any owner exists: an empty database is one the demo may seed. */
export const anyOwner = (ctx: Context): Promise<boolean> => ctx.repos.owners.any();
