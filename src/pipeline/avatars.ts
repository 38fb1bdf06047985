import type { Owner } from '../../entities/owner';
import { avatarAddress, avatarHash, iconAddress, type AvatarHashes } from '../domain/avatar';
import { guildOf, OWNER_ID } from '../domain/ids';
import type { Context } from './context';

/**
 * Members' avatars and servers' icons (issue 29 item 2): recorded whenever the bot sees them (an
 * interaction's member, a REST lookup of a name, GUILD_CREATE; no privileged intent), read as
 * CDN addresses (domain/avatar.ts) by the pages and the card.
 */

export type { AvatarHashes };

const CHAT_PLAYER = /^chat:(\d{17,20})$/;

/**
 * These members of a workspace look like this now. Only what changed is written; a hash that is
 * not one (a forged payload) is kept as none.
 */
export async function recordAvatars(
  ctx: Context,
  ownerId: string,
  seen: readonly AvatarHashes[],
): Promise<number> {
  if (!OWNER_ID.test(ownerId)) return 0;
  const guild = guildOf(ownerId) !== null;
  const latest = new Map<string, AvatarHashes>();
  for (const s of seen) {
    if (!/^\d{17,20}$/.test(s.userId)) continue;
    latest.set(s.userId, {
      userId: s.userId,
      avatar: avatarHash(s.avatar),
      guildAvatar: guild ? avatarHash(s.guildAvatar) : null,
    });
  }
  if (latest.size === 0) return 0;
  const stored = new Map(
    (await ctx.repos.avatars.of(ownerId, [...latest.keys()])).map((r) => [r.userId, r]),
  );
  const now = ctx.now();
  const changed = [...latest.values()]
    .filter((s) => {
      const was = stored.get(s.userId);
      return !was || was.avatar !== s.avatar || was.guildAvatar !== s.guildAvatar;
    })
    .map((s) => ({ ...s, ownerId, seenAt: now }));
  await ctx.repos.avatars.put(changed);
  return changed.length;
}

/**
 * The server's icon is this now (null: none). Kept on its owner row: false when Tally has none
 * for the server yet (it is made by a first command), so the caller tries again later.
 */
export async function recordServerIcon(
  ctx: Context,
  guildId: string,
  icon: string | null,
): Promise<boolean> {
  const ownerId = `guild:${guildId}`;
  if (!OWNER_ID.test(ownerId)) return false;
  if ((await ctx.repos.avatars.setIcon(ownerId, avatarHash(icon))) > 0) return true;
  return (await ctx.repos.owners.get(ownerId)) !== null;
}

/**
 * The pictures of these players of a workspace: each chat member's CDN address (their server
 * avatar first), in one read. Players without one, and players who are no Discord member (a
 * custom name, a team, a role), are absent: the fallback stands in.
 */
export async function playerAvatars(
  ctx: Context,
  ownerId: string,
  playerIds: readonly string[],
): Promise<Map<string, string>> {
  const users = new Map<string, string>();
  for (const id of playerIds) {
    const user = CHAT_PLAYER.exec(id)?.[1];
    if (user !== undefined) users.set(user, id);
  }
  const out = new Map<string, string>();
  if (users.size === 0) return out;
  const cdn = ctx.config.discordCdnUrl;
  for (const row of await ctx.repos.avatars.of(ownerId, [...users.keys()])) {
    const address = avatarAddress(cdn, guildOf(ownerId), row);
    if (address !== null) out.set(users.get(row.userId)!, address);
  }
  return out;
}

/** A server's icon as a CDN address, or null (a personal workspace, no icon, not seen yet). */
export const ownerIcon = (ctx: Context, owner: Pick<Owner, 'id' | 'icon'>): string | null =>
  iconAddress(ctx.config.discordCdnUrl, guildOf(owner.id), owner.icon ?? null);
