import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendName } from '../support/backends';
import { cast, handleIn } from '../support/cast';
import { MANAGE_SERVER, startDiscordWorld, type DiscordWorld } from '../support/discord-world';

/**
 * Everything the bot sends Discord is held against Discord's own OpenAPI description and limits,
 * and everything the fake answers or dispatches against the same description (conformance.ts).
 * This flow proves the checks run (it counts them) and that a representative session of the bot
 * passes them; every other bot suite fails on its first violation when its fake closes.
 */
const { server: arena, general, modQueue, referees, admin, alice, bob, mod } = cast();

describe(`the bot’s traffic against Discord’s API description (${backendName})`, () => {
  let world: DiscordWorld;
  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [arena] });
  });
  afterAll(async () => {
    await world?.stop(); // fails if anything was recorded after the test's own look
  });

  it('GIVEN /board create, /match report, a moderator’s Approve and /leaderboard THEN nothing violates Discord’s API, and every request, answer and dispatch was checked', async () => {
    const { fake } = world;
    const inGuild = { channelId: general.id, user: admin, permissions: MANAGE_SERVER };
    const created = await world.run({
      ...inGuild,
      command: ['board', 'create'],
      options: {
        type: 'ELO',
        name: 'Ladder',
        moderator_channel: { channelId: modQueue.id },
        moderator_role: { roleId: referees.id },
      },
    });
    const boardId = /`(board_\d+)`/.exec(created.message.content)![1]!;
    const reported = await world.run({
      channelId: general.id,
      user: alice,
      command: ['match', 'report'],
      options: { board: boardId, opponents: `<@${bob.id}>`, result: 'won' },
    });
    const handle = handleIn(reported.message.content);
    const review = await world.reviewMessage(handle);
    const { token } = await world.press(review, `review:approve:${handle}`, { user: mod });
    await world.editedOriginal(token);
    const standings = await world.run({
      channelId: general.id,
      user: bob,
      command: ['leaderboard'],
      options: { board: boardId },
    });
    expect(standings.message.embeds[0]?.description).toContain('Ali — 1016');

    expect(fake.violations).toEqual([]);
    // Every request the bot made, and every answer the fake gave, went through the checks.
    expect(fake.requests.length).toBeGreaterThan(10);
    expect(fake.checked.requests).toBe(fake.requests.length);
    expect(fake.checked.responses).toBe(fake.requests.length);
    // READY, GUILD_CREATE and four interactions.
    expect(fake.checked.dispatches).toBeGreaterThanOrEqual(6);
    const kinds = new Set(fake.requests.map((r) => `${r.method} ${r.path.split('/')[1]}`));
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'GET gateway',
        'GET guilds',
        'PATCH webhooks',
        'POST channels',
        'POST interactions',
        'PUT applications',
      ]),
    );
  });
});
