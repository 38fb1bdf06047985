import type { REST } from '@discordjs/rest';
import { ChannelType, Routes, type APIChannel, type APIRole } from 'discord.js';
import type { ServerDirectory, ServerPlace } from '../pipeline/chat-port';

/** The dashboard's pickers from the bot's view of a server (pipeline/chat-port.ts). */
export function serverDirectory(rest: REST): ServerDirectory {
  return {
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
