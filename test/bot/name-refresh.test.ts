import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import { PATIENCE_MS, startDiscordWorld, type DiscordWorld } from '../support/discord-world';
import type { FakeMember } from '../support/fake-discord';
import { idempotencyHeader } from '../support/tally';

/**
 * Issue 5.5: names in standings follow the platform. A member who changes their nickname is
 * shown under the new one on every board of that server once they next use Tally; other
 * servers' boards and match history keep what they had. Each test renames members of its own:
 * fresh ones of the usual cast, who join the servers.
 */
const { server: arena, general } = cast();
const { server: elsewhere } = cast({ name: 'Elsewhere' });

describe(`display names follow Discord (${backendName})`, () => {
  let world: DiscordWorld;
  let key: string;
  let otherKey: string;
  let n = 0;

  beforeAll(async () => {
    world = await startDiscordWorld({
      guilds: [arena, elsewhere],
      discord: { loginRetryMs: 50 },
    });
    key = await world.tally.key({ ownerId: await world.tally.owner(`guild:${arena.id}`) });
    otherKey = await world.tally.key({
      ownerId: await world.tally.owner(`guild:${elsewhere.id}`),
    });
  });
  afterAll(async () => {
    await world?.stop();
  });

  async function scoreboard(ownerId: string, k: string, players: FakeMember[]) {
    const board = await world.tally.board({ ownerId, type: 'Highscore', windowHours: 0 });
    for (const p of players) {
      const res = await world.tally.request('POST', `/v1/boards/${board.id}/scores`, {
        key: k,
        headers: idempotencyHeader(),
        body: JSON.stringify({ player: { chat_id: p.id }, score: 10 + ++n }),
      });
      expect(res.status).toBe(201);
    }
    return board.id;
  }
  const nameOn = async (boardId: string, k: string, user: FakeMember) => {
    const res = await world.tally.request('GET', `/v1/boards/${boardId}/entries/${user.id}`, {
      key: k,
    });
    return (res.body as { player_name: string }).player_name;
  };

  it('GIVEN a nickname change WHEN the member next uses a command THEN every board of that server shows the new name, and nothing else changes', async () => {
    const { alice, bob } = cast();
    world.join(arena, alice);
    world.join(elsewhere, alice);
    world.join(arena, bob);
    const first = await scoreboard(`guild:${arena.id}`, key, [alice, bob]);
    const second = await scoreboard(`guild:${arena.id}`, key, [alice]);
    const foreign = await scoreboard(`guild:${elsewhere.id}`, otherKey, [alice]);
    expect(await nameOn(first, key, alice)).toBe('Ali');
    expect(await nameOn(foreign, otherKey, alice)).toBe('Ali');

    alice.nick = 'Alicia';
    world.fake.runCommand({ channelId: general.id, user: alice, command: ['board', 'list'] });
    await vi.waitFor(async () => expect(await nameOn(first, key, alice)).toBe('Alicia'), {
      timeout: PATIENCE_MS,
      interval: 50,
    });
    expect(await nameOn(second, key, alice)).toBe('Alicia');
    expect(await nameOn(first, key, bob)).toBe('Bobby'); // someone else's entry is untouched
    // Another server's workspace is another owner: its boards learn names on their own.
    expect(await nameOn(foreign, otherKey, alice)).toBe('Ali');
  });

  it('GIVEN the nickname is removed THEN the global name, then the username, is shown', async () => {
    const bob = world.join(arena, cast().bob);
    const board = await scoreboard(`guild:${arena.id}`, key, [bob]);
    bob.globalName = null;
    world.fake.runCommand({ channelId: general.id, user: bob, command: ['board', 'list'] });
    await vi.waitFor(async () => expect(await nameOn(board, key, bob)).toBe('bob'), {
      timeout: PATIENCE_MS,
      interval: 50,
    });
  });
});
