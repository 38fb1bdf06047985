import {
  ChannelType,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildVerificationLevel,
  Locale,
  type APIGuild,
  type APIGuildMember,
  type APITextChannel,
  type ChannelFlags,
  type GatewayGuildCreateDispatchData,
  type GuildSystemChannelFlags,
} from 'discord-api-types/v10';
import { NO_FLAGS, role } from './payloads';
import type { FakeGuild, FakeRole } from './types';

/**
 * A server and its channels as Discord sends them: over REST (GET /guilds/{id}, the fields
 * Discord's description requires, none of them optional) and in the gateway's GUILD_CREATE.
 */

/** The server as GET /guilds/{guild_id} returns it, with its roles as they are now (roles.ts). */
export function restGuild(guild: FakeGuild, ownerId: string, roles: FakeRole[]): APIGuild {
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon ?? null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    home_header: null,
    owner_id: ownerId,
    region: 'deprecated',
    afk_channel_id: null,
    afk_timeout: 300,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: GuildVerificationLevel.None,
    default_message_notifications: GuildDefaultMessageNotifications.AllMessages,
    explicit_content_filter: GuildExplicitContentFilter.Disabled,
    roles: roles.map(role),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: GuildMFALevel.None,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: NO_FLAGS as GuildSystemChannelFlags,
    rules_channel_id: null,
    max_presences: null,
    max_members: 500_000,
    max_stage_video_channel_users: 50,
    max_video_channel_users: 25,
    vanity_url_code: null,
    premium_tier: GuildPremiumTier.None,
    premium_subscription_count: 0,
    preferred_locale: (guild.preferredLocale ?? Locale.EnglishUS) as Locale,
    public_updates_channel_id: null,
    nsfw: false,
    nsfw_level: GuildNSFWLevel.Default,
    premium_progress_bar_enabled: false,
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
  } as APIGuild;
}

/** A text channel of the server, as GET /channels/{id} and GUILD_CREATE carry it. */
export function guildChannel(guild: FakeGuild, c: { id: string; name: string }): APITextChannel {
  return {
    id: c.id,
    name: c.name,
    type: ChannelType.GuildText,
    guild_id: guild.id,
    position: 0,
    flags: NO_FLAGS as ChannelFlags,
    permission_overwrites: [],
    parent_id: null,
    nsfw: false,
    topic: null,
    rate_limit_per_user: 0,
    last_message_id: null,
  };
}

/** The server as the gateway's GUILD_CREATE sends it, members and channels included. */
export function guildCreate(
  guild: FakeGuild,
  ownerId: string,
  roles: FakeRole[],
  members: APIGuildMember[],
): GatewayGuildCreateDispatchData {
  return {
    ...restGuild(guild, ownerId, roles),
    unavailable: false,
    joined_at: '2026-01-01T00:00:00.000Z',
    large: false,
    member_count: members.length,
    voice_states: [],
    members,
    channels: guild.channels.map((c) => guildChannel(guild, c)),
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  } as GatewayGuildCreateDispatchData;
}
