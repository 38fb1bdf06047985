import { InteractionResponseType, MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from '../../src/pipeline/context';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import {
  buttonsOf,
  MANAGE_SERVER,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';

/**
 * /board delete end to end (the real discord.js client against the fake Discord): the ephemeral
 * confirmation with what would be lost, then Delete by the member who asked; another member's
 * press, a late press and a press once it is deleted are refused, saying why.
 */
const { server: arena, alice, bob, carol, admin, inGeneral } = cast();

describe(`/board delete (${backendName})`, () => {
  let world: DiscordWorld;
  let ownerId: string;
  let key: string;

  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [arena] });
    ownerId = await world.tally.owner(`guild:${arena.id}`);
    key = await world.tally.key({ ownerId });
  });
  afterAll(async () => {
    await world?.stop();
  });

  const ladder = async () => {
    const board = await world.tally.board({ ownerId, type: 'ELO', name: 'Ladder' });
    await world.approvedMatch(board, key, alice, bob);
    return board;
  };
  const ask = (boardId: string, who = admin) =>
    world.run({
      ...inGeneral(who, MANAGE_SERVER),
      command: ['board', 'delete'],
      options: { board: boardId },
    });
  const refusal = (callback: { type: number; data?: { flags?: number; content?: string } }) => {
    expect(callback.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(callback.data?.flags).toBe(MessageFlags.Ephemeral);
    return callback.data?.content ?? '';
  };

  it('GIVEN /board delete THEN Manage Server is required, the ephemeral confirmation counts what goes, and Delete by the asker deletes: API 404, a second press refused', async () => {
    const board = await ladder();
    const refused = await world.run({
      ...inGeneral(alice),
      command: ['board', 'delete'],
      options: { board: board.id },
    });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toContain('Manage Server');

    const asked = await ask(board.id);
    const askedTwice = await ask(board.id);
    expect(asked.ephemeral).toBe(true);
    expect(asked.message.content).toContain('**Ladder**');
    expect(asked.message.content).toContain('2 entries, 1 match');
    const [del, cancel] = buttonsOf(asked.message);
    expect(del).toMatch(/^boarddelete:delete:/);
    expect(cancel).toMatch(/^boarddelete:cancel:/);
    // Nothing is deleted by asking.
    expect((await world.tally.request('GET', `/v1/boards/${board.id}`, { key })).status).toBe(200);

    const other = await world.press(asked.message, del!, {
      user: carol,
      permissions: MANAGE_SERVER,
    });
    expect(refusal(other.callback)).toContain('who asked to delete this board');
    expect((await world.tally.request('GET', `/v1/boards/${board.id}`, { key })).status).toBe(200);

    const done = await world.press(asked.message, del!, {
      user: admin,
      permissions: MANAGE_SERVER,
    });
    expect(done.callback.type).toBe(InteractionResponseType.UpdateMessage);
    expect(done.callback.data?.content).toContain('Deleted **Ladder**');
    const gone = await world.tally.request('GET', `/v1/boards/${board.id}`, { key });
    expect(gone.status).toBe(404);
    expect((gone.body as { code: string }).code).toBe('not_found');

    // The answered message has no buttons left; a second confirmation finds the board gone.
    const again = await world.press(asked.message, del!, {
      user: admin,
      permissions: MANAGE_SERVER,
    });
    expect(refusal(again.callback)).toContain('not on this message');
    const late = await world.press(askedTwice.message, buttonsOf(askedTwice.message)[0]!, {
      user: admin,
      permissions: MANAGE_SERVER,
    });
    expect(refusal(late.callback)).toContain('deleted already');
    const missing = await ask(board.id);
    expect(missing.message.content).toContain(`No board "${board.id}"`);
  });

  it('GIVEN the confirmation WHEN Cancel, or Delete after the time limit THEN nothing is deleted', async () => {
    const board = await ladder();
    const asked = await ask(board.id);
    const [del, cancel] = buttonsOf(asked.message);
    const cancelled = await world.press(asked.message, cancel!, {
      user: admin,
      permissions: MANAGE_SERVER,
    });
    expect(cancelled.callback.data?.content).toContain('nothing was deleted');

    const late = await ask(board.id);
    const ctx = world.tally.ctx as { now: Context['now'] };
    const realNow = ctx.now;
    ctx.now = () => new Date(realNow().getTime() + 3 * 60_000);
    try {
      const pressed = await world.press(late.message, buttonsOf(late.message)[0]!, {
        user: admin,
        permissions: MANAGE_SERVER,
      });
      expect(refusal(pressed.callback)).toContain('ran out');
    } finally {
      ctx.now = realNow;
    }
    expect(del).toBeDefined();
    expect((await world.tally.request('GET', `/v1/boards/${board.id}`, { key })).status).toBe(200);
  });
});
