import {
  MessageFlags,
  type APIChannel,
  type APIMessage,
  type APIUser,
  type ApplicationCommandOptionType,
} from 'discord-api-types/v10';
import { ChannelAccess } from './access';
import type { FakeFile } from './attachments';
import type { InteractionTiming, Tracked } from './interaction-rules';
import { dmChannel, snowflake, user } from './payloads';
import { GuildRoles } from './roles';
import type { FakeGuild, FakeMember } from './types';

export type RegisteredOption = {
  name: string;
  type: ApplicationCommandOptionType;
  required?: boolean;
  choices?: { value: string | number }[];
  min_length?: number;
  max_length?: number;
  min_value?: number;
  max_value?: number;
  options?: RegisteredOption[];
};
export type Registered = { name: string; options?: RegisteredOption[] };

/**
 * When an interaction went out and when the bot first answered it, on performance.now()'s clock
 * (ms): what a latency measurement needs (bench/chat-load.ts). `callbackAt` is the arrival of the
 * first callback POST, before its body is read or checked; the rest is how the fake answered it
 * (a late one gets 404 Unknown interaction).
 */
export interface InteractionTimes {
  sentAt: number;
  callbackAt?: number;
  callbackStatus?: number;
  /** The response type the callback asked for (4 reply, 5 deferred reply, 6 deferred update, …). */
  callbackType?: number;
  /** The reply was ephemeral (Tally's refusals are). */
  ephemeral?: boolean;
}

const CALLBACK_PATH = /^\/api\/v10\/interactions\/\d+\/([^/?]+)\/callback(?:\?|$)/;

/**
 * What Discord knows, shared by REST, the gateway and the member actions: the application and its
 * bot user, the guilds and people tests describe, and everything the bot has done to them since.
 */
export class DiscordState {
  readonly botUser: APIUser;
  /** Messages as they read now (posts with every later edit applied), by id. */
  readonly messages = new Map<string, APIMessage>();
  /** The files each message carries now (those its embeds show too), with their bytes, by id. */
  readonly files = new Map<string, FakeFile[]>();
  /** Commands as registered: `global` or a guild id → the last bulk overwrite. */
  readonly commands = new Map<string, Registered[]>();
  /** Modals the bot opened, in order. */
  readonly modals: { token: string; customId: string; data: unknown }[] = [];
  /** Interactions sent to the bot, by token. */
  readonly interactions = new Map<string, Tracked>();
  /** When each interaction was sent and first answered, by token. */
  readonly timings = new Map<string, InteractionTimes>();
  /** Channels that refuse the bot, deleted channels, closed DMs. */
  readonly access = new ChannelAccess();
  /** The servers' roles, who holds them (the bot too) and who left. */
  readonly roles: GuildRoles;
  /** DM channel ids, by recipient. */
  private readonly dmChannels = new Map<string, string>();

  constructor(
    readonly applicationId: string,
    readonly token: string,
    readonly guilds: FakeGuild[],
    /** People outside every guild (DM recipients of user-owned boards). */
    readonly users: FakeMember[],
    readonly timing: InteractionTiming,
    /** What GET /gateway/bot tells: recommended shards and identifies allowed at once. */
    readonly sharding: { shards: number; maxConcurrency: number } = {
      shards: 1,
      maxConcurrency: 1,
    },
  ) {
    this.botUser = { ...user({ id: applicationId, username: 'tally' }), bot: true };
    this.roles = new GuildRoles({ id: applicationId, username: 'tally', bot: true });
  }

  guild(guildId: string): FakeGuild | undefined {
    return this.guilds.find((g) => g.id === guildId);
  }

  /** Every person the fake knows: guild members, then the people outside every guild. */
  everyone(): FakeMember[] {
    return [...this.guilds.flatMap((g) => g.members), ...this.users];
  }

  guildOfChannel(channelId: string): FakeGuild | undefined {
    return this.guilds.find((g) => g.channels.some((c) => c.id === channelId));
  }

  /** A guild channel that has not been deleted, or a DM channel that has been opened. */
  knowsChannel(channelId: string): boolean {
    if (this.access.isDeleted(channelId)) return false;
    return (
      this.guildOfChannel(channelId) !== undefined || this.recipientOf(channelId) !== undefined
    );
  }

  /** The other side of a DM channel, or undefined for any other channel. */
  recipientOf(channelId: string): string | undefined {
    return [...this.dmChannels].find(([, id]) => id === channelId)?.[0];
  }

  /** The DM channel between the bot and this user (created on first use, as Discord does). */
  dmChannel(recipientId: string): APIChannel {
    const recipient = this.everyone().find((m) => m.id === recipientId);
    let id = this.dmChannels.get(recipientId);
    if (!id) {
      id = snowflake();
      this.dmChannels.set(recipientId, id);
    }
    return dmChannel(id, recipient);
  }

  /** An interaction went out just now (its INTERACTION_CREATE was handed to the socket). */
  noteSent(token: string): void {
    this.timings.set(token, { sentAt: performance.now() });
  }

  /** A request arrived; the first callback POST of an interaction is timed here. */
  noteArrival(method: string | undefined, url: string | undefined): void {
    if (method !== 'POST' || !url) return;
    const token = CALLBACK_PATH.exec(url)?.[1];
    const times = token === undefined ? undefined : this.timings.get(decodeURIComponent(token));
    if (times && times.callbackAt === undefined) times.callbackAt = performance.now();
  }

  /** How the fake answered an interaction's first callback. */
  noteCallback(
    token: string,
    type: number | undefined,
    flags: number | null | undefined,
    status: number,
  ): void {
    const times = this.timings.get(token);
    if (!times || times.callbackStatus !== undefined) return;
    times.callbackStatus = status;
    if (type !== undefined) times.callbackType = type;
    times.ephemeral = ((flags ?? 0) & MessageFlags.Ephemeral) !== 0;
  }

  /** The message a reply created or an edit changed, by interaction token. */
  replyOf(token: string): APIMessage | undefined {
    const id = this.interactions.get(token)?.messageId;
    return id ? this.messages.get(id) : undefined;
  }
}
