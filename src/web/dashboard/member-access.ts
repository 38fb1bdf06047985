import { managesServer, type MemberAccess } from '../../domain/access';
import type { Context } from '../../pipeline/context';
import { saveTokens, type WebSession } from '../../pipeline/web-sessions';
import { DiscordSignedOut, type DiscordAccount, type DiscordGuild } from './discord-account';

/**
 * What a signed-in member may do, read from Discord with their own token (DESIGN.md 7) and
 * kept for a short while so a page of links does not ask Discord per link. A permission that
 * says no is read again before the refusal, and every change (a POST) reads afresh (`fresh`), so
 * a role given a moment ago counts and one taken away stops counting for changes at once.
 *
 * Discord's limits are the whole deployment's (the bot shares the address), so no member can
 * make Tally ask Discord often: a fresh read reuses one younger than FRESH_MIN_MS, and reads of
 * the same thing at the same moment share one call.
 */
export const ACCESS_CACHE_MS = 60_000;
export const FRESH_MIN_MS = 10_000;

/**
 * How old a read may be: `cached` (a page: a minute), `recheck` (before a refusal: ten
 * seconds), `now` (a change: read for it, under the per-member limit on changes).
 */
export type Freshness = 'cached' | 'recheck' | 'now';
const MAX_AGE: Record<Freshness, number> = {
  cached: ACCESS_CACHE_MS,
  recheck: FRESH_MIN_MS,
  now: 0,
};
const freshness = (fresh: boolean | Freshness): Freshness =>
  fresh === true ? 'recheck' : fresh === false ? 'cached' : fresh;
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
  private readonly guildLists = new Map<string, Cached<DiscordGuild[]>>();
  private readonly roleLists = new Map<string, Cached<string[] | null>>();
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly ctx: Context,
    private readonly discord: DiscordAccount,
  ) {}

  /** The member's servers (all of them; the dashboard shows those Tally has boards in). */
  async guilds(
    session: WebSession,
    fresh: boolean | Freshness = 'cached',
  ): Promise<DiscordGuild[]> {
    return this.cached(this.guildLists, session.idHash, freshness(fresh), () =>
      this.withToken(session, (token) => this.discord.guilds(token)),
    );
  }

  /** The member's standing in one server, or null when they are not in it. */
  async inServer(
    session: WebSession,
    guildId: string,
    fresh: boolean | Freshness = 'cached',
  ): Promise<ServerAccess | null> {
    const guild = (await this.guilds(session, fresh)).find((g) => g.id === guildId);
    if (!guild) return null;
    const manageServer = managesServer(guild.permissions, guild.owner);
    // Roles matter only below Manage Server (a board's moderator role): not read when it is.
    const roles = manageServer
      ? []
      : await this.cached(this.roleLists, `${session.idHash}:${guildId}`, freshness(fresh), () =>
          this.withToken(session, (token) => this.discord.roles(token, guildId)),
        );
    if (roles === null) return null;
    return { guildId, guildName: guild.name, manageServer, roles };
  }

  /** Forgets what was read for a session (sign-out). */
  forget(session: Pick<WebSession, 'idHash'>): void {
    this.guildLists.delete(session.idHash);
    for (const key of this.roleLists.keys()) {
      if (key.startsWith(`${session.idHash}:`)) this.roleLists.delete(key);
    }
  }

  private async cached<T>(
    map: Map<string, Cached<T>>,
    key: string,
    fresh: Freshness,
    read: () => Promise<T>,
  ): Promise<T> {
    const now = this.ctx.now().getTime();
    const hit = map.get(key);
    if (hit && now - hit.at < MAX_AGE[fresh]) return hit.value;
    const flight = `${map === this.roleLists ? 'roles' : 'guilds'}:${key}`;
    const pending = this.inFlight.get(flight) as Promise<T> | undefined;
    if (pending) return pending;
    const reading = read()
      .then((value) => {
        if (map.size >= MAX_CACHED) map.delete(map.keys().next().value as string); // the oldest
        map.delete(key);
        map.set(key, { value, at: this.ctx.now().getTime() });
        return value;
      })
      .finally(() => this.inFlight.delete(flight));
    this.inFlight.set(flight, reading);
    return reading;
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
