import { managesServer, type MemberAccess } from '../../domain/access';
import type { Context } from '../../pipeline/context';
import { saveTokens, type WebSession } from '../../pipeline/web-sessions';
import { DiscordSignedOut, type DiscordAccount, type DiscordGuild } from './discord-account';

/**
 * What a signed-in member may do, read from Discord with their own token (DESIGN.md 7) and
 * kept for a short while so a page of links does not ask Discord per link. A permission that
 * says no is read again before the refusal (`fresh`), so a role given a moment ago counts; one
 * taken away stops counting within CACHE_MS.
 */
export const ACCESS_CACHE_MS = 60_000;
const MAX_CACHED = 5_000;

interface Cached<T> {
  value: T;
  at: number;
}

export interface ServerAccess extends MemberAccess {
  guildId: string;
  guildName: string;
}

export class MemberAccessReader {
  private readonly guildLists = new Map<number, Cached<DiscordGuild[]>>();
  private readonly roleLists = new Map<string, Cached<string[] | null>>();

  constructor(
    private readonly ctx: Context,
    private readonly discord: DiscordAccount,
  ) {}

  /** The member's servers (all of them; the dashboard shows those Tally has boards in). */
  async guilds(session: WebSession, fresh = false): Promise<DiscordGuild[]> {
    return this.cached(this.guildLists, session.pk, fresh, () =>
      this.withToken(session, (token) => this.discord.guilds(token)),
    );
  }

  /** The member's standing in one server, or null when they are not in it. */
  async inServer(
    session: WebSession,
    guildId: string,
    fresh = false,
  ): Promise<ServerAccess | null> {
    const guild = (await this.guilds(session, fresh)).find((g) => g.id === guildId);
    if (!guild) return null;
    const manageServer = managesServer(guild.permissions, guild.owner);
    // Roles matter only below Manage Server (a board's moderator role): not read when it is.
    const roles = manageServer
      ? []
      : await this.cached(this.roleLists, `${session.pk}:${guildId}`, fresh, () =>
          this.withToken(session, (token) => this.discord.roles(token, guildId)),
        );
    if (roles === null) return null;
    return { guildId, guildName: guild.name, manageServer, roles };
  }

  /** Forgets what was read for a session (sign-out). */
  forget(session: Pick<WebSession, 'pk'>): void {
    this.guildLists.delete(session.pk);
    for (const key of this.roleLists.keys()) {
      if (key.startsWith(`${session.pk}:`)) this.roleLists.delete(key);
    }
  }

  private async cached<K, T>(
    map: Map<K, Cached<T>>,
    key: K,
    fresh: boolean,
    read: () => Promise<T>,
  ): Promise<T> {
    const now = this.ctx.now().getTime();
    const hit = map.get(key);
    if (!fresh && hit && now - hit.at < ACCESS_CACHE_MS) return hit.value;
    const value = await read();
    if (map.size >= MAX_CACHED) map.delete(map.keys().next().value as K); // the oldest
    map.delete(key);
    map.set(key, { value, at: now });
    return value;
  }

  /** Runs a read with the session's access token, refreshing it first when it has expired. */
  private async withToken<T>(session: WebSession, read: (token: string) => Promise<T>): Promise<T> {
    if (session.tokenExpiresAt.getTime() - 60_000 <= this.ctx.now().getTime()) {
      const tokens = await this.discord.refresh(session.refreshToken);
      if (!tokens) throw new DiscordSignedOut('the Discord refresh token was refused');
      await saveTokens(this.ctx, session, tokens);
      session.accessToken = tokens.accessToken;
      session.refreshToken = tokens.refreshToken;
      session.tokenExpiresAt = tokens.expiresAt;
    }
    return read(session.accessToken);
  }
}
