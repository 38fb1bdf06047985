import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { boardSettings } from '../../src/pipeline/board-reads';
import { editBoard } from '../../src/pipeline/boards';
import { setDecay } from '../../src/pipeline/decay';
import { listKeys, mintKey } from '../../src/pipeline/keys';
import { putRankRole, rankRolesOf } from '../../src/pipeline/rank-roles';
import { startSeason } from '../../src/pipeline/seasons';
import { cast, role } from '../support/cast';
import { DashboardBrowser, signInEnv, textOf } from '../support/dashboard';
import { MANAGE_SERVER, startDiscordWorld, type DiscordWorld } from '../support/discord-world';

/**
 * The settings forms of issue 27 item 3 that dashboard.test.ts does not post: review mode,
 * decay, seasons, rank roles and revoking a key. Each POST from a manager changes what the chat
 * command's use case changes (read back through the use cases and the API); a bad value is
 * refused with the dashboard's 422 page saying why and nothing changed; a member without Manage
 * Server gets 403, and another server's admin reaches nothing of this server's.
 */
const managers = role('Managers', { permissions: MANAGE_SERVER });
const gold = role('Gold');
const arena = cast({ members: { admin: {} } });
arena.server.roles.push(managers, gold);
arena.admin.roles = [...(arena.admin.roles ?? []), managers.id];
const elsewhere = cast({ name: 'Elsewhere', members: { admin: {} } });
const otherManagers = role('Managers', { permissions: MANAGE_SERVER });
const otherGold = role('Gold');
elsewhere.server.roles.push(otherManagers, otherGold);
elsewhere.admin.roles = [...(elsewhere.admin.roles ?? []), otherManagers.id];

let world: DiscordWorld;
const ownerId = `guild:${arena.server.id}`;
const g = arena.server.id;

beforeAll(async () => {
  world = await startDiscordWorld({
    guilds: [arena.server, elsewhere.server],
    env: signInEnv,
    // Many forms posted by one manager within the minute: the limits are dashboard-limits.test.ts's.
    dashboard: {
      limits: { signInsPerMinute: 1000, actionsPerMinute: 1000, pagesPerMinute: 1000 },
    },
  });
  await world.tally.owner(ownerId);
  await world.tally.owner(`guild:${elsewhere.server.id}`);
});
afterAll(async () => {
  await world?.tally.close();
  await world?.fake.close();
});

const boardPath = (board: Pick<Board, 'id'>) => `/dashboard/${g}/boards/${board.id}`;
const keysPath = `/dashboard/${g}/keys`;

/** Signed in, with the page of `path` open (its CSRF token read), as a form is posted from it. */
async function on(userId: string, path: string) {
  const b = new DashboardBrowser(world.tally, world.fake);
  await b.signIn(userId);
  await b.get(path);
  return b;
}

/** Everything these forms could change on a board, as the use cases read it. */
async function stateOf(board: Board) {
  const row = (await world.tally.ctx.repos.boards.byId(ownerId, board.id))!;
  const settings = await boardSettings(world.tally.ctx, row);
  const { roles } = await rankRolesOf(world.tally.ctx, row);
  return {
    reviewMode: row.reviewMode,
    confirmWindowHours: row.confirmWindowHours,
    confirmOnSilence: row.confirmOnSilence,
    decay: settings.decay,
    season: settings.season && {
      number: settings.season.number,
      name: settings.season.name,
      endsAt: settings.season.endsAt,
      endedAt: settings.season.endedAt,
    },
    roles: roles.map((r) => ({ roleId: r.roleId, kind: r.kind, threshold: r.threshold })),
  };
}

/** The 422 page the other forms show: titled, saying why. */
function expectRefused(page: { status: number; html: string }, why: string) {
  expect(page.status, why).toBe(422);
  expect(textOf(page.html)).toContain('That did not work');
  expect(textOf(page.html)).toContain(why);
}

describe("a board's settings forms in the dashboard", () => {
  it('review mode: a manager has the opponents confirm, with their window and what silence does; bad values are refused and change nothing', async () => {
    const board = await world.tally.board({ ownerId, id: 'duel', type: 'ELO', windowHours: 0 });
    const admin = await on(arena.admin.id, boardPath(board));
    const general = { section: 'general', name: 'Duel', windowHours: '0' };
    const saved = await admin.post(boardPath(board), {
      ...general,
      reviewMode: 'opponents',
      confirmHours: '48',
      onSilence: 'escalate',
    });
    expect(saved.status).toBe(200);
    expect(textOf(saved.html)).toContain('Saved.');
    expect(await stateOf(board)).toMatchObject({
      reviewMode: 'opponents',
      confirmWindowHours: 48,
      confirmOnSilence: 'escalate',
    });
    expect(saved.html).toContain('<option value="opponents" selected>');
    expect(saved.html).toContain('name="confirmHours" type="number"');
    expect(saved.html).toMatch(/name="confirmHours"[^>]*value="48"/);
    expect(saved.html).toContain('<option value="escalate" selected>');

    const before = await stateOf(board);
    for (const [form, why] of [
      [{ confirmHours: '0' }, 'confirmation window must be a whole number from 1 to 720'],
      [{ confirmHours: 'two days' }, 'confirmation window must be a whole number'],
      [{ onSilence: 'shrug' }, 'on silence must be one of confirm, escalate'],
      [{ reviewMode: 'referee' }, 'review mode must be one of'],
    ] as [Record<string, string>, string][]) {
      const refused = await admin.post(boardPath(board), {
        ...general,
        reviewMode: 'opponents',
        confirmHours: '24',
        onSilence: 'confirm',
        ...form,
      });
      expectRefused(refused, why);
    }
    expect(await stateOf(board)).toEqual(before);

    // Back to moderators: the opponents' window and silence rule stay as they were set.
    const back = await admin.post(boardPath(board), { ...general, reviewMode: 'moderators' });
    expect(textOf(back.html)).toContain('Saved.');
    expect(await stateOf(board)).toMatchObject({
      reviewMode: 'moderators',
      confirmWindowHours: 48,
      confirmOnSilence: 'escalate',
    });
  });

  it('the confirmation window field takes every window chat allows, so a board set in chat can still be saved from the page', async () => {
    const board = await world.tally.board({ ownerId, id: 'long', type: 'ELO', windowHours: 0 });
    // 30 days, the longest /board edit takes, set through its use case.
    await editBoard(world.tally.ctx, ownerId, board.id, {
      reviewMode: 'opponents',
      confirmWindowHours: 720,
    });
    const admin = await on(arena.admin.id, boardPath(board));
    const page = await admin.get(boardPath(board));
    // A browser sends a form only if every field is within its own bounds.
    const field =
      /<input name="confirmHours" type="number" min="(\d+)" max="(\d+)" value="(\d+)">/.exec(
        page.html,
      );
    expect(field).not.toBeNull();
    const [, min, max, value] = field!.map(Number);
    expect(value).toBe(720);
    expect(value).toBeGreaterThanOrEqual(min!);
    expect(value).toBeLessThanOrEqual(max!);
    const saved = await admin.post(boardPath(board), {
      section: 'general',
      name: 'Long',
      reviewMode: 'opponents',
      confirmHours: String(value),
      onSilence: 'confirm',
    });
    expect(textOf(saved.html)).toContain('Saved.');
    expect((await stateOf(board)).confirmWindowHours).toBe(720);
  });

  it('decay: a manager sets, then turns off, an ELO board’s inactivity decay as /decay does; bad values are refused and change nothing', async () => {
    const board = await world.tally.board({ ownerId, id: 'decaying', type: 'ELO' });
    const admin = await on(arena.admin.id, boardPath(board));
    const saved = await admin.post(boardPath(board), {
      section: 'decay',
      amount: '20',
      afterDays: '7',
      everyHours: '24',
    });
    expect(saved.status).toBe(200);
    expect(textOf(saved.html)).toContain('Saved.');
    expect((await stateOf(board)).decay).toMatchObject({
      amount: 20,
      percent: false,
      afterDays: 7,
      everyHours: 24,
    });
    expect(saved.html).toContain('name="amount" type="number" min="1" max="1000" value="20"');

    const before = await stateOf(board);
    for (const [form, why] of [
      [{ amount: '2000' }, 'amount must be a whole number from 1 to 1000'],
      [{ amount: '80', percent: 'on' }, 'percent must be a whole number from 1 to 50'],
      [{ amount: '5', afterDays: '400' }, 'after_days must be a whole number from 1 to 365'],
      [{ amount: 'lots' }, 'amount must be a whole number'],
      [{}, 'amount must be a whole number from 1 to 1000'],
    ] as const) {
      expectRefused(await admin.post(boardPath(board), { section: 'decay', ...form }), why);
    }
    expect(await stateOf(board)).toEqual(before);

    const scores = await world.tally.board({ ownerId, id: 'scored', type: 'Highscore' });
    expectRefused(
      await admin.post(boardPath(scores), { section: 'decay', amount: '5' }),
      'decay applies to ELO boards; scored is Highscore',
    );

    const off = await admin.post(boardPath(board), { section: 'decay', off: 'on' });
    expect(textOf(off.html)).toContain('Saved.');
    expect((await stateOf(board)).decay).toBeNull();
    // One section per Save: the page says so, and after a save names the section it kept,
    // in that section (the redirect's anchor opens the page there).
    expect(textOf(off.html)).toContain('Each section below saves on its own');
    expect(off.html).toMatch(
      /<section class="panel" id="decay"><h2>Inactivity decay<\/h2><p class="flash" role="status">Saved\. Only Inactivity decay was saved; changes left unsaved in other sections, if any, were dropped\.<\/p>/,
    );
  });

  it('seasons: a manager starts one with a name and a length, then ends it, as /season start and /season end do; refusals change nothing', async () => {
    const board = await world.tally.board({ ownerId, id: 'seasonal', type: 'ELO' });
    const admin = await on(arena.admin.id, boardPath(board));
    expect(textOf((await admin.get(boardPath(board))).html)).toContain('Start a season');
    expectRefused(
      await admin.post(boardPath(board), { section: 'season-end' }),
      'seasonal has no season running',
    );
    expectRefused(
      await admin.post(boardPath(board), { section: 'season-start', name: 'Spring', days: '0' }),
      'days must be a whole number from 1 to 3650',
    );
    expect((await stateOf(board)).season).toBeNull();

    const started = await admin.post(boardPath(board), {
      section: 'season-start',
      name: 'Spring',
      days: '30',
    });
    expect(started.status).toBe(200);
    expect(textOf(started.html)).toContain('Saved.');
    expect(textOf(started.html)).toContain('Spring is running.');
    const season = (await stateOf(board)).season!;
    expect(season).toMatchObject({ number: 1, name: 'Spring', endedAt: null });
    const days = (season.endsAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    // A second start while one runs: the page's form is the end button, but a POST can say anything.
    const before = await stateOf(board);
    expectRefused(
      await admin.post(boardPath(board), { section: 'season-start', name: 'Again' }),
      'Season 1 is running',
    );
    expect(await stateOf(board)).toEqual(before);

    const ended = await admin.post(boardPath(board), { section: 'season-end' });
    expect(textOf(ended.html)).toContain('Saved.');
    expect(textOf(ended.html)).toContain('Start a season');
    const after = (await stateOf(board)).season!;
    expect(after.number).toBe(1);
    expect(after.endedAt).not.toBeNull();
    const audit = await admin.get(`/dashboard/${g}/audit`);
    expect(textOf(audit.html)).toContain('Spring');
  });

  it("rank roles: a manager adds one of the server's roles at a value and at a top N, and removes one, as /roles add and remove do; refusals change nothing", async () => {
    const board = await world.tally.board({ ownerId, id: 'ranked', type: 'ELO' });
    const admin = await on(arena.admin.id, boardPath(board));
    const added = await admin.post(boardPath(board), {
      section: 'role-add',
      role: gold.id,
      kind: 'value',
      threshold: '1200',
    });
    expect(added.status).toBe(200);
    expect(textOf(added.html)).toContain('Saved.');
    expect(textOf(added.html)).toContain('Gold At 1200');
    await admin.post(boardPath(board), {
      section: 'role-add',
      role: arena.referees.id,
      kind: 'top',
      threshold: '3',
    });
    expect((await stateOf(board)).roles).toEqual([
      { roleId: arena.referees.id, kind: 'top', threshold: 3 },
      { roleId: gold.id, kind: 'value', threshold: 1200 },
    ]);

    const before = await stateOf(board);
    for (const [form, why] of [
      [{ role: otherGold.id, kind: 'value', threshold: '1' }, "that role is not one of Arena's"],
      [{ role: '', kind: 'value', threshold: '1' }, 'pick a role'],
      [{ role: gold.id, kind: 'top', threshold: '0' }, 'top must be a whole number from 1 to 1000'],
      [{ role: gold.id, kind: 'value', threshold: 'high' }, 'threshold must be a whole number'],
    ] as const) {
      expectRefused(await admin.post(boardPath(board), { section: 'role-add', ...form }), why);
    }
    expectRefused(
      await admin.post(boardPath(board), { section: 'role-remove', role: managers.id }),
      'is not a rank role of ranked',
    );
    expect(await stateOf(board)).toEqual(before);

    const removed = await admin.post(boardPath(board), { section: 'role-remove', role: gold.id });
    expect(textOf(removed.html)).toContain('Saved.');
    expect(textOf(removed.html)).not.toContain('Gold At 1200');
    expect((await stateOf(board)).roles).toEqual([
      { roleId: arena.referees.id, kind: 'top', threshold: 3 },
    ]);
  });
});

describe('revoking an API key in the dashboard', () => {
  it('a manager revokes a key as /api key revoke does: the API no longer takes it; a bad or unknown key id is refused and nothing changes', async () => {
    const kept = await mintKey(world.tally.ctx, { ownerId, type: 'live', label: 'kept' });
    const doomed = await mintKey(world.tally.ctx, { ownerId, type: 'live', label: 'doomed' });
    expect((await world.tally.request('GET', '/v1/boards', { key: doomed.secret })).status).toBe(
      200,
    );
    const admin = await on(arena.admin.id, keysPath);

    expectRefused(await admin.post(`${keysPath}/key_x/revoke`, {}), 'key id must look like key_');
    const unknown = await admin.post(`${keysPath}/key_999999/revoke`, {});
    expect(unknown.status).toBe(404);
    expect(textOf(unknown.html)).toContain('no key key_999999');
    expect((await listKeys(world.tally.ctx, ownerId)).every((k) => k.revoked_at === null)).toBe(
      true,
    );

    const revoked = await admin.post(`${keysPath}/${doomed.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect(revoked.path).toBe(keysPath);
    expect(textOf(revoked.html)).toContain('Key revoked.');
    const keys = await listKeys(world.tally.ctx, ownerId);
    expect(keys.find((k) => k.id === doomed.id)?.revoked_at).not.toBeNull();
    expect(keys.find((k) => k.id === kept.id)?.revoked_at).toBeNull();
    expect((await world.tally.request('GET', '/v1/boards', { key: doomed.secret })).status).toBe(
      401,
    );
    expect((await world.tally.request('GET', '/v1/boards', { key: kept.secret })).status).toBe(200);
    const audit = await admin.get(`/dashboard/${g}/audit`);
    expect(textOf(audit.html)).toMatch(/revoked/i);
  });
});

describe('who may post the settings forms', () => {
  /** A board with every setting these forms touch already set, and a live key. */
  async function setUp(id: string) {
    const board = await world.tally.board({ ownerId, id, type: 'ELO', windowHours: 0 });
    await setDecay(world.tally.ctx, ownerId, id, { amount: 10 });
    await startSeason(world.tally.ctx, ownerId, id, { name: 'Summer' });
    await putRankRole(world.tally.ctx, ownerId, id, {
      roleId: gold.id,
      kind: 'value',
      threshold: 1100,
    });
    const key = await mintKey(world.tally.ctx, { ownerId, type: 'live', label: id });
    return { board, key };
  }
  const forms = (keyId: string): [string, Record<string, string>][] => [
    ['general', { section: 'general', name: 'Taken', reviewMode: 'opponents', confirmHours: '2' }],
    ['decay', { section: 'decay', amount: '99' }],
    ['decay', { section: 'decay', off: 'on' }],
    ['season-end', { section: 'season-end' }],
    ['season-start', { section: 'season-start', name: 'Mine' }],
    ['role-add', { section: 'role-add', role: arena.referees.id, kind: 'top', threshold: '1' }],
    ['role-remove', { section: 'role-remove', role: gold.id }],
    ['revoke', { keyId }],
  ];
  const post = (
    b: DashboardBrowser,
    guild: string,
    boardId: string,
    form: Record<string, string>,
  ) =>
    'keyId' in form
      ? b.post(`/dashboard/${guild}/keys/${form.keyId}/revoke`, {})
      : b.post(`/dashboard/${guild}/boards/${boardId}`, form);
  const keyOf = async (id: string) =>
    (await listKeys(world.tally.ctx, ownerId)).find((k) => k.id === id);

  it('a member without Manage Server is refused every one of them (403, saying why) and nothing changes', async () => {
    const { board, key } = await setUp('guarded');
    const before = await stateOf(board);
    const member = await on(arena.carol.id, `/dashboard/${g}`);
    for (const [name, form] of forms(key.id)) {
      const refused = await post(member, g, board.id, form);
      expect(refused.status, name).toBe(403);
      expect(textOf(refused.html), name).toContain('needs the Manage Server permission in Arena');
    }
    expect(await stateOf(board)).toEqual(before);
    expect((await keyOf(key.id))?.revoked_at).toBeNull();
    expect((await world.tally.request('GET', '/v1/boards', { key: key.secret })).status).toBe(200);
  });

  it("another server's admin reaches neither this server's board and key by this server's address nor by their own (a forged cross-server request)", async () => {
    const { board, key } = await setUp('foreign');
    const before = await stateOf(board);
    const stranger = await on(elsewhere.admin.id, `/dashboard/${elsewhere.server.id}`);
    for (const [name, form] of forms(key.id)) {
      const here = await post(stranger, g, board.id, form);
      expect(here.status, name).toBe(403);
      expect(textOf(here.html), name).toContain('not a member of this server');
      // Their own server's address with this board's id and this server's key: not theirs.
      const theirs = await post(stranger, elsewhere.server.id, board.id, form);
      expect(theirs.status, name).toBe(404);
    }
    expect(await stateOf(board)).toEqual(before);
    expect((await keyOf(key.id))?.revoked_at).toBeNull();
    expect((await world.tally.request('GET', '/v1/boards', { key: key.secret })).status).toBe(200);
  });
});
