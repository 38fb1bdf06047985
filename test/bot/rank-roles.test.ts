import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { rankRolesJob } from '../../src/bot/jobs/rank-roles';
import type { EntryState } from '../../src/domain/scoring';
import { Scheduler } from '../../src/pipeline/scheduler';
import { putRankRole } from '../../src/pipeline/rank-roles';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { backendName } from '../support/backends';
import { cast, member } from '../support/cast';
import {
  lines,
  MANAGE_SERVER,
  PATIENCE_MS,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeMember } from '../support/fake-discord/types';
import { startTwoProcesses, type TwoProcesses } from '../support/two-processes';
import { eventually } from '../support/wait';
import { SEEDED } from '../support/pipeline';

/**
 * Rank roles as a server sees them, with the real discord.js client against a fake Discord that
 * refuses what Discord refuses and rate-limits role changes: roles follow a climb and a fall with
 * hysteresis, Discord's refusals are shown and not repeated, members who left are skipped, and a
 * season reset's bulk changes stay within the rate limit.
 */
const MANAGE_ROLES = String(PermissionFlagsBits.ManageRoles);
/** Tally's own role, as an invite that asks for Manage Roles makes it. */
const TALLY_ROLE = { position: 10, permissions: MANAGE_ROLES, managed: true };
const {
  server,
  general,
  admin,
  alice,
  bob,
  carol,
  roles: { Tally: tallyRole, Regular: regular },
  people: { dave },
} = cast({
  roles: { Tally: TALLY_ROLE, Regular: { position: 1 } },
  members: { owner: {}, dave: {}, alice: { roles: ['Regular'] } },
  owner: 'owner',
});

describe(`rank roles (${backendName})`, () => {
  let world: DiscordWorld;
  let ownerId: string;
  let now = Date.now();
  let scheduler: Scheduler;
  beforeAll(async () => {
    world = await startDiscordWorld({
      guilds: [server],
      roleRateLimit: { limit: 5, windowMs: 400 },
    });
    world.fake.setBotRoles(server.id, [tallyRole.id]);
    ownerId = await world.tally.owner(`guild:${server.id}`);
    // The test's own scheduler on a clock it moves past each 30-second step.
    const moved = { ...world.tally.ctx, now: () => new Date(now) };
    scheduler = new Scheduler(moved, [rankRolesJob(world.tally.bot!.rest)]);
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** Past the next 30-second step of the test's clock and of any plan made on the real one. */
  const step = async () => {
    now = Math.max(now, Date.now()) + 31_000;
    await scheduler.tick();
  };
  const manage = (command: string[], options: Parameters<DiscordWorld['run']>[0]['options']) =>
    world.run({ user: admin, permissions: MANAGE_SERVER, channelId: general.id, command, options });
  const rolesOf = (m: FakeMember) => world.fake.memberRoles(server.id, m.id).sort();
  const role = (name: string, position: number) =>
    world.fake.createRole(server.id, { name, position });
  const roleCalls = (roleId: string) =>
    world.fake.requests.filter((r) => r.path.endsWith(`/roles/${roleId}`)).length;
  /** Waits until the members hold exactly these roles (Tally's own scheduler may take a step). */
  const holds = (expected: [FakeMember, string[]][]) =>
    eventually(
      async () => {
        const ok = expected.every(
          ([m, ids]) => JSON.stringify(rolesOf(m)) === JSON.stringify([...ids].sort()),
        );
        return ok ? true : undefined;
      },
      `roles ${JSON.stringify(expected.map(([m, ids]) => [m.username, ids]))}`,
      { timeoutMs: PATIENCE_MS },
    );

  /** Steps (10 role changes each at most) until the members hold these roles. */
  const settle = async (expected: [FakeMember, string[]][], maxSteps = 12) => {
    const done = () =>
      expected.every(([m, ids]) => JSON.stringify(rolesOf(m)) === JSON.stringify([...ids].sort()));
    let steps = 0;
    while (!done() && steps < maxSteps) {
      await step();
      steps++;
    }
    await holds(expected);
    return steps;
  };

  it('GIVEN gold at 1020 (kept to 1005) and silver at 990 THEN roles follow a climb and a fall with hysteresis, leaving other roles alone', async () => {
    const board = await world.tally.board({ ownerId, type: 'ELO', name: 'Ladder' });
    const key = await world.tally.key({ ownerId });
    const gold = role('Gold', 3);
    const silver = role('Silver', 2);
    const added = await manage(['roles', 'add'], {
      board: board.id,
      role: { roleId: gold },
      at: 1020,
      keep_to: 1005,
    });
    expect(added.message.content).toBe(
      `<@&${gold}> is now a rank role of **Ladder**; Tally gives and takes it within 30 s as standings change. It needs the Manage Roles permission, with its own role above <@&${gold}>.`,
    );
    await manage(['roles', 'add'], {
      board: board.id,
      role: { roleId: silver },
      at: 990,
      keep_to: 980,
    });

    await world.approvedMatch(board, key, alice, bob); // alice 1016, bob 984
    await step();
    await holds([
      [alice, [regular.id, silver]],
      [bob, []],
    ]);

    await world.approvedMatch(board, key, alice, carol); // alice 1031: gold
    await step();
    await holds([
      [alice, [regular.id, gold]],
      [carol, []],
    ]);

    await world.approvedMatch(board, key, dave, alice); // dave 1017 (silver), alice 1014: keeps gold
    await step();
    await holds([
      [alice, [regular.id, gold]],
      [dave, [silver]],
    ]);

    await world.approvedMatch(board, key, bob, alice); // bob 1001, alice 997: past 1005, silver
    await step();
    await holds([
      [alice, [regular.id, silver]],
      [bob, [silver]],
      [dave, [silver]],
    ]);

    const list = await world.run({
      user: bob,
      channelId: general.id,
      command: ['roles', 'list'],
      options: { board: board.id },
    });
    expect(lines(list.message)).toEqual([
      `<@&${gold}>: rating 1020+ (kept down to 1005)`,
      `<@&${silver}>: rating 990+ (kept down to 980)`,
      '',
      'From the first result; one role at a time, the best earned.',
    ]);
    expect(list.message.mentions).toEqual([]);
    expect(world.fake.rateLimited).toBe(0);
  });

  it('GIVEN a role above Tally’s, a deleted role and a member who left THEN each refusal is shown, not repeated, and scoring goes on', async () => {
    const board = await world.tally.board({ ownerId, type: 'ELO', name: 'Arena' });
    const carol = world.join(server, member('cora'));
    const dave = world.join(server, member('dale'));
    const key = await world.tally.key({ ownerId });
    const above = role('Legend', 20); // above Tally's own role (10)
    const ranked = role('Ranked', 4);
    await manage(['roles', 'top'], { board: board.id, role: { roleId: above }, n: 2 });
    await manage(['roles', 'add'], { board: board.id, role: { roleId: ranked }, at: 0 });
    await manage(['roles', 'settings'], { board: board.id, stack: true });
    await world.approvedMatch(board, key, carol, dave);
    await step();
    await holds([
      [carol, [ranked]],
      [dave, [ranked]],
    ]);
    expect(roleCalls(above)).toBe(1); // refused once, then left alone
    await step();
    expect(roleCalls(above)).toBe(1);

    const info = await world.run({
      user: bob,
      channelId: general.id,
      command: ['board', 'info'],
      options: { board: board.id },
    });
    expect(info.message.embeds[0]?.description).toContain(
      'rank roles: 2 (⚠️ 1 refused by Discord: see `/roles list`)',
    );
    const list = await world.run({
      user: bob,
      channelId: general.id,
      command: ['roles', 'list'],
      options: { board: board.id },
    });
    expect(lines(list.message)).toContain(
      '  ⚠️ Tally may not give this role: it needs the Manage Roles permission, and its own role must be above this one in Server Settings → Roles',
    );
    // Issue 32: the same refusal, read by a member whose Discord speaks German.
    const german = await world.run({
      user: bob,
      locale: 'de',
      channelId: general.id,
      command: ['roles', 'list'],
      options: { board: board.id },
    });
    expect(lines(german.message)).toContain(
      '  ⚠️ Tally darf diese Rolle nicht vergeben: Es braucht die Berechtigung „Rollen verwalten“, und seine eigene Rolle muss in Servereinstellungen → Rollen über dieser stehen',
    );

    // Someone deletes a rank role; a member leaves. Scoring goes on.
    world.fake.deleteRole(server.id, ranked);
    const leaver = world.join(server, member('erin'));
    const finn = world.join(server, member('finn'));
    await world.approvedMatch(board, key, leaver, carol);
    await world.approvedMatch(board, key, finn, dave);
    world.fake.removeMember(server.id, leaver.id);
    await step();
    await step();
    const after = await world.run({
      user: bob,
      channelId: general.id,
      command: ['roles', 'list'],
      options: { board: board.id },
    });
    expect(lines(after.message)).toContain(
      '  ⚠️ the role no longer exists; remove it with /roles remove',
    );
    const leaverCalls = () =>
      world.fake.requests.filter((r) => r.path.includes(`/members/${leaver.id}/roles/`)).length;
    const before = leaverCalls();
    await step();
    expect(leaverCalls()).toBe(before);
    expect((await world.tally.ctx.repos.entries.get(board.pk, `chat:${leaver.id}`))?.wins).toBe(1);

    // Fixed by the manager: Tally's role moved above Legend; a refresh gives it at once.
    const higher = world.fake.createRole(server.id, {
      name: 'Tally+',
      position: 30,
      permissions: MANAGE_ROLES,
    });
    world.fake.setBotRoles(server.id, [higher]);
    const refreshed = await manage(['roles', 'refresh'], { board: board.id });
    expect(refreshed.message.content).toContain('again now');
    await step();
    // erin (1017) left but keeps rank 1; finn (1015, beat dale at 984) is second and earns it;
    // cora (999) is third. The deleted role went from everyone with it.
    await holds([
      [finn, [above]],
      [carol, []],
      [dave, []],
    ]);
  });

  it('GIVEN a member who held a role by hand before it became a rank role THEN Tally never takes it back', async () => {
    const board = await world.tally.board({ ownerId, type: 'ELO', name: 'Heirloom' });
    const key = await world.tally.key({ ownerId });
    const veteran = role('Veteran', 6);
    const gwen = world.join(server, member('gwen', { roles: [veteran] }));
    const hal = world.join(server, member('hal'));
    await manage(['roles', 'add'], {
      board: board.id,
      role: { roleId: veteran },
      at: 1010,
      keep_to: 1000,
    });
    const calls = (m: FakeMember) =>
      world.fake.requests.filter((r) => r.path.endsWith(`/members/${m.id}/roles/${veteran}`));

    await world.approvedMatch(board, key, gwen, hal); // gwen 1016: she earns it, and has it
    await step();
    await step();
    await holds([
      [gwen, [veteran]],
      [hal, []],
    ]);

    await world.approvedMatch(board, key, hal, gwen); // gwen 999: below keep_to
    await step();
    await step();
    await holds([
      [gwen, [veteran]],
      [hal, []],
    ]);
    expect(calls(gwen)).toEqual([]); // not given by Tally, so never Tally's to take
  });

  it('GIVEN 30 ranked members and a season reset THEN every role is given and taken back within the rate limit', async () => {
    const board = await world.tally.board({
      ownerId,
      type: 'Highscore',
      name: 'Scores',
      windowHours: 0,
    });
    const ranked = role('Scorer', 5);
    const people = Array.from({ length: 30 }, (_, i) => world.join(server, member(`p${i}`)));
    const states: EntryState[] = people.map((p, i) => ({
      playerId: `chat:${p.id}`,
      playerName: p.username,
      score: 100 + i,
      elo: null,
      wins: null,
      draws: null,
      losses: null,
      submissions: 1,
      lastSub: new Date(),
    }));
    await world.tally.ctx.repos.db.transaction((tx) =>
      world.tally.ctx.repos.results.saveEntries(tx, board as Board, states, SEEDED),
    );
    await manage(['roles', 'add'], { board: board.id, role: { roleId: ranked }, at: 1 });
    const started = Date.now();
    // Ten changes a step: three steps.
    expect(await settle(people.map((p) => [p, [ranked]]))).toBeGreaterThanOrEqual(3);
    // 5 changes per 400 ms: 30 take at least five waits; @discordjs/rest waited, no 429 served.
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 400 - 100);
    expect(world.fake.rateLimited).toBe(0);

    // Someone takes the role off half of them by hand; /roles refresh looks every one up and
    // gives it back, once, to those 15 only (the others still hold it).
    const rest = world.tally.bot!.rest;
    for (const p of people.slice(0, 15)) {
      await rest.delete(`/guilds/${server.id}/members/${p.id}/roles/${ranked}`);
    }
    const puts = () =>
      world.fake.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(`/roles/${ranked}`))
        .length;
    const before = puts();
    await manage(['roles', 'refresh'], { board: board.id });
    await settle(people.map((p) => [p, [ranked]]));
    for (let i = 0; i < 3; i++) await step(); // the refresh is over: nothing more is sent
    expect(puts() - before).toBe(15);

    await startSeason(world.tally.ctx, ownerId, board.id, {});
    await endSeason(world.tally.ctx, ownerId, board.id); // the board starts empty: roles go back
    await settle(people.map((p) => [p, []]));
    expect(world.fake.rateLimited).toBe(0);
    // Some 75 role changes at 5 per 400 ms: six seconds at best, more on a loaded machine.
  }, 60_000);
});

/**
 * Two shards of one deployment (two processes, one database) each run the scheduler: while one
 * process's role change is out (Discord slow to answer, past the next 30-second step), the
 * other's step leaves the board alone, so no member's role is given or taken by both at once.
 */
describe(`rank roles from two processes (${backendName})`, () => {
  const {
    server: shared,
    roles: { Tally: sharedTally, Ranked: ranked },
    people: { ivy },
  } = cast({
    roles: { Tally: TALLY_ROLE, Ranked: { position: 2 } },
    members: { owner: {}, ivy: {} },
    owner: 'owner',
  });
  let two: TwoProcesses;
  beforeAll(async () => {
    two = await startTwoProcesses({ guilds: [shared] });
    two.world.fake.setBotRoles(shared.id, [sharedTally.id]);
  });
  afterAll(async () => {
    await two?.stop();
  });

  it('GIVEN a role change Discord holds back past the next step THEN the other process sends none', async () => {
    const { tally, fake } = two.world;
    const ownerId = await tally.owner(`guild:${shared.id}`);
    const board = await tally.board({ ownerId, type: 'Highscore', name: 'Scores', windowHours: 0 });
    await tally.ctx.repos.db.transaction((tx) =>
      tally.ctx.repos.results.saveEntries(
        tx,
        board as Board,
        [
          {
            playerId: `chat:${ivy.id}`,
            playerName: 'ivy',
            score: 10,
            elo: null,
            wins: null,
            draws: null,
            losses: null,
            submissions: 1,
            lastSub: new Date(),
          },
        ],
        SEEDED,
      ),
    );
    await putRankRole(two.first.ctx, ownerId, board.id, {
      roleId: ranked.id,
      kind: 'value',
      threshold: 1,
    });
    const isGive = (r: { method: string; path: string }) =>
      r.method === 'PUT' && r.path === `/guilds/${shared.id}/members/${ivy.id}/roles/${ranked.id}`;
    const first = new Scheduler(two.first.ctx, [rankRolesJob(two.first.rest)]);
    const second = new Scheduler(two.second.ctx, [rankRolesJob(two.second.rest)]);

    const slow = fake.holdNext(isGive);
    const stepping = first.tick();
    await slow.arrived;
    two.advance(31_000);
    await second.tick();
    slow.release();
    await stepping;
    two.advance(31_000);
    await second.tick();

    expect(fake.memberRoles(shared.id, ivy.id)).toEqual([ranked.id]);
    expect(fake.requests.filter(isGive)).toHaveLength(1);
    const grants = await two.second.ctx.repos.rankRoles.grants(board.pk);
    expect(grants.map((g) => [g.playerId, g.roleId])).toEqual([[`chat:${ivy.id}`, ranked.id]]);
  });
});
