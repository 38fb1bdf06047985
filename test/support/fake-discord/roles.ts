import type { APIGuildMember } from 'discord-api-types/v10';
import { member } from './payloads';
import type { FakeGuild, FakeMember, FakeRole, Reply } from './types';

/**
 * Who holds which role on each server, as it stands now, and Discord's rules for giving and
 * taking a role (docs: Permissions, "Permission Hierarchy" and `compute_base_permissions`;
 * Guild resource, "Add Guild Member Role"):
 *
 * - the server's owner has every permission; anyone else has the permissions of @everyone and of
 *   each of their roles, and Administrator stands for all of them;
 * - giving or taking a role needs Manage Roles, and the role must sit below the giver's highest
 *   role (the owner is above every role);
 * - a managed role (a bot's or an integration's own) is no one's to give or take.
 *
 * The guilds and members tests describe are theirs (often constants shared by a file's tests),
 * so they are never changed: roles a test creates or deletes, members who leave and the roles
 * members hold once changed are kept here, over them.
 */

const error = (status: number, code: number, message: string): Reply => ({
  status,
  body: { code, message },
});
export const UNKNOWN_GUILD = error(404, 10004, 'Unknown Guild');
const UNKNOWN_MEMBER = error(404, 10007, 'Unknown Member');
const UNKNOWN_ROLE = error(404, 10011, 'Unknown Role');
const MISSING_PERMISSIONS = error(403, 50013, 'Missing Permissions');

/** Permission bits (docs: Permissions, "Bitwise Permission Flags"). */
const ADMINISTRATOR = 1n << 3n;
const MANAGE_ROLES = 1n << 28n;
/** Every permission there is, which the owner and an Administrator have. */
const ALL = (1n << 64n) - 1n;

export class GuildRoles {
  /** Roles tests created, by guild id. */
  private readonly created = new Map<string, FakeRole[]>();
  private readonly deleted = new Set<string>();
  /** The role ids a member holds once changed, by `guild/user`. */
  private readonly held = new Map<string, string[]>();
  /** Members who left, by `guild/user`. */
  private readonly left = new Set<string>();

  /** `bot` is the application's bot user, a member of every server. */
  constructor(private readonly bot: FakeMember) {}

  /** The server's @everyone: a role declared with the server's id, or one without permissions. */
  everyone(guild: FakeGuild): FakeRole {
    const declared = guild.roles.find((r) => r.id === guild.id);
    return { name: '@everyone', permissions: '0', ...declared, id: guild.id, position: 0 };
  }

  /** The server's roles as Discord lists them: @everyone first, deleted ones gone. */
  of(guild: FakeGuild): FakeRole[] {
    const others = [...guild.roles, ...(this.created.get(guild.id) ?? [])].filter(
      (r) => r.id !== guild.id && !this.deleted.has(r.id),
    );
    return [this.everyone(guild), ...others];
  }

  find(guild: FakeGuild, roleId: string): FakeRole | undefined {
    return this.of(guild).find((r) => r.id === roleId);
  }

  create(guild: FakeGuild, role: FakeRole): void {
    this.created.set(guild.id, [...(this.created.get(guild.id) ?? []), role]);
  }

  /** Deletes a role (never @everyone); whoever held it holds it no more. */
  delete(guild: FakeGuild, roleId: string): boolean {
    if (roleId === guild.id || !this.find(guild, roleId)) return false;
    this.deleted.add(roleId);
    return true;
  }

  /** The server's members now: those who have not left, and the bot. */
  members(guild: FakeGuild): FakeMember[] {
    const present = guild.members.filter((m) => !this.left.has(key(guild, m.id)));
    return present.some((m) => m.id === this.bot.id) ? present : [...present, this.bot];
  }

  member(guild: FakeGuild, userId: string): FakeMember | undefined {
    return this.members(guild).find((m) => m.id === userId);
  }

  /** The member leaves the server (or is kicked); false if they were not on it. */
  leave(guild: FakeGuild, userId: string): boolean {
    if (userId === this.bot.id || !this.member(guild, userId)) return false;
    this.left.add(key(guild, userId));
    return true;
  }

  /** The role ids a member holds now: as declared until changed, deleted roles gone. */
  rolesOf(guild: FakeGuild, m: FakeMember): string[] {
    const ids = this.held.get(key(guild, m.id)) ?? m.roles ?? [];
    return ids.filter((id) => !this.deleted.has(id));
  }

  /** Replaces a member's roles (a test setting the bot's own). */
  setRoles(guild: FakeGuild, userId: string, roleIds: string[]): void {
    this.held.set(key(guild, userId), [...new Set(roleIds)]);
  }

  /** The member as Discord sends it (GET member, GUILD_CREATE, GUILD_MEMBER_UPDATE). */
  payload(guild: FakeGuild, m: FakeMember): APIGuildMember {
    return { ...member(m), roles: this.rolesOf(guild, m) };
  }

  /** The guild-wide permissions of a member (docs: `compute_base_permissions`). */
  permissions(guild: FakeGuild, m: FakeMember): bigint {
    if (this.isOwner(guild, m.id)) return ALL;
    let permissions = bits(this.everyone(guild));
    for (const id of this.rolesOf(guild, m)) {
      const held = this.find(guild, id);
      if (held) permissions |= bits(held);
    }
    return (permissions & ADMINISTRATOR) === ADMINISTRATOR ? ALL : permissions;
  }

  /** The position of the member's highest role (0: only @everyone). */
  highest(guild: FakeGuild, m: FakeMember): number {
    const positions = this.rolesOf(guild, m).map((id) => this.find(guild, id)?.position ?? 1);
    return Math.max(0, ...positions);
  }

  /**
   * Discord's answer to the bot giving a role to a member or taking it away, if it refuses:
   * Unknown Member (10007) for someone not on the server, Unknown Role (10011) for a role it does
   * not have, Missing Permissions (50013) without Manage Roles, for a role at or above the bot's
   * highest, or for a managed role. Which refusal wins when several apply is not documented:
   * the fake checks in the order of the path (member, then role), then permissions.
   */
  refusal(guild: FakeGuild, userId: string, roleId: string): Reply | undefined {
    if (!this.member(guild, userId)) return UNKNOWN_MEMBER;
    // @everyone is every member's and no one's to give; Discord's answer here is a guess.
    const role = roleId === guild.id ? undefined : this.find(guild, roleId);
    if (!role) return UNKNOWN_ROLE;
    if (role.managed) return MISSING_PERMISSIONS;
    if (this.isOwner(guild, this.bot.id)) return undefined;
    if ((this.permissions(guild, this.bot) & MANAGE_ROLES) === 0n) return MISSING_PERMISSIONS;
    return (role.position ?? 1) >= this.highest(guild, this.bot) ? MISSING_PERMISSIONS : undefined;
  }

  /** Gives or takes the role (already checked); false if the member already had it so. */
  change(guild: FakeGuild, m: FakeMember, roleId: string, give: boolean): boolean {
    const now = this.rolesOf(guild, m);
    if (now.includes(roleId) === give) return false;
    this.setRoles(guild, m.id, give ? [...now, roleId] : now.filter((id) => id !== roleId));
    return true;
  }

  /** Whether the user owns the server (one whose owner is not said is the bot's). */
  isOwner(guild: FakeGuild, userId: string): boolean {
    return (guild.ownerId ?? this.bot.id) === userId;
  }
}

const key = (guild: FakeGuild, userId: string) => `${guild.id}/${userId}`;
const bits = (role: FakeRole) => BigInt(role.permissions ?? '0');
