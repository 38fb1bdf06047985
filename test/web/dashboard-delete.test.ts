import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast, role } from '../support/cast';
import { DashboardBrowser, signInEnv, textOf } from '../support/dashboard';
import { MANAGE_SERVER, startDiscordWorld, type DiscordWorld } from '../support/discord-world';

/**
 * Deleting a board from the dashboard (issue 27 item 9): the settings page links to a
 * confirmation that counts what goes, the POST needs the board's id typed, Manage Server, the
 * session's CSRF token; every refusal says why and deletes nothing.
 */
const managers = role('Managers', { permissions: MANAGE_SERVER });
const arena = cast({ members: { admin: {} } });
arena.server.roles.push(managers);
arena.admin.roles = [...(arena.admin.roles ?? []), managers.id];

let world: DiscordWorld;
let ownerId: string;
let key: string;
beforeAll(async () => {
  world = await startDiscordWorld({
    guilds: [arena.server],
    env: signInEnv,
    dashboard: { limits: { signInsPerMinute: 1000 } },
  });
  ownerId = await world.tally.owner(`guild:${arena.server.id}`);
  key = await world.tally.key({ ownerId });
});
afterAll(async () => {
  await world?.tally.close();
  await world?.fake.close();
});

const g = () => arena.server.id;
const ladder = async (id: string) => {
  const board = await world.tally.board({ ownerId, id, type: 'ELO', name: 'Ladder' });
  await world.approvedMatch(board, key, arena.alice, arena.bob);
  return board;
};
const apiStatus = async (boardId: string) =>
  (await world.tally.request('GET', `/v1/boards/${boardId}`, { key })).status;
const signedIn = async (userId: string) => {
  const b = new DashboardBrowser(world.tally, world.fake);
  await b.signIn(userId);
  return b;
};

describe('deleting a board in the dashboard', () => {
  it('a manager follows the settings page to the confirmation, types the id and deletes: the API answers 404', async () => {
    const board = await ladder('doomed');
    const admin = await signedIn(arena.admin.id);
    const settings = await admin.get(`/dashboard/${g()}/boards/${board.id}`);
    expect(settings.status).toBe(200);
    expect(textOf(settings.html)).toContain('Delete this board');
    expect(settings.html).toContain(`href="/dashboard/${g()}/boards/doomed/delete"`);

    const confirm = await admin.get(`/dashboard/${g()}/boards/doomed/delete`);
    expect(confirm.status).toBe(200);
    expect(textOf(confirm.html)).toContain('Delete Ladder?');
    expect(textOf(confirm.html)).toContain('2 entries, 1 match');
    expect(await apiStatus(board.id)).toBe(200); // looking deletes nothing

    const done = await admin.post(`/dashboard/${g()}/boards/doomed/delete`, { confirm: 'doomed' });
    expect(done.status).toBe(200);
    expect(done.path).toBe(`/dashboard/${g()}`);
    expect(textOf(done.html)).toContain('Board deleted');
    expect(await apiStatus(board.id)).toBe(404);
    expect((await admin.get(`/dashboard/${g()}/boards/doomed/delete`)).status).toBe(404);
  });

  it('a wrong typed id is refused with why and deletes nothing', async () => {
    const board = await ladder('kept-typo');
    const admin = await signedIn(arena.admin.id);
    await admin.get(`/dashboard/${g()}/boards/${board.id}/delete`);
    for (const typed of ['kept', 'KEPT-TYPO', '']) {
      const refused = await admin.post(`/dashboard/${g()}/boards/${board.id}/delete`, {
        confirm: typed,
      });
      expect(refused.status, typed).toBe(422);
      expect(textOf(refused.html)).toContain('Nothing was deleted: to confirm, type the board id');
    }
    expect(await apiStatus(board.id)).toBe(200);
  });

  it('a member without Manage Server gets 403 on the page and the POST, and nothing is deleted', async () => {
    const board = await ladder('kept-member');
    const member = await signedIn(arena.carol.id);
    const page = await member.get(`/dashboard/${g()}/boards/${board.id}/delete`);
    expect(page.status).toBe(403);
    expect(textOf(page.html)).toContain('needs the Manage Server permission');
    await member.get(`/dashboard/${g()}`); // a page with the session's CSRF token
    const refused = await member.post(`/dashboard/${g()}/boards/${board.id}/delete`, {
      confirm: board.id,
    });
    expect(refused.status).toBe(403);
    expect(textOf(refused.html)).toContain('needs the Manage Server permission');
    expect(await apiStatus(board.id)).toBe(200);
  });

  it('a forged POST (no CSRF token, a wrong one, another origin) is refused and deletes nothing', async () => {
    const board = await ladder('kept-forged');
    const admin = await signedIn(arena.admin.id);
    await admin.get(`/dashboard/${g()}/boards/${board.id}/delete`);
    const path = `/dashboard/${g()}/boards/${board.id}/delete`;
    const form = { confirm: board.id };
    expect((await admin.post(path, form, { csrf: null })).status).toBe(403);
    expect((await admin.post(path, form, { csrf: 'x'.repeat(43) })).status).toBe(403);
    expect((await admin.post(path, form, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await apiStatus(board.id)).toBe(200);
  });
});
