import type { RESTGetAPIGatewayBotResult } from 'discord-api-types/v10';
import { UNKNOWN_CHANNEL } from './access';
import { guildChannel, restGuild } from './guild-payloads';
import { role, user } from './payloads';
import type { DiscordState } from './state';
import type { Reply } from './types';

const json = (status: number, body?: unknown): Reply => ({ status, body });
const unknown = (code: number, what: string) => json(404, { code, message: `Unknown ${what}` });

/**
 * What the bot may look up with its token: the gateway, people, members, roles, servers and
 * channels, as Discord returns them, or Discord's `Unknown …` error for an id it does not know.
 */
export class Reads {
  constructor(
    private readonly state: DiscordState,
    private readonly gatewayUrl: () => string,
  ) {}

  gatewayBot(): Reply {
    const body: RESTGetAPIGatewayBotResult = {
      url: this.gatewayUrl(),
      shards: this.state.sharding.shards,
      session_start_limit: {
        total: 1000,
        remaining: 1000,
        reset_after: 0,
        max_concurrency: this.state.sharding.maxConcurrency,
      },
    };
    return json(200, body);
  }

  user(id: string): Reply {
    const found = this.state.everyone().find((m) => m.id === id);
    return found ? json(200, user(found)) : unknown(10013, 'User');
  }

  guild(guildId: string): Reply {
    const guild = this.guildOf(guildId);
    return guild
      ? json(
          200,
          restGuild(guild, guild.ownerId ?? this.state.applicationId, this.state.roles.of(guild)),
        )
      : unknown(10004, 'Guild');
  }

  /** The server's roles as they are now: @everyone first, created ones in, deleted ones gone. */
  roles(guildId: string): Reply {
    const guild = this.guildOf(guildId);
    return guild ? json(200, this.state.roles.of(guild).map(role)) : unknown(10004, 'Guild');
  }

  /** A member (the bot too) with the roles they hold now; Unknown Member once they left. */
  member(guildId: string, userId: string): Reply {
    const guild = this.guildOf(guildId);
    if (!guild) return unknown(10004, 'Guild');
    const found = this.state.roles.member(guild, userId);
    return found ? json(200, this.state.roles.payload(guild, found)) : unknown(10007, 'Member');
  }

  /** A channel of a server (deleted ones gone, denied ones refused) or an opened DM. */
  channel(channelId: string): Reply {
    const refusal = this.state.access.refusal(channelId, 'read');
    if (refusal) return refusal;
    const guild = this.state.guildOfChannel(channelId);
    const found = guild?.channels.find((c) => c.id === channelId);
    if (guild && found) return json(200, guildChannel(guild, found));
    const recipient = this.state.recipientOf(channelId);
    return recipient ? json(200, this.state.dmChannel(recipient)) : UNKNOWN_CHANNEL;
  }

  /** One message of a channel, as it reads now; Unknown Message once deleted. */
  message(channelId: string, messageId: string): Reply {
    const refusal = this.state.access.refusal(channelId, 'read');
    if (refusal) return refusal;
    const found = this.state.messages.get(messageId);
    return found && found.channel_id === channelId
      ? json(200, found)
      : json(404, { code: 10008, message: 'Unknown Message' });
  }

  /** The server's channels, but for those deleted under the bot. */
  channels(guildId: string): Reply {
    const guild = this.guildOf(guildId);
    if (!guild) return unknown(10004, 'Guild');
    const left = guild.channels.filter((c) => !this.state.access.isDeleted(c.id));
    return json(
      200,
      left.map((c) => guildChannel(guild, c)),
    );
  }

  private guildOf(guildId: string) {
    return this.state.guild(guildId);
  }
}
