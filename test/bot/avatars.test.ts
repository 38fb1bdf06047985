import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findOwner } from '../../src/pipeline/owners';
import { ownerIcon, playerAvatars } from '../../src/pipeline/avatars';
import { backendName } from '../support/backends';
import { cast, member } from '../support/cast';
import { PATIENCE_MS, startDiscordWorld, type DiscordWorld } from '../support/discord-world';
import { idempotencyHeader } from '../support/tally';

/**
 * Issue 29 item 2: Tally records members' avatars and the server's icon when it sees them, with
 * no privileged intent: an interaction carries its member (their avatar and the one they set for
 * the server), a REST lookup of a name carries the member too, GUILD_CREATE and GUILD_UPDATE
 * carry the server's icon. What is recorded is what the pages and the card show.
 */
const hash = (c: string) => c.repeat(32);
const CDN = 'https://cdn.discordapp.com';
const { server: arena, general, alice, bob } = cast();
alice.avatar = hash('a');
alice.serverAvatar = hash('b');
bob.avatar = `a_${hash('c')}`;
arena.icon = hash('d');

describe(`avatars and server icons from Discord (${backendName})`, () => {
  let world: DiscordWorld;
  let ownerId: string;
  let key: string;
  const pictures = async (...ids: string[]) =>
    Object.fromEntries(
      await playerAvatars(
        world.tally.ctx,
        ownerId,
        ids.map((id) => `chat:${id}`),
      ),
    );
  const icon = async () => ownerIcon(world.tally.ctx, (await findOwner(world.tally.ctx, ownerId))!);

  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [arena], discord: { loginRetryMs: 50 } });
    ownerId = await world.tally.owner(`guild:${arena.id}`);
    key = await world.tally.key({ ownerId });
  });
  afterAll(async () => {
    await world?.stop();
  });

  // Each test sets the avatars it reads: CI runs this file's tests in a shuffled order too.
  it('GIVEN a member runs a command THEN their server avatar is recorded before their own, and the server icon the interaction came with', async () => {
    alice.serverAvatar = hash('b');
    await world.run({ channelId: general.id, user: alice, command: ['board', 'list'] });
    await vi.waitFor(
      async () =>
        expect(await pictures(alice.id)).toEqual({
          [`chat:${alice.id}`]: `${CDN}/guilds/${arena.id}/users/${alice.id}/avatars/${hash('b')}`,
        }),
      { timeout: PATIENCE_MS, interval: 50 },
    );
    await vi.waitFor(
      async () => expect(await icon()).toBe(`${CDN}/icons/${arena.id}/${hash('d')}`),
      {
        timeout: PATIENCE_MS,
        interval: 50,
      },
    );
  });

  it('GIVEN a member removes their server avatar THEN their own shows at their next command', async () => {
    alice.serverAvatar = hash('b');
    await world.run({ channelId: general.id, user: alice, command: ['board', 'list'] });
    await vi.waitFor(
      async () =>
        expect((await pictures(alice.id))[`chat:${alice.id}`]).toBe(
          `${CDN}/guilds/${arena.id}/users/${alice.id}/avatars/${hash('b')}`,
        ),
      { timeout: PATIENCE_MS, interval: 50 },
    );
    alice.serverAvatar = null;
    await world.run({ channelId: general.id, user: alice, command: ['board', 'list'] });
    await vi.waitFor(
      async () =>
        expect((await pictures(alice.id))[`chat:${alice.id}`]).toBe(
          `${CDN}/avatars/${alice.id}/${hash('a')}`,
        ),
      { timeout: PATIENCE_MS, interval: 50 },
    );
  });

  it('GIVEN the server changes its icon THEN GUILD_UPDATE records the new one; removed, none', async () => {
    world.fake.updateGuild(arena.id, { icon: hash('e') });
    await vi.waitFor(
      async () => expect(await icon()).toBe(`${CDN}/icons/${arena.id}/${hash('e')}`),
      {
        timeout: PATIENCE_MS,
        interval: 50,
      },
    );
    world.fake.updateGuild(arena.id, { icon: null });
    await vi.waitFor(async () => expect(await icon()).toBeNull(), {
      timeout: PATIENCE_MS,
      interval: 50,
    });
    // Back to the icon the server started with, for the tests that read it.
    world.fake.updateGuild(arena.id, { icon: hash('d') });
    await vi.waitFor(
      async () => expect(await icon()).toBe(`${CDN}/icons/${arena.id}/${hash('d')}`),
      { timeout: PATIENCE_MS, interval: 50 },
    );
  });

  it('GIVEN a result names members who never used Tally THEN the name lookup over REST records their avatars; none is none', async () => {
    const carol = world.join(arena, member('carol'));
    world.join(arena, bob);
    const board = await world.tally.board({ ownerId, type: 'Highscore', windowHours: 0 });
    for (const p of [bob, carol]) {
      const res = await world.tally.request('POST', `/v1/boards/${board.id}/scores`, {
        key,
        headers: idempotencyHeader(),
        body: JSON.stringify({ player: { chat_id: p.id }, score: 10 }),
      });
      expect(res.status).toBe(201);
    }
    await vi.waitFor(
      async () =>
        expect(await pictures(bob.id, carol.id)).toEqual({
          [`chat:${bob.id}`]: `${CDN}/avatars/${bob.id}/a_${hash('c')}`,
        }),
      { timeout: PATIENCE_MS, interval: 50 },
    );
  });

  it('GIVEN a forged hash in a payload THEN nothing of it reaches an address', async () => {
    const mallory = world.join(arena, member('mallory', { avatar: '../../evil.example/x' }));
    await world.run({ channelId: general.id, user: mallory, command: ['board', 'list'] });
    // The write is fire and forget: a later member's record shows it has run.
    await world.run({ channelId: general.id, user: bob, command: ['board', 'list'] });
    expect((await pictures(mallory.id))[`chat:${mallory.id}`]).toBeUndefined();
  });
});
