import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Grants, S256_CHALLENGE, VERIFIER, type Grant, type Refused } from './oauth-grants';
import { UserReads } from './oauth-reads';
import { requestsDescription } from './openapi';
import type { DiscordState } from './state';
import type { Reply } from './types';

/**
 * Discord as the authorization server of "Sign in with Discord" (docs: OAuth2, "Authorization
 * Code Grant"): the application is the one OAuth2 client, its id the application id and its
 * secret made fresh for each fake. A test plays the person at Discord's consent screen
 * (`signInAs`, `deny`), and the app under test walks the flow over HTTP:
 *
 * - GET /api/oauth2/authorize (also under /api/v10 and at /oauth2/authorize, where discord.com
 *   serves it too) answers at once with a 302 to the redirect_uri carrying `code` and `state`
 *   (or `error=access_denied`), as the browser would be sent after the person clicked;
 * - POST /api/oauth2/token (and /api/v10/oauth2/token) exchanges the code, or a refresh token,
 *   for a Bearer token; POST …/oauth2/token/revoke takes one back (RFC 7009);
 * - the Bearer token then reads the person, their servers and their membership of one
 *   (oauth-reads.ts), through rest.ts like every route.
 *
 * The authorize and token endpoints are not in Discord's OpenAPI description (it names them
 * only as the OAuth2 security scheme's URLs), so requests to them are held here to RFC 6749,
 * RFC 7636 (PKCE) and Discord's docs instead. A refusal Discord gives to a request a working app
 * may well send (an unregistered redirect_uri, a wrong secret, a spent or expired code, a
 * verifier that does not match, a token without the scope) is only a refusal; a request that is
 * malformed, that Discord would refuse or that Tally must never send (no PKCE S256 challenge,
 * no `state`, a parameter twice, an unknown scope, a JSON body) is also a violation.
 */

/** The flow's own endpoints, with or without /api and a version; the capture is the path recorded. */
export const OAUTH_PATH = /^(?:\/api(?:\/v\d+)?)?(\/oauth2\/(?:authorize|token(?:\/revoke)?))$/;

/** What a test may do with the fake's OAuth2 (FakeDiscord's `oauth`). */
export interface FakeOAuth {
  /** Registers a redirect URI (the developer portal's Redirects list); exact match, as Discord. */
  allowRedirect(uri: string): void;
  /** The person signed in at Discord who approves every authorize request from now on. */
  signInAs(userId: string): void;
  /** The person presses Cancel on every authorize request from now on (until `signInAs`). */
  deny(): void;
  /** No one is signed in: an authorize request gets 400 until `signInAs`. */
  signOut(): void;
  /** The person takes back every authorization they gave: their tokens are refused from now on. */
  revoke(userId: string): void;
  /** Seconds an access token issued from now on lives (default 604 800, Discord's week). */
  tokenLifetimeSeconds: number;
  /** Seconds a code issued from now on may wait to be exchanged (default 600, RFC 6749's most). */
  codeLifetimeSeconds: number;
}

/** The scopes whose reads the fake serves; another scope Discord knows is a fake limitation. */
const IMPLEMENTED = new Set(['identify', 'guilds', 'guilds.members.read']);
const UNAUTHORIZED: Reply = { status: 401, body: { message: '401: Unauthorized', code: 0 } };

const page = (status: number, text: string): Reply => ({
  status,
  body: `${text}\n`,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
});
/** An error of the token endpoint (RFC 6749 5.2), never cached. */
const oauthError = (status: number, error: string, description?: string): Reply => ({
  status,
  body: description === undefined ? { error } : { error, error_description: description },
  headers: NO_STORE,
});
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

export class OAuth2 implements FakeOAuth {
  readonly clientSecret = randomBytes(24).toString('base64url');
  /** The Bearer routes' answers. */
  readonly reads: UserReads;
  private readonly grants: Grants;
  private readonly redirects = new Set<string>();
  private approver: string | undefined;
  private denying = false;

  constructor(
    private readonly state: DiscordState,
    private readonly violations: string[],
    now: () => number = () => Date.now(),
  ) {
    this.grants = new Grants(now);
    this.reads = new UserReads(state);
  }

  get tokenLifetimeSeconds(): number {
    return this.grants.tokenLifetimeSeconds;
  }
  set tokenLifetimeSeconds(seconds: number) {
    this.grants.tokenLifetimeSeconds = seconds;
  }
  get codeLifetimeSeconds(): number {
    return this.grants.codeLifetimeSeconds;
  }
  set codeLifetimeSeconds(seconds: number) {
    this.grants.codeLifetimeSeconds = seconds;
  }

  allowRedirect(uri: string): void {
    // RFC 6749 3.1.2: an absolute URI without a fragment.
    if (!URL.canParse(uri) || new URL(uri).hash !== '') {
      throw new Error(`fake Discord: ${uri} is not an absolute redirect URI without a fragment`);
    }
    this.redirects.add(uri);
  }

  signInAs(userId: string): void {
    const person = this.state.everyone().find((m) => m.id === userId);
    if (!person || person.bot) {
      throw new Error(
        `fake Discord: ${userId} is no person the fake knows (a guild member or user)`,
      );
    }
    this.approver = userId;
    this.denying = false;
  }

  deny(): void {
    this.denying = true;
  }

  signOut(): void {
    this.approver = undefined;
    this.denying = false;
  }

  revoke(userId: string): void {
    this.grants.revokeUser(userId);
  }

  /**
   * A Bearer route's gate: the token must be one the fake issued, unexpired and unrevoked, and
   * carry the route's scope; else 401 as Discord answers (a token without the scope included:
   * Discord says 401, not 403, e.g. GET /users/@me/guilds without `guilds`, as reported in
   * reboxer/discord-oauth2 issue 4). A bot token here is refused and recorded: /users/@me and
   * /users/@me/guilds would take one on Discord, but the fake serves them to Bearer tokens only.
   */
  authorise(
    authorization: string | undefined,
    scope: string,
    label: string,
  ): { grant?: Grant; refusal?: Reply } {
    const bearer = /^Bearer (\S+)$/.exec(authorization ?? '');
    if (!bearer) {
      if (authorization?.startsWith('Bot ')) {
        this.violations.push(
          scope === 'guilds.members.read'
            ? `${label}: a bot token, where Discord takes only a Bearer token`
            : `fake limitation: ${label} with a bot token (the fake serves it to Bearer tokens only)`,
        );
      }
      return { refusal: UNAUTHORIZED };
    }
    const grant = this.grants.bearer(bearer[1] ?? '');
    return grant?.scopes.includes(scope) ? { grant } : { refusal: UNAUTHORIZED };
  }

  /** The answer to one of the flow's endpoints (`path` as OAUTH_PATH captured it). */
  endpoint(
    method: string,
    path: string,
    query: URLSearchParams,
    raw: Buffer,
    headers: IncomingHttpHeaders,
  ): Reply {
    if (path === '/oauth2/authorize') {
      if (method === 'GET') return this.authorize(query);
      this.violations.push(`${method} /oauth2/authorize: a browser navigates there with GET`);
      return page(405, '405: Method Not Allowed');
    }
    const label = `${method} ${path}`;
    if (method !== 'POST') {
      this.violations.push(`${label}: the endpoint takes POST (RFC 6749 3.2)`);
      return { status: 405, body: { message: '405: Method Not Allowed', code: 0 } };
    }
    if (!/^application\/x-www-form-urlencoded\b/i.test(headers['content-type'] ?? '')) {
      this.violations.push(`${label} request: the body must be application/x-www-form-urlencoded`);
      return oauthError(400, 'invalid_request', 'The body must be form-encoded.');
    }
    const form = new URLSearchParams(raw.toString('utf8'));
    const twice = [...new Set(form.keys())].filter((k) => form.getAll(k).length > 1);
    if (twice.length > 0) {
      this.violations.push(
        `${label} request: ${twice.join(', ')} sent more than once (RFC 6749 3.2)`,
      );
      return oauthError(400, 'invalid_request');
    }
    const client = this.client(label, headers.authorization, form);
    if ('refusal' in client) return client.refusal;
    return path === '/oauth2/token'
      ? this.token(label, form, client.id)
      : this.revokeToken(label, form, client.id);
  }

  /**
   * The consent screen, decided at once (RFC 6749 4.1.1–4.1.2, RFC 7636 4.3). A request whose
   * client_id or redirect_uri is wrong is never redirected (4.1.2.1: the browser stays on
   * Discord's error page); other faults go back to the redirect_uri as `error=…`, with `state`.
   */
  private authorize(query: URLSearchParams): Reply {
    const fault = (what: string) => this.violations.push(`GET /oauth2/authorize request: ${what}`);
    const clientId = query.get('client_id');
    const redirectUri = query.get('redirect_uri');
    if (clientId !== this.state.applicationId)
      return page(400, 'Unknown Application: invalid client_id');
    if (redirectUri === null) {
      fault('no redirect_uri');
      return page(400, 'Invalid OAuth2 redirect_uri');
    }
    if (!this.redirects.has(redirectUri)) return page(400, 'Invalid OAuth2 redirect_uri');
    const state = query.get('state');
    const back = (params: Record<string, string>): Reply => {
      const to = new URL(redirectUri);
      for (const [name, value] of Object.entries(params)) to.searchParams.set(name, value);
      if (state !== null) to.searchParams.set('state', state);
      return { status: 302, headers: { location: to.href } };
    };
    const twice = [...new Set(query.keys())].filter((k) => query.getAll(k).length > 1);
    if (twice.length > 0) {
      fault(`${twice.join(', ')} sent more than once (RFC 6749 3.1)`);
      return back({ error: 'invalid_request' });
    }
    if (query.get('response_type') !== 'code') {
      fault(`response_type ${query.get('response_type') ?? '(none)'}: the flow is the code flow`);
      return back({ error: 'unsupported_response_type' });
    }
    const scopes = (query.get('scope') ?? '').split(' ').filter((s) => s !== '');
    const known = requestsDescription().oauthScopes();
    const unknown = scopes.filter((s) => !known.includes(s));
    if (scopes.length === 0 || unknown.length > 0) {
      fault(scopes.length === 0 ? 'no scope' : `unknown scope ${unknown.join(', ')}`);
      return back({ error: 'invalid_scope', error_description: 'The requested scope is invalid.' });
    }
    for (const s of scopes.filter((s) => !IMPLEMENTED.has(s))) {
      this.violations.push(
        `fake limitation: scope ${s} is Discord's but the fake serves none of it`,
      );
    }
    if (state === null || state === '')
      fault('no state (RFC 6749 10.12: the sign-in could be forged)');
    const challenge = query.get('code_challenge');
    const method = query.get('code_challenge_method');
    if (challenge === null) {
      // Discord issues the code anyway (PKCE is optional for a client with a secret).
      fault('no code_challenge: Tally must use PKCE with S256');
    } else if (method !== 'S256') {
      fault(`code_challenge_method ${method ?? '(none, i.e. plain)'}: Tally must use S256`);
      return back({
        error: 'invalid_request',
        error_description: 'Use code_challenge_method S256.',
      });
    } else if (!S256_CHALLENGE.test(challenge)) {
      fault('code_challenge is not a base64url SHA-256 (43 characters, RFC 7636 4.2)');
      return back({ error: 'invalid_request', error_description: 'Invalid code_challenge.' });
    }
    const prompt = query.get('prompt');
    if (prompt !== null && prompt !== 'consent' && prompt !== 'none') fault(`prompt ${prompt}`);
    if (this.denying) {
      return back({
        error: 'access_denied',
        error_description: 'The resource owner or authorization server denied the request',
      });
    }
    if (this.approver === undefined) {
      return page(400, 'nobody is signed in to the fake Discord (fake.oauth.signInAs)');
    }
    const code = this.grants.issueCode({
      clientId,
      redirectUri,
      scopes,
      userId: this.approver,
      challenge: challenge ?? undefined,
    });
    return back({ code });
  }

  /**
   * Client authentication (RFC 6749 2.3.1): HTTP Basic, or client_id and client_secret in the
   * body, not both. Wrong or missing credentials are 401 invalid_client (5.2).
   */
  private client(
    label: string,
    authorization: string | undefined,
    form: URLSearchParams,
  ): { id: string } | { refusal: Reply } {
    const basic = /^Basic (\S+)$/i.exec(authorization ?? '');
    if (basic && form.has('client_secret')) {
      this.violations.push(`${label} request: the client authenticated twice (RFC 6749 2.3)`);
      return { refusal: oauthError(400, 'invalid_request') };
    }
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    if (basic) {
      const decoded = Buffer.from(basic[1] ?? '', 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      [id, secret] =
        colon < 0
          ? [null, null]
          : [formDecoded(decoded.slice(0, colon)), formDecoded(decoded.slice(colon + 1))];
    }
    if (id === this.state.applicationId && secret === this.clientSecret) return { id };
    const refusal = oauthError(401, 'invalid_client');
    if (basic)
      refusal.headers = { ...refusal.headers, 'WWW-Authenticate': 'Basic realm="discord"' };
    return { refusal };
  }

  /** The token endpoint's grants (RFC 6749 4.1.3 and 6); a success as 5.1 says. */
  private token(label: string, form: URLSearchParams, clientId: string): Reply {
    const fault = (what: string, description: string) => {
      this.violations.push(`${label} request: ${what}`);
      return oauthError(400, 'invalid_request', description);
    };
    const type = form.get('grant_type');
    let outcome: Grant | Refused;
    if (type === 'authorization_code') {
      const code = form.get('code');
      const redirectUri = form.get('redirect_uri');
      const verifier = form.get('code_verifier');
      if (!code) return fault('no code', 'Missing "code" in request.');
      if (!redirectUri) return fault('no redirect_uri', 'Missing "redirect_uri" in request.');
      if (!verifier)
        return fault('no code_verifier: Tally must use PKCE', 'Missing "code_verifier"');
      if (!VERIFIER.test(verifier)) {
        this.violations.push(
          `${label} request: code_verifier is not 43–128 unreserved characters (RFC 7636 4.1)`,
        );
      }
      outcome = this.grants.redeem(code, clientId, redirectUri, verifier);
    } else if (type === 'refresh_token') {
      const refresh = form.get('refresh_token');
      if (!refresh) return fault('no refresh_token', 'Missing "refresh_token" in request.');
      const scope = form.get('scope');
      outcome = this.grants.refresh(
        refresh,
        clientId,
        scope === null ? undefined : scope.split(' ').filter((s) => s !== ''),
      );
    } else {
      this.violations.push(`${label} request: grant_type ${type ?? '(none)'}`);
      return oauthError(400, 'unsupported_grant_type');
    }
    if ('error' in outcome) return oauthError(400, outcome.error, outcome.description);
    return {
      status: 200,
      body: {
        access_token: outcome.accessToken,
        token_type: 'Bearer',
        expires_in: outcome.expiresIn,
        refresh_token: outcome.refreshToken,
        scope: outcome.scopes.join(' '),
      },
      headers: NO_STORE,
    };
  }

  /** RFC 7009 2.1–2.2: 200 whether or not the token was one; its whole grant is revoked. */
  private revokeToken(label: string, form: URLSearchParams, clientId: string): Reply {
    const token = form.get('token');
    if (!token) {
      this.violations.push(`${label} request: no token`);
      return oauthError(400, 'invalid_request', 'Missing "token" in request.');
    }
    this.grants.revokeToken(token, clientId);
    return { status: 200, body: {} };
  }
}

/** RFC 6749 2.3.1: Basic credentials are form-encoded before they are joined. */
function formDecoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
