import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../support/cast';
import { DashboardBrowser, signInEnv, textOf, type Page } from '../support/dashboard';
import { startDiscordWorld, type DiscordWorld } from '../support/discord-world';

/**
 * The dashboard's cookies by how Tally is served (issue 27 item 1, src/web/dashboard/session.ts):
 * with an https PUBLIC_URL they are Secure and named `__Host-` (Path=/, no Domain), so no
 * subdomain and no plain-http page can plant or read them; with an http PUBLIC_URL (a local
 * deployment) they are plain, or a browser would never send them back. Both Tallies are reached
 * over http on loopback, as a TLS-terminating proxy in front would reach them.
 */
const arena = cast();

let secure: DiscordWorld;
let plain: DiscordWorld;
beforeAll(async () => {
  secure = await startDiscordWorld({
    guilds: [arena.server],
    env: (fake) => {
      fake.oauth.allowRedirect('https://tally.test/auth/callback');
      return { ...signInEnv(fake), PUBLIC_URL: 'https://tally.test' };
    },
    dashboard: { limits: { signInsPerMinute: 1000 } },
  });
  await secure.tally.owner(`guild:${arena.server.id}`);
  plain = await startDiscordWorld({
    guilds: [arena.server],
    env: signInEnv,
    dashboard: { limits: { signInsPerMinute: 1000 } },
  });
  await plain.tally.owner(`guild:${arena.server.id}`);
});
afterAll(async () => {
  for (const world of [secure, plain]) {
    await world?.tally.close();
    await world?.fake.close();
  }
});

/** The Set-Cookie lines of a response for `name`, each as its attributes (lower-cased keys). */
function cookiesNamed(page: Page, name: string) {
  return page.headers
    .getSetCookie()
    .filter((line) => line.startsWith(`${name}=`))
    .map((line) => {
      const [pair = '', ...attributes] = line.split(/;\s*/);
      return {
        value: pair.slice(name.length + 1),
        attributes: new Map(
          attributes.map((a) => {
            const at = a.indexOf('=');
            return at < 0 ? [a.toLowerCase(), ''] : [a.slice(0, at).toLowerCase(), a.slice(at + 1)];
          }),
        ),
      };
    });
}

/** A cookie as the dashboard sets every one: HttpOnly, SameSite=Lax, Path=/, no Domain; Secure as said. */
function expectGuarded(
  cookie: ReturnType<typeof cookiesNamed>[number] | undefined,
  secure: boolean,
) {
  expect(cookie).toBeDefined();
  expect(cookie!.attributes.has('secure')).toBe(secure);
  expect(cookie!.attributes.has('httponly')).toBe(true);
  expect(cookie!.attributes.get('samesite')?.toLowerCase()).toBe('lax');
  expect(cookie!.attributes.get('path')).toBe('/');
  expect(cookie!.attributes.has('domain')).toBe(false);
}

/** A sign-in hop by hop: the start (state cookie), Discord's consent, the callback (session). */
async function signInSteps(world: DiscordWorld) {
  const b = new DashboardBrowser(world.tally, world.fake);
  world.fake.oauth.signInAs(arena.alice.id);
  const start = await b.request('GET', '/auth/sign-in');
  const consent = await b.request('GET', start.location!);
  const callback = await b.request('GET', consent.location!);
  expect(callback.status).toBe(303);
  return { b, start, callback };
}

describe('the session cookie over an https PUBLIC_URL', () => {
  it('is __Host-tally_session: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain; so is the sign-in state cookie', async () => {
    const { b, start, callback } = await signInSteps(secure);
    const [state] = cookiesNamed(start, '__Host-tally_sign_in');
    expect(state?.value).toMatch(/.{20,}/);
    const [session] = cookiesNamed(callback, '__Host-tally_session');
    expect(session?.value).toMatch(/.{20,}/);
    expectGuarded(state, true);
    expectGuarded(session, true);
    // The state cookie is spent at the callback, cleared under the same name and attributes.
    const [cleared] = cookiesNamed(callback, '__Host-tally_sign_in');
    expectGuarded(cleared, true);
    expect(cleared?.attributes.get('max-age')).toBe('0');
    // No plain-named twin that a plain-http page or a subdomain could set or read.
    const names = [start, callback].flatMap((p) =>
      p.headers.getSetCookie().map((line) => line.slice(0, line.indexOf('='))),
    );
    expect(names.every((n) => n.startsWith('__Host-'))).toBe(true);
    expect([...b.cookies.keys()]).toEqual(['__Host-tally_session']);

    const home = await b.get(callback.location!);
    expect(home.status).toBe(200);
    expect(textOf(home.html)).toContain('Signed in as Alice G');
  });

  it('a session id under the plain name opens nothing; sign-out clears the __Host- cookie as Secure', async () => {
    const { b } = await signInSteps(secure);
    const id = b.cookies.get('__Host-tally_session')!;
    const planted = new DashboardBrowser(secure.tally, secure.fake);
    planted.cookies.set('tally_session', id);
    const refused = await planted.request('GET', `/dashboard/${arena.server.id}`);
    expect(refused.status).toBe(303);
    expect(refused.location).toMatch(/^\/auth\/sign-in/);

    await b.get('/dashboard'); // the page's CSRF token, as the sign-out form carries it
    const out = await b.request('POST', '/auth/sign-out', {
      form: { csrf: b.csrf! },
      headers: { origin: b.origin },
    });
    expect(out.status).toBe(303);
    const [cleared] = cookiesNamed(out, '__Host-tally_session');
    expectGuarded(cleared, true);
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes.get('max-age')).toBe('0');
  });
});

describe('the session cookie over an http PUBLIC_URL', () => {
  it('is tally_session without Secure (a browser would never send it back over http), still HttpOnly and SameSite=Lax', async () => {
    const { b, start, callback } = await signInSteps(plain);
    const [state] = cookiesNamed(start, 'tally_sign_in');
    const [session] = cookiesNamed(callback, 'tally_session');
    expect(state?.value).toMatch(/.{20,}/);
    expect(session?.value).toMatch(/.{20,}/);
    expectGuarded(state, false);
    expectGuarded(session, false);
    expect(cookiesNamed(callback, '__Host-tally_session')).toEqual([]);
    expect((await b.get('/dashboard')).status).toBe(200);
  });
});
