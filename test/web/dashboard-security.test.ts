import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLogLevel } from '../../src/log';
import { FRESH_MIN_MS } from '../../src/web/dashboard/member-access';
import { listKeys } from '../../src/pipeline/keys';
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
const elsewhere = cast({ name: 'Elsewhere' });
const outsider = elsewhere.alice;
arena.server.roles.push(managers);
arena.admin.roles = [managers.id];

let world: DiscordWorld;
beforeAll(async () => {
  world = await startDiscordWorld({
    guilds: [arena.server, elsewhere.server],
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
/** Tally's clock moved on by `ms` (Discord's own clock is not: its tokens keep their times). */
let skew = 0;
const later = (ms: number) => {
  skew += ms;
  world.tally.ctx.now = () => new Date(Date.now() + skew);
};
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
    // Within ten seconds of the last read Discord is not asked again (no member can make Tally
    // flood it); after that a refusal from the cache reads again.
    expect((await b.get(`/dashboard/${arena.server.id}/keys`)).status).toBe(403);
    later(FRESH_MIN_MS + 1000);
    const page = await b.get(`/dashboard/${arena.server.id}/keys`);
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
    later(FRESH_MIN_MS + 1000);
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

  it('asks Discord at most once in ten seconds however often a member refreshes a refused page', async () => {
    const b = browser();
    await b.signIn(arena.visitor.id);
    const reads = () => world.fake.requests.filter((r) => r.path === '/users/@me/guilds').length;
    const before = reads();
    for (let i = 0; i < 15; i++) {
      const page = await b.get(`/dashboard/${100000000000000000n + BigInt(i)}`);
      expect(page.status).toBe(403);
    }
    expect(reads() - before).toBeLessThanOrEqual(1);
  });

  it('decides a change on a fresh read: a manager whose role was taken a moment ago cannot mint a key', async () => {
    const b = browser();
    inFake(arena.carol.id).roles = [managers.id];
    await b.signIn(arena.carol.id);
    expect((await b.get(`/dashboard/${arena.server.id}/keys`)).status).toBe(200); // cached: manager
    inFake(arena.carol.id).roles = [];
    const minted = await b.post(`/dashboard/${arena.server.id}/keys`, {
      label: 'parting gift',
      access: 'read',
    });
    expect(minted.status).toBe(403);
    expect(textOf(minted.html)).toContain('needs the Manage Server permission');
    const listed = await listKeys(world.tally.ctx, `guild:${arena.server.id}`);
    expect(listed.some((k) => k.label === 'parting gift')).toBe(false);
  });

  it('reads no upload from a stranger to the server or one bigger than an entry may be', async () => {
    const gallery = await world.tally.board({
      ownerId: `guild:${arena.server.id}`,
      type: 'Rating',
      name: 'Gallery',
    });
    const path = `/dashboard/${arena.server.id}/contest/${gallery.id}/entries`;
    const big = { data: new Uint8Array(11 * 1024 * 1024), filename: 'big.png', type: 'image/png' };
    const member = browser();
    await member.signIn(arena.alice.id);
    await member.get(`/dashboard/${arena.server.id}/contest/${gallery.id}`);
    const tooBig = await member.upload(path, { title: 'Huge', image: big });
    expect(tooBig.status).toBe(422);
    expect(textOf(tooBig.html)).toContain('too large');
    const stranger = browser();
    await stranger.signIn(outsider.id);
    const refused = await stranger.upload(path, { title: 'Spam', image: big }, { csrf: 'x' });
    expect(refused.status).toBe(403);
    expect(textOf(refused.html)).toContain('not a member of this server');
    const entries = await world.tally.ctx.repos.contests.entries(gallery.pk, ['live', 'pending']);
    expect(entries).toHaveLength(0);
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
