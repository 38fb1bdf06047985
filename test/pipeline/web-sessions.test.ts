import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  beginSignIn,
  closeSession,
  openSession,
  SESSION_TIMES,
  sessionOf,
  takeSignIn,
} from '../../src/pipeline/web-sessions';
import { safeReturnPath } from '../../src/web/dashboard/session';
import { createTestContext } from '../support/context';

/** Sign-in with Discord's sessions on a moved clock: idle and absolute ends, one-time states. */
let world: Awaited<ReturnType<typeof createTestContext>>;
const start = new Date('2026-11-01T12:00:00.000Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const tokens = { accessToken: 'a', refreshToken: 'r', expiresAt: at(7 * 86_400_000) };
const user = { id: '123456789012345678', name: 'Ada' };

beforeAll(async () => {
  world = await createTestContext();
});
afterAll(async () => {
  await world?.close();
});

describe('sessions', () => {
  it('stores only the hash of the id: the row never holds what the cookie holds', async () => {
    world.setNow(start);
    const { id, session } = await openSession(world.ctx, user, tokens);
    expect(session.idHash).not.toContain(id);
    expect(session.idHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await sessionOf(world.ctx, id))?.userId).toBe(user.id);
  });

  it('ends after the idle time without a request, and a request within it keeps it', async () => {
    world.setNow(start);
    const { id } = await openSession(world.ctx, user, tokens);
    world.setNow(at(SESSION_TIMES.idleMs - 1000));
    expect(await sessionOf(world.ctx, id)).not.toBeNull(); // seen again: idle counts from here
    world.setNow(at(2 * SESSION_TIMES.idleMs - 2000));
    expect(await sessionOf(world.ctx, id)).not.toBeNull();
    world.setNow(at(3 * SESSION_TIMES.idleMs));
    expect(await sessionOf(world.ctx, id)).toBeNull();
  });

  it('ends at the absolute time however active it is', async () => {
    world.setNow(start);
    const { id } = await openSession(world.ctx, user, tokens);
    for (let t = 0; t < SESSION_TIMES.absoluteMs; t += SESSION_TIMES.idleMs / 2) {
      world.setNow(at(t));
      expect(await sessionOf(world.ctx, id), `at ${t}`).not.toBeNull();
    }
    world.setNow(at(SESSION_TIMES.absoluteMs + 1));
    expect(await sessionOf(world.ctx, id)).toBeNull();
  });

  it('sign-out ends it for every copy of the cookie', async () => {
    world.setNow(start);
    const { id } = await openSession(world.ctx, user, tokens);
    await closeSession(world.ctx, id);
    expect(await sessionOf(world.ctx, id)).toBeNull();
  });

  it('opens nothing for an unknown, empty or oversized id', async () => {
    for (const id of ['', 'nope', 'x'.repeat(5000)])
      expect(await sessionOf(world.ctx, id)).toBeNull();
  });
});

describe('sign-ins in flight', () => {
  it('a state is taken once; a second take, or one after ten minutes, finds nothing', async () => {
    world.setNow(start);
    await beginSignIn(world.ctx, { state: 's1', codeVerifier: 'v1', returnTo: '/dashboard/1' });
    expect(await takeSignIn(world.ctx, 's1')).toEqual({
      codeVerifier: 'v1',
      returnTo: '/dashboard/1',
    });
    expect(await takeSignIn(world.ctx, 's1')).toBeNull();
    await beginSignIn(world.ctx, { state: 's2', codeVerifier: 'v2', returnTo: '/dashboard' });
    world.setNow(at(SESSION_TIMES.signInMs + 1));
    expect(await takeSignIn(world.ctx, 's2')).toBeNull();
  });

  it('two callbacks racing with one state: exactly one gets it', async () => {
    world.setNow(start);
    await beginSignIn(world.ctx, { state: 'race', codeVerifier: 'v', returnTo: '/dashboard' });
    const taken = await Promise.all([takeSignIn(world.ctx, 'race'), takeSignIn(world.ctx, 'race')]);
    expect(taken.filter(Boolean)).toHaveLength(1);
  });
});

describe('the return path after sign-in', () => {
  const base = 'https://tally.example';
  it.each([
    ['/dashboard/123', '/dashboard/123'],
    ['/boards/guild:1/ladder?season=2', '/boards/guild:1/ladder?season=2'],
    ['/dashboard', '/dashboard'],
    ['https://evil.example/dashboard', '/dashboard'],
    ['//evil.example/dashboard', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/dashboard/../../v1/boards', '/dashboard'],
    ['/v1/boards', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['/dashboard\n/x', '/dashboard'],
    ['/dashboard/%2F%2Fevil', '/dashboard/%2F%2Fevil'],
    ['', '/dashboard'],
  ])('%j → %j', (raw, expected) => {
    expect(safeReturnPath(raw, base)).toBe(expected);
  });
  it('takes nothing but a string', () => {
    expect(safeReturnPath(['/dashboard/1'], base)).toBe('/dashboard');
    expect(safeReturnPath(undefined, base)).toBe('/dashboard');
  });
});
