import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { ownedBoard } from '../../src/pipeline/board-reads';
import { joinQueue, queueOfBoard, QUEUE_DEFAULTS } from '../../src/pipeline/queues';
import { putEntries } from '../support/pipeline';
import { cast, role } from '../support/cast';
import { DashboardBrowser, signInEnv, textOf } from '../support/dashboard';
import { MANAGE_SERVER, startDiscordWorld, type DiscordWorld } from '../support/discord-world';

/**
 * A board's matchmaking queue on its dashboard settings page (issue 28 item 8): a manager opens
 * it with its message's channel, changes its settings and closes it, through the use cases chat
 * calls; the page shows who waits and how many matches are open. Everyone else is refused, and
 * nothing changes.
 */
const managers = role('Managers', { permissions: MANAGE_SERVER });
const arena = cast({ members: { admin: {} } });
arena.server.roles.push(managers);
arena.admin.roles = [...(arena.admin.roles ?? []), managers.id];
const elsewhere = cast({ name: 'Elsewhere', members: { admin: {} } });
const otherManagers = role('Managers', { permissions: MANAGE_SERVER });
elsewhere.server.roles.push(otherManagers);
elsewhere.admin.roles = [...(elsewhere.admin.roles ?? []), otherManagers.id];

let world: DiscordWorld;
let ladder: Board;
const ownerId = `guild:${arena.server.id}`;
const path = `/dashboard/${arena.server.id}/boards/ladder`;

beforeAll(async () => {
  world = await startDiscordWorld({
    guilds: [arena.server, elsewhere.server],
    env: signInEnv,
    dashboard: { limits: { signInsPerMinute: 1000, actionsPerMinute: 1000 } },
  });
  await world.tally.owner(ownerId);
  await world.tally.owner(`guild:${elsewhere.server.id}`);
  ladder = await world.tally.board({ ownerId, id: 'ladder', type: 'ELO', windowHours: 0 });
  await world.tally.board({ ownerId, id: 'scores', type: 'Highscore', windowHours: 0 });
});
afterAll(async () => {
  await world?.tally.close();
  await world?.fake.close();
});

const browser = () => new DashboardBrowser(world.tally, world.fake);
const queueNow = () => queueOfBoard(world.tally.ctx, ladder);
/**
 * What a change from here would touch: whether there is a queue, its settings and its channel
 * (not the bot's bookkeeping of its message, which the poster moves meanwhile).
 */
const settingsNow = async () => {
  const q = await queueNow();
  return (
    q && {
      pk: q.pk,
      channelId: q.channelId,
      ...Object.fromEntries(
        Object.keys(QUEUE_DEFAULTS).map((k) => [k, q[k as keyof typeof QUEUE_DEFAULTS]]),
      ),
    }
  );
};
/** The queue's section of a page, as text. */
const section = (html: string) =>
  textOf(/<section class="panel" id="queue">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '');

async function admin() {
  const b = browser();
  await b.signIn(arena.admin.id);
  await b.get(path);
  return b;
}

describe("a board's queue in the dashboard", () => {
  it('GIVEN no queue THEN the section offers to open one with its channel and the settings with their ranges; a score board has none', async () => {
    const b = await admin();
    const page = await b.get(path);
    expect(page.status).toBe(200);
    const text = section(page.html);
    expect(text).toContain('No queue.');
    expect(text).toContain('Channel of its Join and Leave message');
    expect(text).toContain('#general');
    expect(text).toContain('0–2,000.');
    expect(text).toContain('15–600.');
    expect(text).toContain('5–10,080.');
    expect(page.html).toMatch(
      /name="windowStart" type="number" min="0" max="2000" required value="50"/,
    );
    const scores = await b.get(`/dashboard/${arena.server.id}/boards/scores`);
    expect(scores.status).toBe(200);
    expect(scores.html).not.toContain('id="queue"');
  });

  it('GIVEN a manager THEN a POST opens the queue in the picked channel, another changes its settings, refusals say why and change nothing, and a last one closes it', async () => {
    const b = await admin();
    const opened = await b.post(path, {
      section: 'queue',
      channel: arena.general.id,
      ...stringsOf(QUEUE_DEFAULTS),
      readySeconds: '90',
    });
    expect(opened.status).toBe(200);
    expect(textOf(opened.html)).toContain('Saved.');
    expect(await queueNow()).toMatchObject({ channelId: arena.general.id, readySeconds: 90 });

    const changed = await b.post(path, {
      section: 'queue',
      channel: arena.general.id,
      ...stringsOf(QUEUE_DEFAULTS),
      windowStart: '80',
      windowMax: '600',
      reportMinutes: '45',
    });
    expect(textOf(changed.html)).toContain('Saved.');
    const after = await settingsNow();
    expect(after).toMatchObject({ windowStart: 80, windowMax: 600, reportMinutes: 45 });
    expect(section(changed.html)).toContain('Nobody waiting. 0 matches open');

    for (const [form, why] of [
      [{ readySeconds: '5' }, 'ready_seconds'],
      [
        { windowStart: '500', windowMax: '100' },
        'window_max (100) must be at least window_start (500)',
      ],
      [{ reportMinutes: 'soon' }, 'must be a whole number'],
      [{ channel: elsewhere.general.id }, "not one of Arena's"],
    ] as const) {
      const refused = await b.post(path, { section: 'queue', ...form });
      expect(refused.status, why).toBe(422);
      expect(textOf(refused.html)).toContain(why);
    }
    expect(await settingsNow()).toEqual(after);

    const closed = await b.post(path, { section: 'queue-close' });
    expect(textOf(closed.html)).toContain('Saved.');
    expect(await queueNow()).toBeNull();
    expect(section(closed.html)).toContain('No queue.');
  });

  it('GIVEN members waiting THEN the section lists them with names, ratings and since when, longest first, and the open matches', async () => {
    const b = await admin();
    await b.post(path, { section: 'queue', channel: '', ...stringsOf(QUEUE_DEFAULTS) });
    const queue = await queueNow();
    expect(queue?.channelId).toBeNull();
    await putEntries(world.tally.ctx, ladder, {
      [`chat:${arena.alice.id}`]: { playerName: 'Alice G', elo: 1234 },
    });
    await joinQueue(world.tally.ctx, { board: ladder, member: `chat:${arena.alice.id}` });
    await joinQueue(world.tally.ctx, { board: ladder, member: `chat:${arena.bob.id}` });
    const page = await b.get(path);
    const text = section(page.html);
    expect(text).toContain('2 waiting · 0 matches open');
    expect(text).toContain('Alice G 1234 ±50 0 min');
    expect(page.html).toMatch(
      /<time datetime="[^"]+" title="since \d{4}-\d\d-\d\d \d\d:\d\d UTC">0 min<\/time>/,
    );
    expect(text).toMatch(/Bobby \d+ ±50/);
    expect(text.indexOf('Alice G')).toBeLessThan(text.indexOf('Bobby'));
  });

  it('GIVEN a member without Manage Server THEN opening, changing and closing are refused (403) and nothing changes; the page is theirs to see no more than the rest of the settings', async () => {
    const before = await settingsNow();
    const b = browser();
    await b.signIn(arena.carol.id);
    await b.get(`/dashboard/${arena.server.id}`);
    const forms: Record<string, string>[] = [
      { section: 'queue', windowStart: '10' },
      { section: 'queue-close' },
    ];
    for (const form of forms) {
      const refused = await b.post(path, form);
      expect(refused.status).toBe(403);
      expect(textOf(refused.html)).toContain('needs the Manage Server permission');
    }
    expect(await settingsNow()).toEqual(before);
    expect((await b.get(path)).status).toBe(403);
  });

  it('GIVEN a forged POST (no CSRF token, a wrong one, another origin) THEN it is refused and nothing changes', async () => {
    const before = await settingsNow();
    const b = await admin();
    const form = { section: 'queue-close' };
    expect((await b.post(path, form, { csrf: null })).status).toBe(403);
    expect((await b.post(path, form, { csrf: 'x'.repeat(43) })).status).toBe(403);
    expect((await b.post(path, form, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await b.post(path, form, { origin: null })).status).toBe(403);
    expect(await settingsNow()).toEqual(before);
  });

  it("GIVEN another server's admin THEN neither this server's address nor their own reaches this server's queue", async () => {
    const before = await settingsNow();
    const b = browser();
    await b.signIn(elsewhere.admin.id);
    await b.get(`/dashboard/${elsewhere.server.id}`);
    const here = await b.post(path, { section: 'queue-close' });
    expect(here.status).toBe(403);
    expect(textOf(here.html)).toContain('not a member of this server');
    const theirs = await b.post(`/dashboard/${elsewhere.server.id}/boards/ladder`, {
      section: 'queue-close',
    });
    expect(theirs.status).toBe(404);
    expect(await settingsNow()).toEqual(before);
    expect(await ownedBoard(world.tally.ctx, ownerId, 'ladder')).toMatchObject({ pk: ladder.pk });
  });
});

const stringsOf = (settings: object): Record<string, string> =>
  Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, String(v)]));
