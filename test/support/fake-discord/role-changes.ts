import {
  GatewayDispatchEvents,
  GatewayIntentBits,
  type GatewayGuildMemberRemoveDispatchData,
  type GatewayGuildMemberUpdateDispatchData,
  type GatewayGuildRoleCreateDispatchData,
  type GatewayGuildRoleDeleteDispatchData,
} from 'discord-api-types/v10';
import type { Gateway } from './gateway';
import { role, snowflake, user } from './payloads';
import { restGuild } from './guild-payloads';
import { UNKNOWN_GUILD } from './roles';
import type { DiscordState } from './state';
import type { FakeGuild, FakeMember, FakeRole, Reply } from './types';

/**
 * Changes to the servers' roles and members, each announced over the gateway as Discord does it:
 * the bot giving a role to a member or taking it away (PUT and DELETE
 * /guilds/{guild_id}/members/{user_id}/roles/{role_id}, 204 on success, the same whether or not
 * the member already had it so, GUILD_MEMBER_UPDATE when it changed), and what a test does as the
 * server's people: create or delete a role, give the bot its roles, have a member leave.
 *
 * Member events need the GUILD_MEMBERS intent, except a member update of the bot itself; role
 * events need GUILDS (docs: Gateway, "List of Intents" and "Caveats").
 */
export class RoleChanges {
  constructor(
    private readonly state: DiscordState,
    private readonly gateway: Gateway,
  ) {}

  /** The bot gives (`give`) or takes a member's role, or Discord's refusal (roles.ts). */
  assign(guildId: string, userId: string, roleId: string, give: boolean): Reply {
    const guild = this.state.guild(guildId);
    if (!guild) return UNKNOWN_GUILD;
    const refusal = this.state.roles.refusal(guild, userId, roleId);
    if (refusal) return refusal;
    const target = this.state.roles.member(guild, userId)!;
    if (this.state.roles.change(guild, target, roleId, give)) this.memberUpdated(guild, target);
    return { status: 204 };
  }

  /**
   * The server's own settings change (its icon, its name, its language): GUILD_UPDATE, under
   * GUILDS.
   */
  updateGuild(
    guildId: string,
    changes: Partial<Pick<FakeGuild, 'icon' | 'name' | 'preferredLocale'>>,
  ): void {
    const guild = this.guild(guildId);
    Object.assign(guild, changes);
    const data = restGuild(
      guild,
      guild.ownerId ?? this.state.applicationId,
      this.state.roles.of(guild),
    );
    this.gateway.announce(
      guild.id,
      GatewayDispatchEvents.GuildUpdate,
      data,
      GatewayIntentBits.Guilds,
    );
  }

  /** A role a test creates; its id. */
  createRole(guildId: string, created: Omit<FakeRole, 'id'> & { id?: string }): string {
    const guild = this.guild(guildId);
    const made: FakeRole = { ...created, id: created.id ?? snowflake() };
    if (this.state.roles.find(guild, made.id)) {
      throw new Error(`fake Discord: guild ${guildId} already has role ${made.id}`);
    }
    this.state.roles.create(guild, made);
    const data: GatewayGuildRoleCreateDispatchData = { guild_id: guild.id, role: role(made) };
    this.gateway.announce(
      guild.id,
      GatewayDispatchEvents.GuildRoleCreate,
      data,
      GatewayIntentBits.Guilds,
    );
    return made.id;
  }

  deleteRole(guildId: string, roleId: string): void {
    const guild = this.guild(guildId);
    if (!this.state.roles.delete(guild, roleId)) {
      throw new Error(`fake Discord: guild ${guildId} has no role ${roleId} to delete`);
    }
    const data: GatewayGuildRoleDeleteDispatchData = { guild_id: guild.id, role_id: roleId };
    this.gateway.announce(
      guild.id,
      GatewayDispatchEvents.GuildRoleDelete,
      data,
      GatewayIntentBits.Guilds,
    );
  }

  /** Replaces the bot's own roles on the server. */
  setBotRoles(guildId: string, roleIds: string[]): void {
    const guild = this.guild(guildId);
    const missing = roleIds.filter((id) => id === guild.id || !this.state.roles.find(guild, id));
    if (missing.length > 0) {
      throw new Error(`fake Discord: guild ${guildId} has no role ${missing.join(', ')}`);
    }
    this.state.roles.setRoles(guild, this.state.applicationId, roleIds);
    this.memberUpdated(guild, this.state.roles.member(guild, this.state.applicationId)!);
  }

  /** The member leaves the server (or is kicked). */
  removeMember(guildId: string, userId: string): void {
    const guild = this.guild(guildId);
    const leaving = this.state.roles.member(guild, userId);
    if (!leaving || !this.state.roles.leave(guild, userId)) {
      throw new Error(`fake Discord: ${userId} is not a member of guild ${guildId} who can leave`);
    }
    const data: GatewayGuildMemberRemoveDispatchData = { guild_id: guild.id, user: user(leaving) };
    this.gateway.announce(
      guild.id,
      GatewayDispatchEvents.GuildMemberRemove,
      data,
      GatewayIntentBits.GuildMembers,
    );
  }

  /** The role ids the member holds now. */
  memberRoles(guildId: string, userId: string): string[] {
    const guild = this.guild(guildId);
    const found = this.state.roles.member(guild, userId);
    if (!found) throw new Error(`fake Discord: ${userId} is not a member of guild ${guildId}`);
    return this.state.roles.rolesOf(guild, found);
  }

  private memberUpdated(guild: FakeGuild, m: FakeMember): void {
    const data: GatewayGuildMemberUpdateDispatchData = {
      ...this.state.roles.payload(guild, m),
      guild_id: guild.id,
    } as GatewayGuildMemberUpdateDispatchData;
    const itself = m.id === this.state.applicationId;
    this.gateway.announce(
      guild.id,
      GatewayDispatchEvents.GuildMemberUpdate,
      data,
      itself ? undefined : GatewayIntentBits.GuildMembers,
    );
  }

  private guild(guildId: string): FakeGuild {
    const guild = this.state.guild(guildId);
    if (!guild) throw new Error(`fake Discord: no guild ${guildId}`);
    return guild;
  }
}
