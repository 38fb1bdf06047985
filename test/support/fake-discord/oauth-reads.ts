import { Locale, PermissionFlagsBits, type APIUser } from 'discord-api-types/v10';
import type { Grant } from './oauth-grants';
import { user } from './payloads';
import { UNKNOWN_GUILD } from './roles';
import type { DiscordState } from './state';
import type { FakeGuild, Reply } from './types';

/**
 * What a web app may read with a person's Bearer token, and the scope each read needs (docs:
 * OAuth2, "OAuth2 Scopes"; the description's `security` of each operation): who they are
 * (GET /users/@me, `identify`), their servers with their permissions there (GET
 * /users/@me/guilds, `guilds`) and their membership of one (GET
 * /users/@me/guilds/{guild_id}/member, `guilds.members.read`). Every answer is computed from the
 * servers as they are now (roles.ts), so a role a test gave or took shows on the next call.
 *
 * These go through rest.ts like every other route: the request and the answer are held to
 * Discord's description there.
 *
 * Not rate limited: Discord limits GET /users/@me/guilds/{guild_id}/member per person, and
 * harshly, but publishes no numbers, and rate-limits.ts counts buckets per guild, not per token.
 * An app should read the X-RateLimit headers there as anywhere; a test that needs a 429 can
 * inject one (`failNext`).
 */

interface UserRoute {
  pattern: RegExp;
  scope: string;
}

const ROUTES: UserRoute[] = [
  { pattern: /^\/users\/@me$/, scope: 'identify' },
  { pattern: /^\/users\/@me\/guilds$/, scope: 'guilds' },
  { pattern: /^\/users\/@me\/guilds\/([^/]+)\/member$/, scope: 'guilds.members.read' },
];

/** The scope a Bearer route needs, or undefined for a path that is not one of them. */
export function bearerScope(method: string, path: string): string | undefined {
  return method === 'GET' ? ROUTES.find((r) => r.pattern.test(path))?.scope : undefined;
}

/** Every permission Discord defines: what the owner and an Administrator are shown to have. */
const ALL_DEFINED = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);
/** Discord's page size for GET /users/@me/guilds (docs: "limit", 1–200, default 200). */
const GUILD_PAGE = 200;

export class UserReads {
  constructor(private readonly state: DiscordState) {}

  /** The answer to a Bearer route the grant may read (oauth.ts checked token and scope). */
  answer(path: string, query: URLSearchParams, grant: Grant): Reply {
    if (ROUTES[0]!.pattern.test(path)) return this.me(grant.userId);
    if (ROUTES[1]!.pattern.test(path)) return this.guilds(grant.userId, query);
    const guildId = ROUTES[2]!.pattern.exec(path)?.[1] ?? '';
    return this.membership(guildId, grant.userId);
  }

  /**
   * The person as the `identify` scope shows them (the description's UserPIIResponse; without
   * the `email` scope, no email).
   */
  private me(userId: string): Reply {
    const found = this.state.everyone().find((m) => m.id === userId);
    if (!found) return { status: 404, body: { code: 10013, message: 'Unknown User' } };
    const body: APIUser = {
      ...user(found),
      banner: null,
      accent_color: null,
      mfa_enabled: false,
      locale: Locale.EnglishUS,
      premium_type: 0,
    };
    return { status: 200, body };
  }

  /**
   * The servers the person is on now, as partial guilds in id order: `owner`, and `permissions`
   * as Discord computes them for the server as a whole (roles.ts: @everyone's and each held
   * role's OR'd; the owner and an Administrator have every permission there is). `before`,
   * `after`, `limit` and `with_counts` as documented.
   */
  private guilds(userId: string, query: URLSearchParams): Reply {
    const after = BigInt(query.get('after') ?? '0');
    const before = query.has('before') ? BigInt(query.get('before')!) : undefined;
    const limit = Number(query.get('limit') ?? GUILD_PAGE);
    const counts = query.get('with_counts') === 'true';
    const on = this.state.guilds
      .filter((g) => this.state.roles.member(g, userId))
      .filter((g) => BigInt(g.id) > after && (before === undefined || BigInt(g.id) < before))
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    // `before` pages backwards: the last `limit` before it, still in id order.
    const page =
      before !== undefined && !query.has('after') ? on.slice(-limit) : on.slice(0, limit);
    return { status: 200, body: page.map((g) => this.partialGuild(g, userId, counts)) };
  }

  private partialGuild(guild: FakeGuild, userId: string, counts: boolean) {
    const m = this.state.roles.member(guild, userId)!;
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      banner: null,
      owner: this.state.roles.isOwner(guild, userId),
      permissions: String(this.state.roles.permissions(guild, m) & ALL_DEFINED),
      features: [],
      ...(counts
        ? {
            approximate_member_count: this.state.roles.members(guild).length,
            approximate_presence_count: 0,
          }
        : {}),
    };
  }

  /**
   * The person's member object on one server, with the roles they hold now; a server they are
   * not on (or that does not exist) is 404 Unknown Guild (10004), as Discord answers.
   */
  private membership(guildId: string, userId: string): Reply {
    const guild = this.state.guild(guildId);
    const m = guild && this.state.roles.member(guild, userId);
    return guild && m ? { status: 200, body: this.state.roles.payload(guild, m) } : UNKNOWN_GUILD;
  }
}
