import {
  ApplicationCommandType,
  ChannelType,
  Locale,
  type APIApplicationCommand,
  type APIChannel,
  type APIGuildMember,
  type APIRole,
  type APIUser,
  type ApplicationFlags,
  type ChannelFlags,
  type GatewayReadyDispatchData,
  type GuildMemberFlags,
  type RESTPostAPIApplicationCommandsJSONBody,
  type RoleFlags,
  type UserFlags,
} from 'discord-api-types/v10';
import { LIMITS } from './limits';
import type { FakeGuild, FakeMember, FakeRole } from './types';

/**
 * Builders of the Discord objects the fake sends (discord-api-types v10 shapes), from the plain
 * descriptions tests give: users, members, roles, guilds, channels, interactions (messages.ts
 * builds messages).
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

export function user(
  m: Pick<FakeMember, 'id' | 'username' | 'globalName' | 'bot' | 'avatar'>,
): APIUser {
  return {
    ...(m.bot ? { bot: true } : {}),
    id: m.id,
    username: m.username,
    discriminator: '0',
    global_name: m.globalName ?? null,
    avatar: m.avatar ?? null,
    public_flags: NO_FLAGS as UserFlags,
    flags: NO_FLAGS as UserFlags,
    primary_guild: null,
  };
}

export function member(m: FakeMember): APIGuildMember {
  return {
    user: user(m),
    nick: m.nick ?? null,
    avatar: m.serverAvatar ?? null,
    banner: null,
    roles: m.roles ?? [],
    joined_at: '2026-01-01T00:00:00.000Z',
    premium_since: null,
    communication_disabled_until: null,
    pending: false,
    deaf: false,
    mute: false,
    flags: NO_FLAGS as GuildMemberFlags,
  };
}

/** A role as Discord sends it; what the test did not declare is a plain role's (roles.ts). */
export function role(r: FakeRole): APIRole {
  return {
    id: r.id,
    name: r.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    position: r.position ?? 1,
    permissions: r.permissions ?? '0',
    managed: r.managed ?? false,
    mentionable: true,
    icon: null,
    unicode_emoji: null,
    flags: NO_FLAGS as RoleFlags,
  };
}

export function dmChannel(id: string, recipient: FakeMember | undefined): APIChannel {
  return {
    id,
    type: ChannelType.DM,
    name: null,
    last_message_id: null,
    flags: NO_FLAGS as ChannelFlags,
    recipients: recipient ? [user(recipient)] : [],
  };
}

/** A command as registration returns it: with its id and version, and Discord's defaults filled in. */
export function registeredCommand(
  command: RESTPostAPIApplicationCommandsJSONBody,
  applicationId: string,
  guildId: string | undefined,
): APIApplicationCommand {
  return {
    type: ApplicationCommandType.ChatInput,
    description: '',
    default_member_permissions: null,
    ...command,
    id: snowflake(),
    application_id: applicationId,
    version: snowflake(),
    ...(guildId ? { guild_id: guildId } : {}),
  } as APIApplicationCommand;
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
    attachment_size_limit: LIMITS.attachmentSize,
  };
}

export function ready(
  botUser: APIUser,
  guilds: FakeGuild[],
  applicationId: string,
  resumeUrl: string,
  shard: [number, number] = [0, 1],
): GatewayReadyDispatchData {
  return {
    v: 10,
    user: botUser,
    guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
    session_id: `session-${snowflake()}`,
    resume_gateway_url: resumeUrl,
    shard,
    application: {
      id: applicationId,
      flags: NO_FLAGS as ApplicationFlags,
      flags_new: '0',
    },
  };
}
