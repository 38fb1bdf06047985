import {
  cdnSize,
  DEFAULT_AVATAR_COLOURS,
  defaultAvatarIndex,
  initials,
  pictureSrc,
} from '../domain/avatar';
import type { Context } from '../pipeline/context';
import { playerAvatars } from '../pipeline/avatars';
import type { CardAvatar } from '../render/types';
import { escapeHtml, type Html } from './html';

/**
 * People's and servers' pictures on the public pages (issue 29 item 2), one helper for every
 * page: Discord's picture when Tally has seen one, else a circle in the colour of the member's
 * Discord default avatar with their initial, drawn in CSS (nothing to fetch, nothing to break).
 * The picture is decoration beside a name that is always written out, so its alt is empty.
 */

/** Someone (or a server) shown with a picture: `avatar` is a CDN address (pipeline/avatars.ts). */
export interface Pictured {
  id: string;
  name: string;
  /** Without format and size; absent or null: the fallback. */
  avatar?: string | null;
}

/**
 * The picture at `size` CSS pixels (fetched at twice that for sharp screens); `shape` server:
 * a rounded square and two initials, as Discord draws a server.
 */
export function avatarImg(
  who: Pictured,
  size: number,
  shape: 'person' | 'server' = 'person',
): Html {
  const cls = `avatar${shape === 'server' ? ' server' : ''}`;
  const box = `style="--avatar:${size}px"`;
  if (who.avatar) {
    const src = pictureSrc(who.avatar, 'webp', cdnSize(size * 2));
    return `<img class="${cls}" src="${escapeHtml(src)}" width="${size}" height="${size}" alt="" loading="lazy" decoding="async" referrerpolicy="no-referrer" ${box}>`;
  }
  const letters = initials(who.name || who.id, shape === 'server' ? 2 : 1);
  // The letter is drawn by CSS from data-initial: the name beside it is the text, read once.
  return `<span class="${cls} fallback c${defaultAvatarIndex(idOf(who.id))}" data-initial="${escapeHtml(letters)}" aria-hidden="true" ${box}></span>`;
}

/** The same picture on the card (src/render): a PNG the renderer fetches, and its fallback. */
export const cardAvatar = (who: Pictured): CardAvatar => ({
  url: who.avatar ? pictureSrc(who.avatar, 'png', 32) : null,
  initial: initials(who.name || who.id),
  colour: DEFAULT_AVATAR_COLOURS[defaultAvatarIndex(idOf(who.id))]!,
});

/** A chat player's Discord id gives Discord's colour; any other id a colour of its own. */
const idOf = (id: string) => /^(?:chat|guild|user):(\d+)$/.exec(id)?.[1] ?? id;

/**
 * Rows (standings, a podium, a card's) with their players' pictures, read in one query for the
 * workspace `ownerId`.
 */
export async function withAvatars<T extends { player: Pictured }>(
  ctx: Context,
  ownerId: string,
  rows: readonly T[],
): Promise<T[]> {
  const avatars = await playerAvatars(
    ctx,
    ownerId,
    rows.map((r) => r.player.id),
  );
  return rows.map((r) => ({
    ...r,
    player: { ...r.player, avatar: avatars.get(r.player.id) ?? null },
  }));
}

/** Rows whose pictures were read already (`withAvatars`) as they are, others with theirs. */
export const pictured = <T extends { player: Pictured }>(
  ctx: Context,
  ownerId: string,
  rows: readonly T[],
): Promise<T[]> =>
  rows.every((r) => r.player.avatar !== undefined)
    ? Promise.resolve([...rows])
    : withAvatars(ctx, ownerId, rows);

/** One player's picture address, or null. */
export const playerAvatar = async (ctx: Context, ownerId: string, playerId: string) =>
  (await playerAvatars(ctx, ownerId, [playerId])).get(playerId) ?? null;
