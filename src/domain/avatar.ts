/**
 * People's and servers' pictures as Discord's CDN serves them (issue 29 item 2): a member's
 * avatar (their server avatar first), a server's icon, and what stands in for a missing one.
 * Addresses are built here only, from hashes Discord sent (checked by `avatarHash`), so nothing
 * stored can make a page or the renderer ask another host.
 */

/** Discord's CDN; DISCORD_CDN_URL points tests at a local one. */
export const DISCORD_CDN = 'https://cdn.discordapp.com';

/** An image hash as Discord sends it (`a_` for an animated one), or null for anything else. */
export function avatarHash(raw: unknown): string | null {
  return typeof raw === 'string' && /^(?:a_)?[0-9a-f]{32}$/.test(raw) ? raw : null;
}

const SNOWFLAKE = /^\d{17,20}$/;

/** What Tally knows of a member's pictures: their own, and the one they set for the server. */
export interface AvatarHashes {
  userId: string;
  /** The user's avatar; null: Discord's default picture. */
  avatar: string | null;
  /** The member's avatar on this server (guilds only), which Discord shows before their own. */
  guildAvatar: string | null;
}

/**
 * A picture's address without its format and size (`{cdn}/avatars/{user}/{hash}`): the page asks
 * for WebP, the card's renderer for PNG (`pictureSrc`). Null without a hash: the fallback.
 */
export function avatarAddress(
  cdn: string,
  guildId: string | null,
  hashes: AvatarHashes,
): string | null {
  if (!SNOWFLAKE.test(hashes.userId)) return null;
  const server =
    guildId !== null && SNOWFLAKE.test(guildId) ? avatarHash(hashes.guildAvatar) : null;
  if (server !== null) return `${cdn}/guilds/${guildId}/users/${hashes.userId}/avatars/${server}`;
  const own = avatarHash(hashes.avatar);
  return own === null ? null : `${cdn}/avatars/${hashes.userId}/${own}`;
}

/** A server's icon, same form as `avatarAddress`; null without one. */
export function iconAddress(cdn: string, guildId: string | null, icon: string | null) {
  const hash = avatarHash(icon);
  return guildId !== null && SNOWFLAKE.test(guildId) && hash !== null
    ? `${cdn}/icons/${guildId}/${hash}`
    : null;
}

/** Discord's sizes are powers of two (16 to 4096): the smallest at least `pixels`. */
export function cdnSize(pixels: number): number {
  let size = 16;
  while (size < pixels && size < 4096) size *= 2;
  return size;
}

/** The full address of a picture at `pixels` device pixels in `format`. */
export const pictureSrc = (address: string, format: 'webp' | 'png', pixels: number) =>
  `${address}.${format}?size=${cdnSize(pixels)}`;

/**
 * Which of Discord's six default avatars a user without one gets: (id >> 22) % 6 for today's
 * usernames. The fallback circle takes its colour from the same index, so someone looks the
 * same here as in Discord; another id (a custom player, a team) takes one from its text.
 */
export function defaultAvatarIndex(id: string): number {
  if (SNOWFLAKE.test(id)) return Number((BigInt(id) >> 22n) % 6n);
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return h % 6;
}

/**
 * The fallback's colours, by `defaultAvatarIndex`: Discord's default avatars' hues (blurple, grey,
 * green, yellow, red, pink), darkened where white initials would not read on them.
 */
export const DEFAULT_AVATAR_COLOURS = [
  '#5865f2',
  '#4f5660',
  '#2d7d46',
  '#a8610a',
  '#c0392b',
  '#b3347d',
] as const;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * What the fallback circle says: the first character of the name's first word, and of its
 * second when `max` is 2 (a server: "Chess Club" is "CC", as Discord writes a server without an
 * icon). Whole characters, so an emoji or a CJK name is never cut in half.
 */
export function initials(name: string, max: 1 | 2 = 1): string {
  const words = name.trim().split(/\s+/u).filter(Boolean).slice(0, max);
  return words
    .map((w) => graphemes.segment(w)[Symbol.iterator]().next().value?.segment ?? '')
    .join('')
    .toLocaleUpperCase('en');
}
