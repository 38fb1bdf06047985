import type { REST } from '@discordjs/rest';
import { ChannelType, Routes, type APIChannel, type APIRole } from 'discord.js';
import { chatPlayerId } from '../domain/ids';
import type { ServerDirectory, ServerPlace } from '../pipeline/chat-port';
import { resolveDiscordNames } from './names';

/** Names read for a page are kept this long: a page of audit lines names the same few people. */
const NAME_CACHE_MS = 5 * 60_000;
/** At most this many names are read for one page; the rest show as @id. */
const NAMES_PER_PAGE = 25;

/** The dashboard's pickers from the bot's view of a server (pipeline/chat-port.ts). */
export function serverDirectory(rest: REST): ServerDirectory {
  const names = new Map<string, { name: string; at: number }>();
  return {
    async memberNames(guildId: string, userIds: readonly string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      const now = Date.now();
      const unread: string[] = [];
      for (const id of new Set(userIds)) {
        const hit = names.get(`${guildId}:${id}`);
        if (hit && now - hit.at < NAME_CACHE_MS) found.set(id, hit.name);
        else unread.push(id);
      }
      for (const id of unread.slice(0, NAMES_PER_PAGE)) {
        const ref = {
          kind: 'chat' as const,
          id: chatPlayerId(id) as `chat:${string}`,
          snowflake: id,
        };
        const name = await resolveDiscordNames(rest, `guild:${guildId}`, [ref], new Map())
          .then((m) => m.get(ref.id))
          .catch(() => undefined); // not a member any more, or Discord is away: shown as @id
        if (name === undefined) continue;
        if (names.size > 10_000) names.clear();
        names.set(`${guildId}:${id}`, { name, at: now });
        found.set(id, name);
      }
      return found;
    },
    async channels(guildId: string): Promise<ServerPlace[]> {
      const channels = (await rest.get(Routes.guildChannels(guildId))) as APIChannel[];
      return channels
        .filter((c) => c.type === ChannelType.GuildText || c.type === ChannelType.GuildAnnouncement)
        .sort((a, b) => positionOf(a) - positionOf(b))
        .map((c) => ({ id: c.id, name: `#${c.name ?? c.id}` }));
    },
    async roles(guildId: string): Promise<ServerPlace[]> {
      const roles = (await rest.get(Routes.guildRoles(guildId))) as APIRole[];
      return roles
        .filter((r) => r.id !== guildId && !r.managed)
        .sort((a, b) => b.position - a.position)
        .map((r) => ({ id: r.id, name: `@${r.name}` }));
    },
  };
}

const positionOf = (channel: APIChannel) =>
  'position' in channel && typeof channel.position === 'number' ? channel.position : 0;
