import { createHash, randomBytes } from 'node:crypto';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guild, member, role } from '../support/cast';
import { FakeDiscord, snowflake } from '../support/fake-discord';

/**
 * The fake Discord as the authorization server of "Sign in with Discord": the code flow with
 * PKCE S256 and `state` over plain fetch (authorize → code → token → the three reads), refused
 * as Discord and RFC 6749 refuse (wrong redirect, wrong secret, spent or expired codes, PKCE
 * mismatch, rotated refresh tokens, expired or revoked tokens, missing scopes), and the reads
 * computed from the servers as they are now, each answer held against Discord's description.
 */
const APP = snowflake();
const TOKEN = 'fake-bot-token';
const REDIRECT = 'http://127.0.0.1:9/auth/discord/callback';
const SCOPES = 'identify guilds guilds.members.read';
const MANAGE_GUILD = PermissionFlagsBits.ManageGuild;
const EVERYONE_BITS = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages;
/** Every permission Discord defines: what the owner and an Administrator are shown. */
const ALL = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

const managers = role('Managers', { position: 2, permissions: String(MANAGE_GUILD) });
const admins = role('Admins', {
  position: 3,
  permissions: String(PermissionFlagsBits.Administrator),
});
const alice = member('alice', { globalName: 'Alice G', roles: [managers.id] });
const bob = member('bob', { roles: [admins.id] });
const carol = member('carol');
const dave = member('dave');
/** Owned by the bot: @everyone may view and send; alice manages, bob administers. */
const arena = guild({ name: 'Arena', members: [alice, bob, carol], roles: [managers, admins] });
arena.roles.push({ id: arena.id, name: '@everyone', permissions: String(EVERYONE_BITS) });
/** Alice's own server. */
const lobby = guild({ name: 'Lobby', members: [alice], ownerId: alice.id });

let fake: FakeDiscord;
beforeEach(async () => {
  fake = await FakeDiscord.start({
    applicationId: APP,
    token: TOKEN,
    guilds: [arena, lobby],
    users: [dave],
  });
  fake.oauth.allowRedirect(REDIRECT);
});
afterEach(async () => {
  await fake.close(); // fails the test on any violation left untaken
});

/** A PKCE pair (RFC 7636 4.1–4.2). */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorize request a browser would make; the redirect is not followed. */
function authorize(params: Record<string, string | undefined> = {}) {
  const url = new URL(`${fake.apiUrl}/oauth2/authorize`);
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: APP,
    redirect_uri: REDIRECT,
    scope: SCOPES,
    state: 'st-1',
    code_challenge_method: 'S256',
    prompt: 'none',
    ...params,
  };
  for (const [name, value] of Object.entries(all)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return fetch(url, { redirect: 'manual' });
}

/** Authorizes with a fresh PKCE pair; the code and the verifier. */
async function codeFor(params: Record<string, string | undefined> = {}) {
  const { verifier, challenge } = pkce();
  const res = await authorize({ code_challenge: challenge, ...params });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  return { code: back.searchParams.get('code') ?? '', verifier, back };
}

/** A token request with the client's secret in HTTP Basic (or as `secret` says). */
async function token(
  form: Record<string, string>,
  auth: { basic?: string; body?: boolean } = { basic: fake.clientSecret },
) {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
  };
  if (auth.basic !== undefined) {
    headers.authorization = `Basic ${Buffer.from(`${APP}:${auth.basic}`).toString('base64')}`;
  }
  const body = new URLSearchParams(
    auth.body ? { ...form, client_id: APP, client_secret: fake.clientSecret } : form,
  );
  const res = await fetch(`${fake.apiUrl}/oauth2/token`, { method: 'POST', headers, body });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown>,
  };
}

/** Signs the person in all the way; the token answer. */
async function signIn(params: Record<string, string | undefined> = {}) {
  const { code, verifier } = await codeFor(params);
  const answer = await token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
  });
  expect(answer.status).toBe(200);
  return answer.body as { access_token: string; refresh_token: string; scope: string };
}

/** A read with a Bearer token: status and JSON body. */
async function read(accessToken: string, path: string) {
  const res = await fetch(`${fake.apiUrl}/v10${path}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return { status: res.status, body: (await res.json()) as unknown };
}
type PartialGuild = { id: string; name: string; owner: boolean; permissions: string };
const guildsOf = async (accessToken: string) =>
  (await read(accessToken, '/users/@me/guilds')).body as PartialGuild[];
const UNAUTHORIZED = { status: 401, body: { message: '401: Unauthorized', code: 0 } };

describe('the code flow', () => {
  it('signs a person in: code and state back, a token, then who they are, their servers and membership, each answer held to the description', async () => {
    fake.oauth.signInAs(alice.id);
    const { code, verifier, back } = await codeFor();
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-1');

    const answer = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 604_800,
      refresh_token: expect.any(String),
      scope: SCOPES,
    });
    const bearer = answer.body.access_token as string;

    const before = { ...fake.checked };
    expect(await read(bearer, '/users/@me')).toMatchObject({
      status: 200,
      body: { id: alice.id, username: 'alice', global_name: 'Alice G' },
    });
    expect(await guildsOf(bearer)).toEqual(
      [arena, lobby]
        .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
        .map((g) => expect.objectContaining({ id: g.id, name: g.name })),
    );
    expect(await read(bearer, `/users/@me/guilds/${arena.id}/member`)).toMatchObject({
      status: 200,
      body: { user: { id: alice.id }, roles: [managers.id] },
    });
    expect(fake.checked.requests - before.requests).toBe(3);
    expect(fake.checked.responses - before.responses).toBe(3);
    expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /oauth2/authorize 302',
      'POST /oauth2/token 200',
      'GET /users/@me 200',
      'GET /users/@me/guilds 200',
      `GET /users/@me/guilds/${arena.id}/member 200`,
    ]);
  });

  it('takes the client secret in the body as well as by HTTP Basic, and the token endpoint under /api/v10', async () => {
    fake.oauth.signInAs(carol.id);
    const { code, verifier } = await codeFor();
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    };
    const res = await fetch(`${fake.apiUrl}/v10/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, client_id: APP, client_secret: fake.clientSecret }),
    });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong client secret with 401 invalid_client, by Basic or in the body', async () => {
    fake.oauth.signInAs(alice.id);
    const { code, verifier } = await codeFor();
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    };
    const basic = await token(form, { basic: 'not-the-secret' });
    expect(basic).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(basic.headers.get('www-authenticate')).toMatch(/^Basic/);
    const inBody = await fetch(`${fake.apiUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, client_id: APP, client_secret: 'nope' }),
    });
    expect(inBody.status).toBe(401);
    expect(await inBody.json()).toEqual({ error: 'invalid_client' });
    // The code was never presented by the client: it still works.
    expect((await token(form)).status).toBe(200);
  });

  it('refuses a verifier that does not hash to the challenge, and the code is spent', async () => {
    fake.oauth.signInAs(alice.id);
    const { code, verifier } = await codeFor();
    const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT };
    const wrong = await token({ ...form, code_verifier: pkce().verifier });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    expect((await token({ ...form, code_verifier: verifier })).body.error).toBe('invalid_grant');
  });

  it('refuses a code used twice and revokes the tokens issued from it (RFC 6749 4.1.2)', async () => {
    fake.oauth.signInAs(alice.id);
    const { code, verifier } = await codeFor();
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    };
    const first = await token(form);
    const bearer = first.body.access_token as string;
    expect((await read(bearer, '/users/@me')).status).toBe(200);
    expect(await token(form)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await read(bearer, '/users/@me')).toEqual(UNAUTHORIZED);
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token as string,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('refuses an unregistered redirect_uri at authorize (an error page, no redirect) and a different one at the token step', async () => {
    fake.oauth.signInAs(alice.id);
    const page = await authorize({
      redirect_uri: 'https://evil.example/cb',
      code_challenge: pkce().challenge,
    });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toMatch(/invalid.*redirect_uri/i);

    const other = 'http://127.0.0.1:9/other';
    fake.oauth.allowRedirect(other);
    const { code, verifier } = await codeFor();
    const answer = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: other,
      code_verifier: verifier,
    });
    expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses a code that waited too long', async () => {
    fake.oauth.signInAs(alice.id);
    fake.oauth.codeLifetimeSeconds = 0;
    const { code, verifier } = await codeFor();
    const answer = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(answer.body.error).toBe('invalid_grant');
  });

  it('sends the person back with access_denied and the state when they refuse', async () => {
    fake.oauth.signInAs(alice.id);
    fake.oauth.deny();
    const { back } = await codeFor();
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('answers 400 when nobody is signed in, and refuses to sign in a bot or a stranger', async () => {
    const res = await authorize({ code_challenge: pkce().challenge });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/nobody is signed in to the fake Discord/);
    expect(() => fake.oauth.signInAs(snowflake())).toThrow(/no person/);
    expect(() => fake.oauth.signInAs(APP)).toThrow(/no person/);
  });

  it('records a violation for an authorize request without PKCE S256 or state, or with an unknown scope', async () => {
    fake.oauth.signInAs(alice.id);
    expect((await authorize({ state: undefined, code_challenge: pkce().challenge })).status).toBe(
      302,
    );
    const plain = await authorize({
      code_challenge: pkce().verifier,
      code_challenge_method: 'plain',
    });
    expect(new URL(plain.headers.get('location') ?? '').searchParams.get('error')).toBe(
      'invalid_request',
    );
    const noPkce = await authorize({ code_challenge_method: undefined });
    expect(new URL(noPkce.headers.get('location') ?? '').searchParams.has('code')).toBe(true);
    const scoped = await authorize({ scope: 'identify guild', code_challenge: pkce().challenge });
    expect(new URL(scoped.headers.get('location') ?? '').searchParams.get('error')).toBe(
      'invalid_scope',
    );
    expect(fake.takeViolations()).toEqual([
      expect.stringMatching(/no state/),
      expect.stringMatching(/code_challenge_method plain/),
      expect.stringMatching(/no code_challenge/),
      expect.stringMatching(/unknown scope guild$/),
    ]);
  });
});

describe('tokens', () => {
  it('rotates the refresh token: the new pair works, the old refresh token is refused', async () => {
    fake.oauth.signInAs(alice.id);
    const first = await signIn();
    const refresh = { grant_type: 'refresh_token', refresh_token: first.refresh_token };
    const second = await token(refresh);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.scope).toBe(SCOPES);
    expect((await read(second.body.access_token as string, '/users/@me')).status).toBe(200);
    expect(await token(refresh)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses an expired token with 401, and a refresh brings a working one', async () => {
    fake.oauth.signInAs(alice.id);
    fake.oauth.tokenLifetimeSeconds = 0;
    const expired = await signIn();
    expect(await read(expired.access_token, '/users/@me')).toEqual(UNAUTHORIZED);
    fake.oauth.tokenLifetimeSeconds = 3600;
    const renewed = await token({
      grant_type: 'refresh_token',
      refresh_token: expired.refresh_token,
    });
    expect(renewed.body.expires_in).toBe(3600);
    expect((await read(renewed.body.access_token as string, '/users/@me')).status).toBe(200);
  });

  it('refuses every token of a person who took the authorization back, and one revoked by the app', async () => {
    fake.oauth.signInAs(alice.id);
    const hers = await signIn();
    fake.oauth.signInAs(bob.id);
    const his = await signIn();
    fake.oauth.revoke(alice.id);
    expect(await read(hers.access_token, '/users/@me')).toEqual(UNAUTHORIZED);
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: hers.refresh_token })).status,
    ).toBe(400);
    expect((await read(his.access_token, '/users/@me')).status).toBe(200);

    const revoked = await fetch(`${fake.apiUrl}/oauth2/token/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: his.access_token,
        client_id: APP,
        client_secret: fake.clientSecret,
      }),
    });
    expect(revoked.status).toBe(200);
    expect(await read(his.access_token, '/users/@me')).toEqual(UNAUTHORIZED);
  });

  it('refuses a read the token has no scope for with 401', async () => {
    fake.oauth.signInAs(alice.id);
    const { access_token: bearer } = await signIn({ scope: 'identify' });
    expect((await read(bearer, '/users/@me')).status).toBe(200);
    expect(await read(bearer, '/users/@me/guilds')).toEqual(UNAUTHORIZED);
    expect(await read(bearer, `/users/@me/guilds/${arena.id}/member`)).toEqual(UNAUTHORIZED);
  });

  it('keeps Bearer tokens off the bot routes and bot tokens off the Bearer routes', async () => {
    fake.oauth.signInAs(alice.id);
    const { access_token: bearer } = await signIn();
    expect((await read(bearer, `/guilds/${arena.id}`)).status).toBe(401);
    const asBot = await fetch(`${fake.apiUrl}/v10/users/@me/guilds/${arena.id}/member`, {
      headers: { authorization: `Bot ${TOKEN}` },
    });
    expect(asBot.status).toBe(401);
    expect(fake.takeViolations()).toEqual([
      expect.stringMatching(/a bot token, where Discord takes only a Bearer/),
    ]);
  });
});

describe('what the token reads', () => {
  it('computes owner and permissions as Discord does: a role with Manage Server, Administrator, ownership, @everyone', async () => {
    const tokens = new Map<string, string>();
    for (const who of [alice, bob, carol]) {
      fake.oauth.signInAs(who.id);
      tokens.set(who.id, (await signIn()).access_token);
    }
    const on = async (who: { id: string }, g: { id: string }) =>
      (await guildsOf(tokens.get(who.id)!)).find((p) => p.id === g.id);
    expect(await on(alice, arena)).toMatchObject({
      owner: false,
      permissions: String(EVERYONE_BITS | MANAGE_GUILD),
    });
    expect(await on(alice, lobby)).toMatchObject({ owner: true, permissions: String(ALL) });
    expect(await on(bob, arena)).toMatchObject({ owner: false, permissions: String(ALL) });
    expect(await on(carol, arena)).toMatchObject({
      owner: false,
      permissions: String(EVERYONE_BITS),
    });
    expect(await on(carol, lobby)).toBeUndefined();
  });

  it('shows a role taken away, a role deleted and a server left on the next call', async () => {
    fake.oauth.signInAs(alice.id);
    const { access_token: bearer } = await signIn();
    const taken = await fetch(
      `${fake.apiUrl}/v10/guilds/${arena.id}/members/${alice.id}/roles/${managers.id}`,
      {
        method: 'DELETE',
        headers: { authorization: `Bot ${TOKEN}` },
      },
    );
    expect(taken.status).toBe(204);
    const arenaOf = async () => (await guildsOf(bearer)).find((g) => g.id === arena.id);
    expect((await arenaOf())?.permissions).toBe(String(EVERYONE_BITS));
    expect(await read(bearer, `/users/@me/guilds/${arena.id}/member`)).toMatchObject({
      body: { roles: [] },
    });

    fake.oauth.signInAs(bob.id);
    const { access_token: his } = await signIn();
    fake.deleteRole(arena.id, admins.id);
    expect((await guildsOf(his)).find((g) => g.id === arena.id)?.permissions).toBe(
      String(EVERYONE_BITS),
    );

    fake.removeMember(arena.id, alice.id);
    expect(await arenaOf()).toBeUndefined();
    expect(await read(bearer, `/users/@me/guilds/${arena.id}/member`)).toEqual({
      status: 404,
      body: { message: 'Unknown Guild', code: 10004 },
    });
  });

  it('answers 404 Unknown Guild for a server the person is not on, and an empty list to someone on none', async () => {
    fake.oauth.signInAs(carol.id);
    const { access_token: hers } = await signIn();
    expect(await read(hers, `/users/@me/guilds/${lobby.id}/member`)).toEqual({
      status: 404,
      body: { message: 'Unknown Guild', code: 10004 },
    });
    fake.oauth.signInAs(dave.id);
    const { access_token: his } = await signIn();
    expect(await guildsOf(his)).toEqual([]);
    expect(await read(his, '/users/@me')).toMatchObject({ status: 200, body: { id: dave.id } });
  });
});
