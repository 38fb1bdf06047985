import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError } from 'arctic';
import type { Config } from '../../config';
import { log } from '../../log';
import type { DiscordTokens } from '../../pipeline/web-sessions';

/**
 * The member's side of Discord (OAuth2, DESIGN.md 7): the consent page, the token exchange
 * (arctic: PKCE S256, `state`, client authentication), and the three reads the dashboard makes
 * with the member's own token: who they are, their servers with their permissions there, and
 * their roles in one server. Tally never acts on Discord with this token.
 */

/** identify: who; guilds: their servers and permissions; guilds.members.read: their roles. */
export const SCOPES = ['identify', 'guilds', 'guilds.members.read'] as const;

export interface DiscordUser {
  id: string;
  /** What people see: the global display name, else the username. */
  name: string;
}

export interface DiscordGuild {
  id: string;
  name: string;
  owner: boolean;
  /** The member's permission bit set in the server, as Discord sends it. */
  permissions: string;
}

/** The member's token no longer opens Discord (revoked, or the app was de-authorised). */
export class DiscordSignedOut extends Error {}

/** Discord did not answer as expected (down, slow, limited): the page says try again. */
export class DiscordUnavailable extends Error {}

const TIMEOUT_MS = 8_000;

export class DiscordAccount {
  private readonly client: OAuth2Client;
  /** Until when Discord asked us to wait (a 429's Retry-After) per token, ms since the epoch. */
  private readonly pausedUntil = new Map<string, number>();
  private readonly base: string;
  readonly redirectUri: string;

  constructor(
    config: Pick<
      Config,
      'discordApplicationId' | 'discordClientSecret' | 'discordApiUrl' | 'publicUrl'
    >,
  ) {
    if (!config.discordApplicationId || !config.discordClientSecret) {
      throw new Error('sign-in needs DISCORD_APPLICATION_ID and DISCORD_CLIENT_SECRET');
    }
    this.base = config.discordApiUrl ?? 'https://discord.com/api';
    this.redirectUri = `${config.publicUrl}/auth/callback`;
    this.client = new OAuth2Client(
      config.discordApplicationId,
      config.discordClientSecret,
      this.redirectUri,
    );
  }

  /** Discord's consent page for this sign-in. */
  authorizeUrl(state: string, codeVerifier: string): URL {
    const url = this.client.createAuthorizationURLWithPKCE(
      `${this.base}/oauth2/authorize`,
      state,
      CodeChallengeMethod.S256,
      codeVerifier,
      [...SCOPES],
    );
    url.searchParams.set('prompt', 'none'); // a returning member is not asked to consent again
    return url;
  }

  /** The code Discord sent back, for the member's tokens; null when Discord refuses it. */
  async exchange(code: string, codeVerifier: string): Promise<DiscordTokens | null> {
    return this.tokens(() =>
      this.client.validateAuthorizationCode(`${this.base}/oauth2/token`, code, codeVerifier),
    );
  }

  /** New tokens for an expired access token; null when the refresh token is no longer good. */
  async refresh(refreshToken: string): Promise<DiscordTokens | null> {
    return this.tokens(() =>
      this.client.refreshAccessToken(`${this.base}/oauth2/token`, refreshToken, []),
    );
  }

  /**
   * Sign-out: Discord forgets the grant too, so the tokens stored with the session open nothing
   * even if a copy of the database is read later. Best effort: a sign-out never fails on it.
   */
  async revoke(token: string): Promise<void> {
    await this.client
      .revokeToken(`${this.base}/oauth2/token/revoke`, token)
      .catch((err: unknown) =>
        log.warn('sign-out: Discord did not revoke the token', { err: String(err) }),
      );
  }

  private async tokens(
    call: () => ReturnType<OAuth2Client['refreshAccessToken']>,
  ): Promise<DiscordTokens | null> {
    try {
      const tokens = await call();
      return {
        accessToken: tokens.accessToken(),
        refreshToken: tokens.refreshToken(),
        expiresAt: tokens.accessTokenExpiresAt(),
      };
    } catch (err) {
      if (err instanceof OAuth2RequestError) return null; // invalid_grant and the like
      throw new DiscordUnavailable('Discord did not answer the sign-in', { cause: err });
    }
  }

  async user(accessToken: string): Promise<DiscordUser> {
    const user = (await this.read(accessToken, '/users/@me')) as {
      id: string;
      username: string;
      global_name?: string | null;
    };
    return { id: user.id, name: user.global_name || user.username };
  }

  async guilds(accessToken: string): Promise<DiscordGuild[]> {
    const guilds = (await this.read(accessToken, '/users/@me/guilds')) as DiscordGuild[];
    return guilds.map((g) => ({
      id: g.id,
      name: g.name,
      owner: g.owner,
      permissions: g.permissions,
    }));
  }

  /** The member's roles in a server, or null when they are not in it. */
  async roles(accessToken: string, guildId: string): Promise<string[] | null> {
    const member = (await this.read(
      accessToken,
      `/users/@me/guilds/${encodeURIComponent(guildId)}/member`,
      true,
    )) as { roles: string[] } | null;
    return member ? member.roles : null;
  }

  private async read(accessToken: string, path: string, missingIsNull = false): Promise<unknown> {
    // After a 429, this member's reads wait out Discord's Retry-After: refused requests count
    // towards the limit that bans the whole address (the bot's too).
    if (Date.now() < (this.pausedUntil.get(accessToken) ?? 0)) {
      throw new DiscordUnavailable(`Discord asked to wait; ${path} not read`);
    }
    let response: Response;
    try {
      response = await fetch(`${this.base}/v10${path}`, {
        headers: { Authorization: `Bearer ${accessToken}`, 'User-Agent': 'Tally (dashboard)' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new DiscordUnavailable(`Discord did not answer ${path}`, { cause: err });
    }
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after') ?? '5');
      // A bearer token's limits are its own: only this member waits.
      if (this.pausedUntil.size > 10_000) this.pausedUntil.clear();
      const wait = Math.min(Math.max(Number.isFinite(seconds) ? seconds : 5, 1), 600);
      this.pausedUntil.set(accessToken, Date.now() + wait * 1000);
      throw new DiscordUnavailable(`Discord answered 429 to ${path}`);
    }
    if (response.status === 401) throw new DiscordSignedOut('the Discord token was refused');
    if (response.status === 404 && missingIsNull) return null;
    if (!response.ok)
      throw new DiscordUnavailable(`Discord answered ${response.status} to ${path}`);
    return response.json();
  }
}
