import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLogLevel } from '../../src/log';
import { cast, role } from '../support/cast';
import { DashboardBrowser, signInEnv, textOf } from '../support/dashboard';
import { MANAGE_SERVER, startDiscordWorld, type DiscordWorld } from '../support/discord-world';

/**
 * What guards the dashboard besides the forms' tokens (dashboard.test.ts): the headers of every
 * answer, the sign-in limit, Discord tokens refreshed and revoked, and permissions that follow
 * Discord within a request when they change.
 */
const managers = role('Managers', { permissions: MANAGE_SERVER });
const arena = cast();
arena.server.roles.push(managers);
arena.admin.roles = [managers.id];

let world: DiscordWorld;
beforeAll(async () => {
  world = await startDiscordWorld({
    guilds: [arena.server],
    env: signInEnv,
    dashboard: { limits: { signInsPerMinute: 12 } },
  });
  await world.tally.owner(`guild:${arena.server.id}`);
});
afterAll(async () => {
  await world?.tally.close();
  await world?.fake.close();
});

const browser = () => new DashboardBrowser(world.tally, world.fake);
const inFake = (id: string) =>
  world.fake.guilds.flatMap((g) => g.members).find((m) => m.id === id)!;

describe('the dashboard, guarded', () => {
  it('sends every page uncached, unframable, with no script allowed and the referrer kept on this site', async () => {
    const b = browser();
    await b.signIn(arena.admin.id);
    for (const path of [
      '/dashboard',
      `/dashboard/${arena.server.id}`,
      `/dashboard/${arena.server.id}/keys`,
      '/dashboard/nothing/here',
    ]) {
      const page = await b.request('GET', path);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("form-action 'self'");
      expect(csp, path).not.toMatch(/script-src/);
      expect(page.headers.get('cache-control'), path).toBe('no-store');
      expect(page.headers.get('referrer-policy'), path).toBe('same-origin');
      expect(page.headers.get('x-frame-options'), path).toBe('DENY');
      expect(page.html, path).not.toMatch(/<script/i);
    }
  });

  it('gives a member who was just given Manage Server in Discord what it allows, without signing in again', async () => {
    const b = browser();
    await b.signIn(arena.bob.id);
    expect((await b.get(`/dashboard/${arena.server.id}/keys`)).status).toBe(403); // read and cached
    inFake(arena.bob.id).roles = [managers.id];
    const page = await b.get(`/dashboard/${arena.server.id}/keys`); // refused from the cache, read again
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toContain('Mint a key');
    inFake(arena.bob.id).roles = [];
  });

  it('refreshes an expired Discord token on its own and keeps the member signed in', async () => {
    world.fake.oauth.tokenLifetimeSeconds = 30; // expires within the minute Tally allows
    const b = browser();
    world.fake.oauth.signInAs(arena.admin.id);
    const start = await b.request('GET', '/auth/sign-in');
    const consent = await b.request('GET', start.location!);
    await b.request('GET', consent.location!); // signed in; nothing read from Discord yet
    world.fake.oauth.tokenLifetimeSeconds = 604_800;
    const tokenCalls = () =>
      world.fake.requests.filter((r) => r.method === 'POST' && r.path === '/oauth2/token').length;
    const refreshes = tokenCalls();
    const page = await b.get(`/dashboard/${arena.server.id}/keys`);
    expect(page.status).toBe(200);
    expect(tokenCalls()).toBe(refreshes + 1);
  });

  it('a revoked Discord grant ends the session with a page saying to sign in again', async () => {
    const b = browser();
    await b.signIn(arena.carol.id);
    world.fake.oauth.revoke(arena.carol.id);
    // A server missing from the cached list is read again from Discord, which refuses the token.
    const page = await b.get('/dashboard/123456789012345678');
    expect(page.status).toBe(401);
    expect(textOf(page.html)).toContain('Discord no longer accepts this sign-in');
    expect(b.cookies.has('tally_session')).toBe(false);
    const after = await b.request('GET', `/dashboard/${arena.server.id}`);
    expect(after.location).toMatch(/^\/auth\/sign-in/);
  });

  it('sign-out revokes the Discord grant as well as the session', async () => {
    const b = browser();
    await b.signIn(arena.alice.id);
    await b.get('/dashboard');
    await b.post('/auth/sign-out', {});
    const revoked = world.fake.requests.some((r) => r.path.startsWith('/oauth2/token/revoke'));
    expect(revoked).toBe(true);
  });

  it('puts no session id, code, state or token in a log line or a URL Tally makes', async () => {
    const lines: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    setLogLevel('debug');
    try {
      const b = browser();
      world.fake.oauth.signInAs(arena.alice.id);
      const start = await b.request('GET', '/auth/sign-in');
      const consent = await b.request('GET', start.location!);
      const callback = await b.request('GET', consent.location!);
      await b.get('/dashboard');
      await b.post('/auth/sign-out', {});
      const id = b.cookies.get('tally_session') ?? '';
      const callbackUrl = new URL(consent.location!);
      const secrets = [
        callbackUrl.searchParams.get('code')!,
        callbackUrl.searchParams.get('state')!,
        world.fake.clientSecret,
        ...(id ? [id] : []),
      ];
      expect(callback.location).toBe('/dashboard');
      expect(lines.length).toBeGreaterThan(0); // the sign-in was logged
      for (const secret of secrets) {
        expect(lines.join('\n')).not.toContain(secret);
        expect(start.location).not.toContain(world.fake.clientSecret);
      }
    } finally {
      setLogLevel(world.tally.config.logLevel);
      write.mockRestore();
    }
  });

  it('limits sign-ins per address and says when to try again', async () => {
    const b = browser();
    let last = await b.request('GET', '/auth/sign-in');
    for (let i = 0; i < 20 && last.status !== 429; i++)
      last = await b.request('GET', '/auth/sign-in');
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(textOf(last.html)).toContain('Too many requests');
  });
});
