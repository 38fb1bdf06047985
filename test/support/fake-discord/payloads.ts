import {
  ChannelType,
  Locale,
  MessageType,
  type APIChannel,
  type APIGuildMember,
  type APIMessage,
  type APIRole,
  type APIUser,
  type ApplicationFlags,
  type GatewayGuildCreateDispatchData,
  type GatewayReadyDispatchData,
  type GuildMemberFlags,
  type GuildSystemChannelFlags,
  type RoleFlags,
} from 'discord-api-types/v10';
import type { FakeGuild, FakeMember } from './types';

/**
 * Builders of the Discord objects the fake sends (discord-api-types v10 shapes), from the plain
 * descriptions tests give: users, members, roles, guilds, channels, messages, interactions.
 */

/** Bit-flag enums have no zero member; Discord sends 0 for "none set". */
export const NO_FLAGS = 0;
const DISCORD_EPOCH = 1_420_070_400_000n;
let increment = 0n;

/** A fresh, time-ordered snowflake. */
export function snowflake(): string {
  increment = (increment + 1n) % 4096n;
  return String(((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | increment);
}

export function user(m: Pick<FakeMember, 'id' | 'username' | 'globalName'>): APIUser {
  return {
    id: m.id,
    username: m.username,
    discriminator: '0',
    global_name: m.globalName ?? null,
    avatar: null,
  };
}

export function member(m: FakeMember): APIGuildMember {
  return {
    user: user(m),
    nick: m.nick ?? null,
    roles: m.roles ?? [],
    joined_at: '2026-01-01T00:00:00.000Z',
    deaf: false,
    mute: false,
    flags: NO_FLAGS as GuildMemberFlags,
  };
}

export function role(r: { id: string; name: string }): APIRole {
  return {
    id: r.id,
    name: r.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    position: 1,
    permissions: '0',
    managed: false,
    mentionable: true,
    flags: NO_FLAGS as RoleFlags,
  };
}

export function dmChannel(id: string, recipient: FakeMember | undefined): APIChannel {
  return {
    id,
    type: ChannelType.DM,
    name: null,
    last_message_id: null,
    recipients: recipient ? [user(recipient)] : [],
  };
}

export function message(channelId: string, body: Partial<APIMessage>, author: APIUser): APIMessage {
  return {
    content: '',
    embeds: [],
    components: [],
    ...body,
    id: snowflake(),
    channel_id: channelId,
    author,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    pinned: false,
    type: MessageType.Default,
  };
}

export function interactionBase(applicationId: string) {
  return {
    id: snowflake(),
    application_id: applicationId,
    token: `token-${snowflake()}`,
    version: 1 as const,
    app_permissions: '0',
    locale: Locale.EnglishUS,
    entitlements: [],
    authorizing_integration_owners: {},
    attachment_size_limit: 10_000_000,
  };
}

export function ready(
  botUser: APIUser,
  guilds: FakeGuild[],
  applicationId: string,
  resumeUrl: string,
): GatewayReadyDispatchData {
  return {
    v: 10,
    user: botUser,
    guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
    session_id: `session-${snowflake()}`,
    resume_gateway_url: resumeUrl,
    shard: [0, 1],
    application: {
      id: applicationId,
      flags: NO_FLAGS as ApplicationFlags,
      flags_new: '0',
    },
  };
}

export function guildCreate(
  guild: FakeGuild,
  ownerId: string,
  members: APIGuildMember[],
): GatewayGuildCreateDispatchData {
  return {
    id: guild.id,
    name: guild.name,
    unavailable: false,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: guild.roles.map(role),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: NO_FLAGS as GuildSystemChannelFlags,
    rules_channel_id: null,
    vanity_url_code: null,
    premium_tier: 0,
    preferred_locale: Locale.EnglishUS,
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
    joined_at: '2026-01-01T00:00:00.000Z',
    large: false,
    member_count: members.length,
    voice_states: [],
    members,
    channels: guild.channels.map((c) => ({
      id: c.id,
      name: c.name,
      type: ChannelType.GuildText,
      guild_id: guild.id,
      position: 0,
      permission_overwrites: [],
      parent_id: null,
      nsfw: false,
      last_message_id: null,
    })),
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}
