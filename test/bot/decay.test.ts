import { In } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntryHistoryEntity } from '../../entities/entry-history';
import { JOBS } from '../../src/pipeline/jobs';
import { Scheduler } from '../../src/pipeline/scheduler';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import { MANAGE_SERVER, startDiscordWorld, type DiscordWorld } from '../support/discord-world';

/**
 * Decay as a server sees it: set by /board decay (Manage Server), shown in /board info, applied
 * by the scheduler (here under a moved clock, and restarted midway), and explained in /rank.
 */
const { server, general, alice, bob, admin } = cast();
const DAY = 86_400_000;

describe(`/board decay (${backendName})`, () => {
  let world: DiscordWorld;
  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [server] });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('GIVEN decay set in chat THEN idle players lose rating step by step to the floor, once per step, and /rank says why', async () => {
    const { tally } = world;
    const ownerId = await tally.owner(`guild:${server.id}`);
    // Reviewed by the operator (no moderator channel): Alice 1016, Bob 984, both active now.
    const board = await tally.board({ ownerId, type: 'ELO', name: 'Ladder' });
    const key = await tally.key({ ownerId });
    await world.approvedMatch(board, key, alice, bob);
    const options = { board: board.id, amount: 10, after_days: 7, every_hours: 24, floor: 990 };

    const refused = await world.run({
      user: alice,
      channelId: general.id,
      command: ['board', 'decay'],
      options,
    });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toContain('/board decay needs the Manage Server permission');

    const set = await world.run({
      user: admin,
      permissions: MANAGE_SERVER,
      channelId: general.id,
      command: ['board', 'decay'],
      options,
    });
    expect(set.message.content).toMatch(
      new RegExp(
        `^Decay on \`${board.id}\`: 10 points every 24 h after 7 days without a result, not below 990\\. The first step is <t:\\d+:R>; inactivity counts from now\\.$`,
      ),
    );
    const info = await world.run({
      user: alice,
      channelId: general.id,
      command: ['board', 'info'],
      options: { board: board.id },
    });
    expect(info.message.embeds[0]?.description).toContain(
      'decay: 10 points every 24 h after 7 days without a result, not below 990',
    );

    // Ten days pass for a scheduler of its own (a restart at day 5); Tally's own sees none due.
    const start = Date.now();
    let now = new Date(start);
    const moved = { ...tally.ctx, now: () => now };
    let scheduler = new Scheduler(moved, JOBS);
    let steps = 0;
    for (let day = 1; day <= 10; day++) {
      now = new Date(start + day * DAY + 60_000);
      if (day === 5) scheduler = new Scheduler(moved, JOBS);
      steps += await scheduler.tick();
    }
    expect(steps).toBeGreaterThanOrEqual(10); // ten decay steps, and expiry sweeps
    // Each step once: Alice loses at days 7, 8 and 9 (to the floor), one change each.
    const changes = await tally.ctx.repos.db.run((m) =>
      m.find(EntryHistoryEntity, {
        where: { boardPk: board.pk, kind: In(['decay', 'season']) },
        order: { at: 'ASC' },
      }),
    );
    expect(changes.map((c) => [c.playerId, c.delta])).toEqual([
      [`chat:${alice.id}`, -10],
      [`chat:${alice.id}`, -10],
      [`chat:${alice.id}`, -6],
    ]);
    expect(new Set(changes.map((c) => c.at.getTime())).size).toBe(3);
    const entries = (
      (await tally.request('GET', `/v1/boards/${board.id}/entries`, { key })).body as {
        data: { player_id: string; elo: number }[];
      }
    ).data;
    expect(entries.map((e) => [e.player_id, e.elo])).toEqual([
      [`chat:${alice.id}`, 990],
      [`chat:${bob.id}`, 984],
    ]);

    const rank = await world.run({
      user: alice,
      channelId: general.id,
      command: ['rank'],
      options: { board: board.id },
    });
    expect(rank.message.embeds[0]?.description).toMatch(
      /\nLast change without a result: −6 \(decay: no result for 7\+ days\) <t:\d+:R>$/,
    );
  });
});
