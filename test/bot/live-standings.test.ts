import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { liveStandingsJob } from '../../src/bot/jobs/live-standings';
import { placeLiveStandings } from '../../src/pipeline/live-standings';
import { recordDiscordLocale, setServerLanguage } from '../../src/pipeline/server-language';
import { Scheduler } from '../../src/pipeline/scheduler';
import { backendName } from '../support/backends';
import { cast, channel } from '../support/cast';
import {
  buttonsOf,
  lines,
  MANAGE_SERVER,
  PATIENCE_MS,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import { startTwoProcesses, type TwoProcesses } from '../support/two-processes';
import { eventually } from '../support/wait';

/**
 * A live standings message as a server sees it: placed by /board standings, posted by the bot,
 * edited when the standings move (and only then), posted again after someone deleted it. Time
 * moves for a scheduler of the test's own; Tally's own scheduler posts the first message.
 */
const { server, general, alice, bob, carol, admin } = cast();

describe(`live standings (${backendName})`, () => {
  let world: DiscordWorld;
  let ownerId: string;
  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [server] });
    ownerId = await world.tally.owner(`guild:${server.id}`);
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('GIVEN /board standings THEN the top is posted, edited only when it moves, and posted again once deleted', async () => {
    const { tally, fake } = world;
    const board = await tally.board({ ownerId, type: 'ELO', name: 'Ladder' });
    const key = await tally.key({ ownerId });
    await world.approvedMatch(board, key, alice, bob);

    const placed = await world.run({
      user: admin,
      permissions: MANAGE_SERVER,
      channelId: general.id,
      command: ['board', 'standings'],
      options: { board: board.id, channel: { channelId: general.id } },
    });
    expect(placed.message.content).toBe(
      `The top of **Ladder** is posted in <#${general.id}> in a moment and kept current (checked every 30 s).`,
    );
    const posts = () =>
      fake.requests.filter(
        (r) => r.method === 'POST' && r.path === `/channels/${general.id}/messages`,
      );
    const edits = () =>
      fake.requests.filter(
        (r) => r.method === 'PATCH' && r.path.startsWith(`/channels/${general.id}/messages/`),
      );
    const first = await fake.waitFor(
      () => (posts().length > 0 ? posts()[0] : undefined),
      PATIENCE_MS,
      "the live message's post",
    );
    expect(first.status).toBe(200);
    const liveId = await eventually(
      async () => (await tally.ctx.repos.liveStandings.get(board.pk))?.messageId ?? undefined,
      'the live message id',
    );
    const live = () => fake.messages.get(liveId)!;
    expect(live().embeds[0]?.title).toBe('Ladder — standings');
    expect(lines(live())).toEqual([`🥇 Ali — 1016 (1-0-0)`, `🥈 Bobby — 984 (0-0-1)`]);
    expect(buttonsOf(live())).toEqual(['']); // one link button to the public page, no paging
    expect(live().embeds[0]?.timestamp).toBeTruthy();

    // The test's own scheduler, on a clock it moves past each 30-second step.
    let now = Date.now();
    const moved = { ...tally.ctx, now: () => new Date(now) };
    const scheduler = new Scheduler(moved, [liveStandingsJob(tally.bot!.rest)]);
    const step = async () => {
      now += 31_000;
      return scheduler.tick();
    };

    expect(await step()).toBe(1);
    expect(edits()).toHaveLength(0); // nothing moved: no edit

    await world.approvedMatch(board, key, carol, alice);
    expect(await step()).toBe(1);
    expect(edits()).toHaveLength(1);
    expect(lines(live())).toEqual([
      `🥇 carol — 1017 (1-0-0)`,
      `🥈 Ali — 999 (1-0-1)`,
      `🥉 Bobby — 984 (0-0-1)`,
    ]);

    fake.deleteMessage(liveId);
    now += 5 * 60_000; // the next look at a still board is due
    expect(await step()).toBe(1);
    expect(posts()).toHaveLength(2);
    const again = (await tally.ctx.repos.liveStandings.get(board.pk))!.messageId!;
    expect(again).not.toBe(liveId);
    expect(lines(fake.messages.get(again)!)[0]).toBe('🥇 carol — 1017 (1-0-0)');

    const info = await world.run({
      user: alice,
      channelId: general.id,
      command: ['board', 'info'],
      options: { board: board.id },
    });
    expect(info.message.embeds[0]?.description).toContain(`live standings in <#${general.id}>`);
  });

  it('GIVEN Tally loses access to the channel THEN it stops keeping the message instead of being refused every 30 s', async () => {
    const { tally, fake } = world;
    const shut = channel('shut');
    server.channels.push(shut);
    const board = await tally.board({ ownerId, type: 'ELO', name: 'Shut' });
    await placeLiveStandings(tally.ctx, ownerId, board.id, shut.id);
    fake.denyChannel(shut.id, 'missing_permissions');
    let now = Date.now();
    const moved = { ...tally.ctx, now: () => new Date(now) };
    const scheduler = new Scheduler(moved, [liveStandingsJob(tally.bot!.rest)]);
    const refused = () =>
      fake.requests.filter((r) => r.path.startsWith(`/channels/${shut.id}/`) && r.status === 403);
    // Tally's own scheduler takes the first step (due at once) and is refused. The step drops the
    // message row, then the scheduler its plan (a moment later on MariaDB): wait for both.
    await eventually(async () => {
      const kept = await tally.ctx.repos.liveStandings.get(board.pk);
      const planned = await tally.ctx.repos.schedules.get('live-standings', `board:${board.pk}`);
      return kept || planned ? undefined : true;
    }, 'the live standings to stop, and their plan with them');
    now += 10 * 31_000;
    expect(await scheduler.tick()).toBe(0);
    expect(refused()).toHaveLength(1);
  });
});

/**
 * Posted for everyone, so in the server's language (issue 32): a server whose Discord speaks
 * German gets its live standings in German, and when its admins pick Spanish the next step edits
 * the message into Spanish, although nothing moved on the board.
 */
describe(`live standings in the server's language (${backendName})`, () => {
  const { server: german, general: hall, alice: ana, bob: ben } = cast();
  german.preferredLocale = 'de';
  let world: DiscordWorld;
  let ownerId: string;
  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [german] });
    ownerId = await world.tally.owner(`guild:${german.id}`);
    // What GUILD_CREATE said, kept for the server now that it has an owner row.
    await recordDiscordLocale(world.tally.ctx, german.id, german.preferredLocale);
  });
  afterAll(async () => {
    await world?.stop();
  });

  const label = (m: { components?: unknown[] }) =>
    (m.components as { components: { label?: string }[] }[] | undefined)?.[0]?.components[0]?.label;

  it('GIVEN a German server THEN its live standings read in German, and in Spanish once its admins pick Spanish', async () => {
    const { tally, fake } = world;
    const board = await tally.board({ ownerId, type: 'ELO', name: 'Ladder' });
    const key = await tally.key({ ownerId });
    await world.approvedMatch(board, key, ana, ben);
    let now = Date.now();
    const moved = { ...tally.ctx, now: () => new Date(now) };
    const scheduler = new Scheduler(moved, [liveStandingsJob(tally.bot!.rest)]);
    await placeLiveStandings(tally.ctx, ownerId, board.id, hall.id);
    const liveId = await eventually(
      async () => (await tally.ctx.repos.liveStandings.get(board.pk))?.messageId ?? undefined,
      'the live message id',
    );
    const live = () => fake.messages.get(liveId)!;
    expect(live().embeds[0]?.title).toBe('Ladder — Tabelle');
    expect(label(live())).toBe('Ganze Tabelle');
    expect(lines(live())).toEqual([`🥇 Ali — 1016 (1-0-0)`, `🥈 Bobby — 984 (0-0-1)`]);

    await setServerLanguage(tally.ctx, ownerId, 'es', 'chat:test');
    now += 31_000;
    expect(await scheduler.tick()).toBe(1);
    expect(live().embeds[0]?.title).toBe('Ladder — clasificación');
    expect(label(live())).toBe('Clasificación completa');
    expect(JSON.stringify(live().embeds)).not.toContain('Tabelle');
  });
});

/**
 * Two shards of one deployment (two processes, one database) each run the scheduler. A post
 * Discord holds back for longer than the 30-second step (a 429 it waits out, then a slow answer)
 * must still be sent once: the other process's step comes while it is out and leaves it alone,
 * and if the first process dies mid-post, the next post carries the same nonce, so Discord
 * returns the message the dead process created instead of creating another.
 */
describe(`live standings from two processes (${backendName})`, () => {
  const { server: shared } = cast();
  let two: TwoProcesses;
  let ownerId: string;
  beforeAll(async () => {
    two = await startTwoProcesses({ guilds: [shared] });
    ownerId = await two.world.tally.owner(`guild:${shared.id}`);
  });
  afterAll(async () => {
    await two?.stop();
  });

  const schedulers = () => ({
    first: new Scheduler(two.first.ctx, [liveStandingsJob(two.first.rest)]),
    second: new Scheduler(two.second.ctx, [liveStandingsJob(two.second.rest)]),
  });
  /** A board with a live message placed in a channel of its own, its first step due now. */
  async function placed(name: string) {
    const room = channel(name);
    shared.channels.push(room);
    const board = await two.world.tally.board({ ownerId, type: 'ELO', name });
    await placeLiveStandings(two.first.ctx, ownerId, board.id, room.id);
    // Stopped once the test is done: the schedulers of the next test (any order) step only its
    // own board, so each tick's count is that board's.
    onTestFinished(async () => {
      await placeLiveStandings(two.first.ctx, ownerId, board.id, null);
    });
    const isPost = (r: { method: string; path: string }) =>
      r.method === 'POST' && r.path === `/channels/${room.id}/messages`;
    const shown = () =>
      [...two.world.fake.messages.values()].filter((m) => m.channel_id === room.id);
    const recorded = async () =>
      (await two.second.ctx.repos.liveStandings.get(board.pk))?.messageId ?? null;
    return { board, room, isPost, shown, recorded };
  }

  it('GIVEN Discord holds the first post back past the next step THEN the other process does not post it too', async () => {
    const { fake } = two.world;
    const { isPost, shown, recorded } = await placed('standings');
    const { first, second } = schedulers();
    // The first post gets a 429 (1 s here; 35 s in the report) and the retry an answer only
    // once the other process has taken its step, 30 s later on the shared clock.
    fake.failNext(isPost, {
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 1, global: false },
      headers: { 'retry-after': '1', 'x-ratelimit-scope': 'user' },
    });
    let posts = 0;
    const retry = fake.holdNext((r) => isPost(r) && ++posts === 2);
    const stepping = first.tick();
    await retry.arrived;
    two.advance(31_000);
    expect(await second.tick()).toBe(1); // the step is taken, and left alone
    retry.release();
    expect(await stepping).toBe(1);

    // Later steps of both find the message in place.
    two.advance(31_000);
    await second.tick();
    two.advance(31_000);
    await first.tick();
    expect(shown()).toHaveLength(1);
    expect(await recorded()).toBe(shown()[0]!.id);
    expect(fake.requests.filter((r) => isPost(r) && r.status === 200)).toHaveLength(1);
  });

  it('GIVEN a process dies with its post sent THEN the next holder posts with the same nonce and Discord returns that message', async () => {
    const { fake } = two.world;
    const { isPost, shown, recorded } = await placed('after-a-crash');
    const { first, second } = schedulers();
    const lost = fake.holdNext(isPost);
    const stepping = first.tick(); // its post is out and never answered in its lifetime
    await lost.arrived;
    two.advance(10 * 60_000); // long past any lease the dead process held
    await second.tick();
    expect(shown()).toHaveLength(1);
    lost.release(); // Discord gets to the dead process's post after all
    await stepping;
    expect(shown()).toHaveLength(1);
    expect(await recorded()).toBe(shown()[0]!.id);
  });
});
