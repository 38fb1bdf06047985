import { InteractionResponseType, MessageFlags, type APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardSettings, boardsAfter, ownedBoard } from '../../src/pipeline/board-reads';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import {
  buttonsOf,
  MANAGE_SERVER,
  PATIENCE_MS,
  startDiscordWorld,
  type Callback,
  type DiscordWorld,
} from '../support/discord-world';
import type { Presser } from '../support/fake-discord';

/**
 * /setup end to end (the real discord.js client against the fake Discord): the admin's guided
 * first run through select menus, buttons and a modal, one ephemeral message updated step by
 * step; presses by anyone else, by an admin who lost Manage Server, of another server's role or
 * channel, and a modal sent twice are refused ephemerally, saying why, with nothing changed.
 */
const { server: arena, alice, carol, admin, general, modQueue, referees, inGeneral } = cast();
const other = cast({ name: 'Other' });

describe(`/setup (${backendName})`, () => {
  let world: DiscordWorld;
  const ownerId = `guild:${arena.id}`;
  const asAdmin: Presser = { user: admin, permissions: MANAGE_SERVER };

  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [arena, other.server] });
  });
  afterAll(async () => {
    await world?.stop();
  });

  const callbackOf = async (token: string) =>
    (await world.fake.waitForRequest((r) => r.path.endsWith(`/${token}/callback`), PATIENCE_MS))
      .body as Callback & { data?: { custom_id?: string; components?: unknown[] } };
  const current = (m: APIMessage) => world.fake.messages.get(m.id)!;
  const choose = async (m: APIMessage, customId: string, values: string[], who = asAdmin) =>
    callbackOf(world.fake.chooseFromMenu({ messageId: m.id, customId, values, ...who }).token);
  const submitName = async (m: APIMessage, customId: string, name: string, who = asAdmin) =>
    callbackOf(
      world.fake.submitModal({
        channelId: general.id,
        messageId: m.id,
        customId,
        values: { name },
        ...who,
      }).token,
    );
  const refusal = (callback: Callback) => {
    expect(callback.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(callback.data?.flags).toBe(MessageFlags.Ephemeral);
    return callback.data?.content ?? '';
  };
  const updated = (callback: Callback) => {
    expect(callback.type, callback.data?.content).toBe(InteractionResponseType.UpdateMessage);
    return callback.data?.content ?? '';
  };
  const start = async () => {
    const started = await world.run({ ...inGeneral(admin, MANAGE_SERVER), command: ['setup'] });
    expect(started.ephemeral).toBe(true);
    return started.message;
  };
  const boardCount = async () => (await boardsAfter(world.tally.ctx, ownerId, 0, 100)).items.length;

  it('GIVEN an admin THEN /setup walks role, channel, board type and name, live standings, and ends with a summary', async () => {
    const refused = await world.run({ ...inGeneral(alice), command: ['setup'] });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toContain('Manage Server');
    const inDm = await world.run({ user: admin, command: ['setup'] });
    expect(inDm.ephemeral).toBe(true);
    expect(inDm.message.content).toContain('/setup sets up a server; run it there');

    const m = await start();
    expect(m.content).toContain('step 1 of 4');
    const [roleSelect, skipRole] = buttonsOf(m);
    expect(roleSelect).toBe(`setup:role:${admin.id}:-:-`);
    expect(skipRole).toBe(`setup:skiprole:${admin.id}:-:-`);

    // Someone else, even a manager, cannot go on with the admin's setup.
    const foreign = await choose(m, roleSelect!, [referees.id], {
      user: carol,
      permissions: MANAGE_SERVER,
    });
    expect(refusal(foreign)).toContain('who ran `/setup`');
    expect(current(m).content).toContain('step 1 of 4');

    expect(updated(await choose(m, roleSelect!, [referees.id]))).toContain('step 2 of 4');
    const [channelSelect] = buttonsOf(current(m));
    expect(channelSelect).toBe(`setup:channel:${admin.id}:${referees.id}:-`);
    expect(updated(await choose(current(m), channelSelect!, [modQueue.id]))).toContain(
      'step 3 of 4',
    );
    const [typeSelect] = buttonsOf(current(m));
    const modal = await choose(current(m), typeSelect!, ['ELO']);
    expect(modal.type).toBe(InteractionResponseType.Modal);
    const modalId = modal.data!.custom_id!;
    expect(modalId).toBe(`setup:name:${admin.id}:${referees.id}:${modQueue.id}:ELO`);
    expect(modalId.length).toBeLessThanOrEqual(100);

    const before = await boardCount();
    const step4 = updated(await submitName(current(m), modalId, 'Weekly ladder'));
    expect(step4).toContain('step 4 of 4: created **Weekly ladder**');
    const boardId = /board_\d+/.exec(step4)![0];
    const board = await ownedBoard(world.tally.ctx, ownerId, boardId);
    expect(board).toMatchObject({
      type: 'ELO',
      displayName: 'Weekly ladder',
      moderatorRoleId: referees.id,
      moderatorChannelId: modQueue.id,
    });
    // The same modal sent again (the message has moved on) makes no second board.
    const twice = await submitName(current(m), modalId, 'Weekly ladder');
    expect(refusal(twice)).toContain('moved on');
    expect(await boardCount()).toBe(before + 1);

    const [liveSelect] = buttonsOf(current(m));
    expect(liveSelect).toBe(`setup:live:${admin.id}:${board.pk}`);
    const summary = updated(await choose(current(m), liveSelect!, [general.id]));
    expect(summary).toContain('done. **Weekly ladder**');
    expect(summary).toContain(`moderator role: <@&${referees.id}>`);
    expect(summary).toContain(`review channel: <#${modQueue.id}>`);
    expect(summary).toContain(`live standings: <#${general.id}>`);
    expect(summary).toContain(`/match report board:${boardId}`);
    expect(buttonsOf(current(m))).toEqual([]);
    expect((await boardSettings(world.tally.ctx, board)).live?.channelId).toBe(general.id);
  });

  it('GIVEN every step skipped THEN the board has no moderator role, review channel or live standings', async () => {
    const m = await start();
    const skip = (i: number) => world.press(current(m), buttonsOf(current(m))[i]!, asAdmin);
    expect(updated((await skip(1)).callback)).toContain('step 2 of 4');
    expect(updated((await skip(1)).callback)).toContain('step 3 of 4');
    const modal = await choose(current(m), buttonsOf(current(m))[0]!, ['Classic']);
    const step4 = updated(await submitName(current(m), modal.data!.custom_id!, 'Speedruns'));
    const board = await ownedBoard(world.tally.ctx, ownerId, /board_\d+/.exec(step4)![0]);
    expect(board).toMatchObject({
      type: 'Classic',
      moderatorRoleId: null,
      moderatorChannelId: null,
    });
    const summary = updated((await skip(1)).callback);
    expect(summary).toContain('live standings: none');
    expect(summary).toContain(`/score submit board:${board.id}`);
    expect((await boardSettings(world.tally.ctx, board)).live).toBeFalsy();
  });

  it("GIVEN another server's role or channel, an admin without Manage Server, or a bad name THEN each is refused and nothing changes", async () => {
    const m = await start();
    const [roleSelect] = buttonsOf(m);
    const strangeRole = await choose(m, roleSelect!, [other.referees.id]);
    expect(refusal(strangeRole)).toContain('not a role of this server');
    const everyone = await choose(m, roleSelect!, [arena.id]);
    expect(refusal(everyone)).toContain('@everyone');
    const demoted = await choose(m, roleSelect!, [referees.id], { user: admin });
    expect(refusal(demoted)).toContain('Manage Server');
    expect(current(m).content).toContain('step 1 of 4');

    updated(await choose(m, roleSelect!, [referees.id]));
    const [channelSelect] = buttonsOf(current(m));
    const strangeChannel = await choose(current(m), channelSelect!, [other.general.id]);
    expect(refusal(strangeChannel)).toContain('is not a text channel of this server');
    expect(current(m).content).toContain('step 2 of 4');

    updated(await choose(current(m), channelSelect!, [modQueue.id]));
    const modal = await choose(current(m), buttonsOf(current(m))[0]!, ['League']);
    const modalId = modal.data!.custom_id!;
    const before = await boardCount();
    const blank = await submitName(current(m), modalId, '   ');
    expect(refusal(blank)).toContain('board name must have a visible character');
    // A forged modal naming another server's channel matches no step the message shows.
    const forged = modalId.replace(modQueue.id, other.general.id);
    const sneaky = await submitName(current(m), forged, 'Sneaky');
    expect(refusal(sneaky)).toContain('moved on');
    expect(await boardCount()).toBe(before);
    expect(current(m).content).toContain('step 3 of 4');
  });
});
