import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownedBoard } from '../../src/pipeline/board-reads';
import { contestSettingsOf } from '../../src/pipeline/contests';
import { rankRolesOf } from '../../src/pipeline/rank-roles';
import { cast, role } from '../support/cast';
import { DashboardBrowser, signInEnv, textOf } from '../support/dashboard';
import { MANAGE_SERVER, startDiscordWorld, type DiscordWorld } from '../support/discord-world';

/**
 * The dashboard over HTTP with the real bot and the fake Discord's OAuth2: sign-in, who may
 * open what, and the forged, replayed and expired requests a hostile visitor would try.
 */
const managers = role('Managers', { permissions: MANAGE_SERVER });
const arena = cast({ members: { admin: {} } });
arena.server.roles.push(managers);
arena.admin.roles = [...(arena.admin.roles ?? []), managers.id];
const other = cast({ name: 'Elsewhere' });

let world: DiscordWorld;
beforeAll(async () => {
  world = await startDiscordWorld({
    guilds: [arena.server, other.server],
    env: signInEnv,
    dashboard: { limits: { signInsPerMinute: 1000 } },
  });
  await world.tally.owner(`guild:${arena.server.id}`);
});
afterAll(async () => {
  await world?.tally.close();
  await world?.fake.close();
});

const browser = () => new DashboardBrowser(world.tally, world.fake);

describe('sign-in', () => {
  it('signs a member in through Discord and lists their servers that have boards', async () => {
    const b = browser();
    const page = await b.signIn(arena.alice.id);
    expect(page.status).toBe(200);
    expect(page.path).toBe('/dashboard');
    expect(textOf(page.html)).toContain('Signed in as Alice G');
    expect(textOf(page.html)).toContain('Arena');
    expect(textOf(page.html)).not.toContain('Elsewhere');
    const cookie = [...b.cookies.keys()];
    expect(cookie).toEqual(['tally_session']);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and never puts it in a URL', async () => {
    const b = browser();
    world.fake.oauth.signInAs(arena.bob.id);
    const start = await b.request('GET', '/auth/sign-in');
    expect(start.status).toBe(303);
    const consent = await b.request('GET', start.location!);
    const callback = await b.request('GET', consent.location!);
    const set = callback.headers.getSetCookie().find((c) => c.startsWith('tally_session='))!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(callback.location).toBe('/dashboard');
    expect(callback.location).not.toContain(b.cookies.get('tally_session')!);
  });

  it('refuses a replayed state: the second callback with the same code and state signs nobody in', async () => {
    const b = browser();
    world.fake.oauth.signInAs(arena.bob.id);
    const start = await b.request('GET', '/auth/sign-in');
    const stateCookie = b.cookies.get('tally_sign_in')!;
    const consent = await b.request('GET', start.location!);
    const first = await b.request('GET', consent.location!);
    expect(first.status).toBe(303);
    const attacker = browser();
    attacker.cookies.set('tally_sign_in', stateCookie);
    const replay = await attacker.request('GET', consent.location!);
    expect(replay.status).toBe(400);
    expect(textOf(replay.html)).toContain('already used or has expired');
    expect(attacker.cookies.has('tally_session')).toBe(false);
  });

  it('refuses a callback that did not start in this browser (login CSRF)', async () => {
    const victim = browser();
    const attacker = browser();
    world.fake.oauth.signInAs(arena.visitor.id);
    const start = await attacker.request('GET', '/auth/sign-in');
    const consent = await attacker.request('GET', start.location!);
    const page = await victim.request('GET', consent.location!);
    expect(page.status).toBe(400);
    expect(victim.cookies.has('tally_session')).toBe(false);
  });

  it('returns only to a path on this site', async () => {
    for (const foreign of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '/dashboard/../../x',
      'javascript:alert(1)',
    ]) {
      const b = browser();
      const page = await b.signIn(arena.alice.id, foreign);
      expect(page.path, foreign).toBe('/dashboard');
    }
    const b = browser();
    const page = await b.signIn(arena.alice.id, `/dashboard/${arena.server.id}`);
    expect(page.path).toBe(`/dashboard/${arena.server.id}`);
  });

  it('sends a signed-out visitor of a dashboard page to sign in, and back', async () => {
    const b = browser();
    world.fake.oauth.signInAs(arena.alice.id);
    const page = await b.get(`/dashboard/${arena.server.id}`);
    expect(page.path).toBe(`/dashboard/${arena.server.id}`);
    expect(textOf(page.html)).toContain('Boards');
  });

  it('a cancelled consent signs nobody in and says so', async () => {
    const b = browser();
    world.fake.oauth.deny();
    const page = await b.get('/auth/sign-in');
    expect(page.status).toBe(403);
    expect(textOf(page.html)).toContain('Sign-in cancelled');
    expect(b.cookies.has('tally_session')).toBe(false);
  });

  it('sign-out ends the session: the old cookie opens nothing', async () => {
    const b = browser();
    await b.signIn(arena.alice.id);
    const cookie = b.cookies.get('tally_session')!;
    const out = await b.post('/auth/sign-out', {});
    expect(out.status).toBe(303 === out.status ? 303 : out.status);
    const thief = browser();
    thief.cookies.set('tally_session', cookie);
    const page = await thief.request('GET', `/dashboard/${arena.server.id}`);
    expect(page.status).toBe(303);
    expect(page.location).toMatch(/^\/auth\/sign-in/);
  });
});

describe('permissions', () => {
  it("refuses a member of another server the server's dashboard, saying why", async () => {
    const b = browser();
    await b.signIn(other.alice.id);
    const page = await b.get(`/dashboard/${arena.server.id}`);
    expect(page.status).toBe(403);
    expect(textOf(page.html)).toContain('not a member of this server');
  });

  it('lets a manager create a board, and refuses a member with why, changing nothing', async () => {
    const admin = browser();
    await admin.signIn(arena.admin.id);
    await admin.get(`/dashboard/${arena.server.id}`);
    const created = await admin.post(`/dashboard/${arena.server.id}/boards`, {
      id: 'ladder',
      name: 'Ladder',
      type: 'ELO',
      windowHours: '0',
    });
    expect(created.status).toBe(200);
    expect(created.path).toBe(`/dashboard/${arena.server.id}/boards/ladder`);
    expect(textOf(created.html)).toContain('Board created.');
    const api = await world.tally.request('GET', `/boards/guild:${arena.server.id}/ladder`);
    expect(api.status).toBe(200);

    const member = browser();
    await member.signIn(arena.carol.id);
    await member.get(`/dashboard/${arena.server.id}`);
    const refused = await member.post(`/dashboard/${arena.server.id}/boards`, {
      id: 'sneaky',
      type: 'Classic',
    });
    expect(refused.status).toBe(403);
    expect(textOf(refused.html)).toContain('needs the Manage Server permission');
    const none = await world.tally.request('GET', `/boards/guild:${arena.server.id}/sneaky`);
    expect(none.status).toBe(404);
  });

  it('refuses a forged POST: no CSRF token, a wrong one, or another origin', async () => {
    const admin = browser();
    await admin.signIn(arena.admin.id);
    await admin.get(`/dashboard/${arena.server.id}`);
    const path = `/dashboard/${arena.server.id}/boards`;
    const form = { id: 'forged', type: 'Classic' };
    expect((await admin.post(path, form, { csrf: null })).status).toBe(403);
    expect((await admin.post(path, form, { csrf: 'x'.repeat(43) })).status).toBe(403);
    expect((await admin.post(path, form, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await admin.post(path, form, { origin: null })).status).toBe(403);
    const none = await world.tally.request('GET', `/boards/guild:${arena.server.id}/forged`);
    expect(none.status).toBe(404);
  });

  it('a POST with no session is refused with a way to sign in', async () => {
    const b = browser();
    const page = await b.post(
      `/dashboard/${arena.server.id}/boards`,
      { id: 'nobody', type: 'Classic' },
      { csrf: 'x' },
    );
    expect(page.status).toBe(401);
    expect(textOf(page.html)).toContain('Sign in with Discord');
  });

  it("an admin picks the audit channel from the server's channels: the bot posts the lines there; a channel of another server is refused", async () => {
    const admin = browser();
    await admin.signIn(arena.admin.id);
    await admin.get(`/dashboard/${arena.server.id}/audit`);
    const foreign = await admin.post(`/dashboard/${arena.server.id}/audit`, {
      channel: other.general.id,
    });
    expect(foreign.status).toBe(422);
    expect(textOf(foreign.html)).toContain("not one of Arena's text channels");
    const saved = await admin.post(`/dashboard/${arena.server.id}/audit`, {
      channel: arena.modQueue.id,
    });
    expect(textOf(saved.html)).toContain('Saved.');
    const posted = await world.fake.waitForRequest(
      (r) => r.method === 'POST' && r.path === `/channels/${arena.modQueue.id}/messages`,
      15_000,
    );
    expect(JSON.stringify(posted.body)).toContain(arena.admin.id); // "audit lines now go here, set by …"
  });

  it("a manager sets a contest up and a board's rank role rules from its settings page, as /contest settings and /roles settings do", async () => {
    const admin = browser();
    await admin.signIn(arena.admin.id);
    await admin.get(`/dashboard/${arena.server.id}`);
    await admin.post(`/dashboard/${arena.server.id}/boards`, {
      id: 'sky',
      name: 'Sky',
      type: 'Rating',
      windowHours: '0',
    });
    const path = `/dashboard/${arena.server.id}/boards/sky`;
    const page = await admin.get(path);
    expect(textOf(page.html)).toContain('Contest');
    const saved = await admin.post(path, {
      section: 'contest',
      channel: arena.general.id,
      entriesPerMember: '2',
      approval: 'on',
      submissions: 'open',
      voting: 'until',
      votingUntil: '2099-01-31T18:00',
      minVotes: '4',
    });
    expect(textOf(saved.html)).toContain('Saved.');
    const ownerId = `guild:${arena.server.id}`;
    const sky = await ownedBoard(world.tally.ctx, ownerId, 'sky');
    const contest = await contestSettingsOf(world.tally.ctx, sky);
    expect(contest).toMatchObject({
      channelId: arena.general.id,
      entriesPerMember: 2,
      approval: true,
      submissionsUntil: null,
      minVotes: 4,
    });
    expect(contest.votingUntil?.toISOString()).toBe('2099-01-31T18:00:00.000Z');
    const bad = await admin.post(path, {
      section: 'contest',
      voting: 'until',
      votingUntil: 'soon',
    });
    expect(bad.status).toBe(422);
    expect(textOf(bad.html)).toContain('voting: pick open, closed, or a date and time (UTC)');

    await admin.post(`/dashboard/${arena.server.id}/boards`, {
      id: 'elo',
      type: 'ELO',
      windowHours: '0',
    });
    const rules = await admin.post(`/dashboard/${arena.server.id}/boards/elo`, {
      section: 'role-settings',
      minGames: '5',
      stack: 'on',
    });
    expect(textOf(rules.html)).toContain('Saved.');
    const elo = await ownedBoard(world.tally.ctx, ownerId, 'elo');
    expect((await rankRolesOf(world.tally.ctx, elo)).settings).toMatchObject({
      minGames: 5,
      stack: true,
    });
  });
});
