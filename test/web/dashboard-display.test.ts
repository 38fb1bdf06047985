import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast, role } from '../support/cast';
import { assertContract } from '../support/contract';
import { DashboardBrowser, signInEnv, textOf } from '../support/dashboard';
import { MANAGE_SERVER, startDiscordWorld, type DiscordWorld } from '../support/discord-world';

/**
 * A board's display settings in the dashboard (issue 27 item 9): the settings page's Display
 * section saves medals, ranks per page and the record through editBoard, as /board edit does;
 * the public page follows, and the API's Board stays exactly as the spec has it.
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
const signedIn = async (userId: string) => {
  const b = new DashboardBrowser(world.tally, world.fake);
  await b.signIn(userId);
  return b;
};

describe('display settings in the dashboard', () => {
  it('a manager turns medals and the record off and sets the ranks per page: saved, the public page follows, the API Board is unchanged', async () => {
    const board = await world.tally.board({ ownerId, id: 'shown', type: 'ELO', name: 'Ladder' });
    await world.approvedMatch(board, key, arena.alice, arena.bob);
    const apiBefore = (await world.tally.request('GET', `/v1/boards/${board.id}`, { key })).body;
    const publicPath = `/boards/guild:${g()}/${board.id}`;
    expect((await world.tally.request('GET', publicPath)).text).toContain('class="podium"');

    const admin = await signedIn(arena.admin.id);
    const settings = await admin.get(`/dashboard/${g()}/boards/${board.id}`);
    expect(settings.status).toBe(200);
    expect(textOf(settings.html)).toContain('Display');
    expect(settings.html).toMatch(/name="medals" checked/);
    expect(settings.html).toContain(
      'name="standingsSize" type="number" min="5" max="50" value="10"',
    );
    expect(settings.html).toMatch(/name="showRecord" checked/);

    // Unticked boxes are not sent, as a browser leaves them out.
    const saved = await admin.post(`/dashboard/${g()}/boards/${board.id}`, {
      section: 'display',
      standingsSize: '20',
    });
    expect(saved.status).toBe(200);
    expect(textOf(saved.html)).toContain('Saved.');
    expect(await world.tally.ctx.repos.boards.byId(ownerId, board.id)).toMatchObject({
      medals: false,
      standingsSize: 20,
      showRecord: false,
    });
    expect(saved.html).not.toMatch(/name="medals" checked/);
    expect(saved.html).toContain('value="20"');

    const page = (await world.tally.request('GET', publicPath)).text;
    expect(page).not.toContain('class="podium"');
    expect(page).not.toContain('<abbr title="Wins">W</abbr>');
    // The API's Board is the spec's, exactly: no display field, before or after.
    const apiAfter = await world.tally.request('GET', `/v1/boards/${board.id}`, { key });
    assertContract(apiAfter, 'getBoard');
    expect(apiAfter.body).toEqual(apiBefore);

    const refused = await admin.post(`/dashboard/${g()}/boards/${board.id}`, {
      section: 'display',
      medals: 'on',
      standingsSize: '500',
    });
    expect(refused.status).toBe(422);
    expect(textOf(refused.html)).toContain('standings size must be a whole number from 5 to 50');
    expect(await world.tally.ctx.repos.boards.byId(ownerId, board.id)).toMatchObject({
      medals: false,
      standingsSize: 20,
    });
  });
});
