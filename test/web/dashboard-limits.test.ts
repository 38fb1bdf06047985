import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { cast, role } from '../support/cast';
import { DashboardBrowser, signInEnv, textOf, type Page } from '../support/dashboard';
import { MANAGE_SERVER, startDiscordWorld, type DiscordWorld } from '../support/discord-world';

/**
 * The dashboard's per-member limits (issue 27 item 8, src/web/dashboard/index.ts): changes (30 a
 * minute by default) and pages (120) counted per signed-in member, here lowered to 3 and 12 so a
 * test sends a dozen requests rather than a hundred. Over a limit the member gets the 429 "Slow
 * down" page with Retry-After, nothing changes, and another member behind the same address is
 * not held back. The windows are a minute long; these tests take seconds.
 */
const ACTIONS = 3;
const PAGES = 12;

const managers = role('Managers', { permissions: MANAGE_SERVER });
const arena = cast({ members: { admin: {}, chief: {}, deputy: {} } });
arena.server.roles.push(managers);
for (const m of [arena.admin, arena.people.chief, arena.people.deputy])
  m.roles = [...(m.roles ?? []), managers.id];

let world: DiscordWorld;
let board: Board;
const ownerId = `guild:${arena.server.id}`;
const path = `/dashboard/${arena.server.id}/boards/ladder`;

beforeAll(async () => {
  world = await startDiscordWorld({
    guilds: [arena.server],
    env: signInEnv,
    dashboard: {
      limits: { signInsPerMinute: 1000, actionsPerMinute: ACTIONS, pagesPerMinute: PAGES },
    },
  });
  await world.tally.owner(ownerId);
  board = await world.tally.board({ ownerId, id: 'ladder', type: 'ELO', name: 'Ladder' });
});
afterAll(async () => {
  await world?.tally.close();
  await world?.fake.close();
});

const nameNow = async () =>
  (await world.tally.ctx.repos.boards.byId(ownerId, board.id))?.displayName;
const rename = (b: DashboardBrowser, name: string) =>
  b.post(path, { section: 'general', name, windowHours: '0' });

/** The limits' refusal: 429, Retry-After, and a page that says to wait and that nothing changed. */
function expectSlowDown(page: Page) {
  expect(page.status).toBe(429);
  const seconds = Number(page.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(textOf(page.html)).toContain('Slow down');
  expect(textOf(page.html)).toContain(
    `Too many requests; try again in ${seconds} s. Nothing was changed.`,
  );
}

describe("the dashboard's per-member limits", () => {
  it(`refuses a member's change past ${ACTIONS} a minute with the 429 page, changing nothing; their pages still open and another member behind the same address still changes things`, async () => {
    const admin = new DashboardBrowser(world.tally, world.fake);
    await admin.signIn(arena.admin.id); // 1 page
    await admin.get(path); // 2
    for (let i = 1; i <= ACTIONS; i++) {
      const saved = await rename(admin, `Ladder ${i}`); // an action, and 2 pages (the POST, its redirect)
      expect(saved.status, `change ${i}`).toBe(200);
      expect(textOf(saved.html)).toContain('Saved.');
    }
    expect(await nameNow()).toBe(`Ladder ${ACTIONS}`);

    const refused = await rename(admin, 'Too many');
    expectSlowDown(refused);
    expect(await nameNow()).toBe(`Ladder ${ACTIONS}`);

    // Pages are counted apart from changes: the member can still look.
    const page = await admin.get(path);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`value="Ladder ${ACTIONS}"`);

    const chief = new DashboardBrowser(world.tally, world.fake, admin.address);
    await chief.signIn(arena.people.chief.id);
    await chief.get(path);
    const other = await rename(chief, 'Chief’s ladder');
    expect(other.status).toBe(200);
    expect(textOf(other.html)).toContain('Saved.');
    expect(await nameNow()).toBe('Chief’s ladder');
  });

  it(`refuses a member's page past ${PAGES} a minute with the 429 page, and a change then too, changing nothing; another member behind the same address still opens pages`, async () => {
    const deputy = new DashboardBrowser(world.tally, world.fake);
    const landed = await deputy.signIn(arena.people.deputy.id); // 1 page
    expect(landed.status).toBe(200);
    for (let i = 2; i <= PAGES; i++) {
      const page = await deputy.get(path);
      expect(page.status, `page ${i}`).toBe(200);
    }
    expectSlowDown(await deputy.get(path));
    expectSlowDown(await deputy.get(`/dashboard/${arena.server.id}`));

    const before = await nameNow();
    expectSlowDown(await rename(deputy, 'Deputy’s ladder'));
    expect(await nameNow()).toBe(before);

    const carol = new DashboardBrowser(world.tally, world.fake, deputy.address);
    const home = await carol.signIn(arena.carol.id);
    expect(home.status).toBe(200);
    expect(textOf(home.html)).toContain('Arena');
    expect((await carol.get(`/dashboard/${arena.server.id}`)).status).toBe(200);
  });
});
