import { afterEach, describe, expect, it } from 'vitest';
import { cast, channel } from '../support/cast';
import { FakeDiscord, LIMITS, snowflake } from '../support/fake-discord';
import { eventually } from '../support/wait';

/**
 * The fake Discord refuses what Discord refuses, as Discord refuses it, and checks what it is sent
 * against Discord's OpenAPI description: raw HTTP, no bot, so each refusal is seen on the wire.
 */
const APP = snowflake();
const TOKEN = 'fake-bot-token';
const { server: arena, general, alice } = cast();
const ANSWERED_LATER = 4; // interaction callback: a reply
const DEFERRED_UPDATE = 6;

type Answer = { status: number; body: { code?: number; message?: string; errors?: unknown } };

let fake: FakeDiscord | undefined;
afterEach(async () => {
  fake?.takeViolations(); // each test asserts on what it provoked
  await fake?.close();
  fake = undefined;
});

async function start(timing: { ackWindowMs?: number; tokenLifetimeMs?: number } = {}) {
  fake = await FakeDiscord.start({ applicationId: APP, token: TOKEN, guilds: [arena], ...timing });
  return fake;
}

/** One request as the bot would send it (the bot token unless the path carries its own). */
async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${fake!.apiUrl}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: res.status,
    body: res.status === 204 ? {} : ((await res.json()) as Answer['body']),
  };
}
const post = (body: unknown, channelId = general.id) =>
  call('POST', `/channels/${channelId}/messages`, body);
const fieldError = (answer: Answer, ...at: string[]) =>
  at.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], answer.body.errors);

const text = (n: number) => 'x'.repeat(n);
const button = (id: string, label = 'Go') => ({ type: 2, style: 1, custom_id: id, label });
const row = (...components: object[]) => ({ type: 1, components });

describe('the fake Discord refuses messages Discord refuses', () => {
  it('GIVEN content of 2001 characters THEN 400 Invalid Form Body naming content, and 2000 is fine', async () => {
    await start();
    const refused = await post({ content: text(LIMITS.content + 1) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 50035, message: 'Invalid Form Body' });
    expect(fieldError(refused, 'content', '_errors')).toEqual([
      { code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' },
    ]);
    expect(fake!.takeViolations()).toContain(
      'POST /channels/{channel_id}/messages request: /content Must be 2000 or fewer in length.',
    );
    expect((await post({ content: text(LIMITS.content) })).status).toBe(200);
    expect(fake!.violations).toEqual([]);
  });

  it('GIVEN a message with nothing to show THEN 400 Cannot send an empty message (50006)', async () => {
    await start();
    for (const body of [{}, { content: '' }, { content: '', embeds: [], components: [] }]) {
      expect(await post(body)).toEqual({
        status: 400,
        body: { code: 50006, message: 'Cannot send an empty message' },
      });
    }
    const { body: message } = await post({ content: 'hi' });
    const edit = await call(
      'PATCH',
      `/channels/${general.id}/messages/${String((message as { id: string }).id)}`,
      {
        content: '',
      },
    );
    expect(edit.body).toMatchObject({ code: 50006 });
    expect(fake!.takeViolations()).toHaveLength(4);
  });

  const embed = (parts: object) => ({ embeds: [{ title: 'Ladder', ...parts }] });
  const field = (name: string, value: string) => ({ name, value });
  it.each([
    ['11 embeds', { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, ['embeds']],
    ['a title of 257', embed({ title: text(257) }), ['embeds', '0', 'title']],
    ['a description of 4097', embed({ description: text(4097) }), ['embeds', '0', 'description']],
    [
      '26 fields',
      embed({ fields: Array.from({ length: 26 }, () => field('a', 'b')) }),
      ['embeds', '0', 'fields'],
    ],
    [
      'a field name of 257',
      embed({ fields: [field(text(257), 'b')] }),
      ['embeds', '0', 'fields', '0', 'name'],
    ],
    [
      'a field value of 1025',
      embed({ fields: [field('a', text(1025))] }),
      ['embeds', '0', 'fields', '0', 'value'],
    ],
    [
      'a footer of 2049',
      embed({ footer: { text: text(2049) } }),
      ['embeds', '0', 'footer', 'text'],
    ],
    [
      'an author name of 257',
      embed({ author: { name: text(257) } }),
      ['embeds', '0', 'author', 'name'],
    ],
    [
      '6001 characters across embeds',
      { embeds: [{ description: text(4000) }, { description: text(2001) }] },
      ['embeds'],
    ],
    [
      '6 action rows',
      { components: Array.from({ length: 6 }, (_, i) => row(button(`b${i}`))) },
      ['components'],
    ],
    [
      '6 buttons in a row',
      { components: [row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)))] },
      ['components', '0', 'components'],
    ],
    [
      'a custom id of 101',
      { components: [row(button(text(101)))] },
      ['components', '0', 'components', '0', 'custom_id'],
    ],
    [
      'a button label of 81',
      { components: [row(button('b', text(81)))] },
      ['components', '0', 'components', '0', 'label'],
    ],
    [
      'a select with 26 options',
      {
        components: [
          row({
            type: 3,
            custom_id: 'pick',
            options: Array.from({ length: 26 }, (_, i) => ({ label: `o${i}`, value: `${i}` })),
          }),
        ],
      },
      ['components', '0', 'components', '0', 'options'],
    ],
    [
      'two buttons with one custom id',
      { components: [row(button('same'), button('same'))] },
      ['components', '0', 'components', '1', 'custom_id'],
    ],
  ])('GIVEN %s THEN 400 Invalid Form Body at that field', async (_, body, at) => {
    await start();
    const refused = await post(body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(50035);
    expect(fieldError(refused, ...at, '_errors')).toBeInstanceOf(Array);
    expect(fake!.takeViolations().length).toBeGreaterThan(0);
  });

  it('GIVEN a body off Discord’s schema THEN it is refused and the violation names the field; a good body passes and its answer is checked too', async () => {
    await start();
    const refused = await post({ content: 5 });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(50035);
    expect(fake!.takeViolations()).toEqual([
      'POST /channels/{channel_id}/messages request: /content must be string,null',
    ]);
    const before = { ...fake!.checked };
    const good = await post({
      content: 'Ladder',
      embeds: [{ title: 'Ladder', fields: [{ name: 'Team 1', value: 'Ali' }] }],
      components: [row(button('review:approve:sub_1'))],
    });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({
      flags: 0,
      embeds: [{ type: 'rich', fields: [{ inline: false }] }],
      components: [{ id: 1, components: [{ id: 2 }] }],
    });
    expect(fake!.violations).toEqual([]);
    expect(fake!.checked.requests).toBe(before.requests + 1);
    expect(fake!.checked.responses).toBe(before.responses + 1);
  });

  it('GIVEN the bot looks up the server, its channels, a member, its roles and a user THEN each answer is Discord’s shape', async () => {
    await start();
    const reads = [
      `/guilds/${arena.id}`,
      `/guilds/${arena.id}/channels`,
      `/guilds/${arena.id}/members/${alice.id}`,
      `/guilds/${arena.id}/roles`,
      `/channels/${general.id}`,
      `/users/${alice.id}`,
      '/gateway/bot',
    ];
    for (const path of reads) expect((await call('GET', path)).status, path).toBe(200);
    expect(await call('GET', `/guilds/${snowflake()}`)).toEqual({
      status: 404,
      body: { code: 10004, message: 'Unknown Guild' },
    });
    expect(fake!.violations).toEqual([]);
    expect(fake!.checked.responses).toBe(reads.length + 1);
  });

  it('GIVEN a path Discord has no operation for THEN it is a violation', async () => {
    await start();
    await call('GET', '/channels/1/not-a-thing');
    expect(fake!.takeViolations()).toEqual([
      "GET /channels/1/not-a-thing: no such operation in Discord's API description",
    ]);
  });
});

describe('the fake Discord holds the bot to the interaction rules', () => {
  /** A message with a button, and a press of it: an interaction waiting for its response. */
  async function pressed() {
    const { body } = await post({ components: [row(button('go'))] });
    return fake!.clickButton({
      messageId: (body as unknown as { id: string }).id,
      customId: 'go',
      user: alice,
    });
  }
  const respond = (i: { id: string; token: string }, type: number, data?: object) =>
    call('POST', `/interactions/${i.id}/${i.token}/callback`, { type, ...(data ? { data } : {}) });
  const editOriginal = (i: { token: string }) =>
    call('PATCH', `/webhooks/${APP}/${i.token}/messages/@original`, { content: 'done' });
  const followUp = (i: { token: string }) =>
    call('POST', `/webhooks/${APP}/${i.token}?wait=true`, { content: 'and another thing' });

  it('GIVEN an interaction acknowledged once THEN a second acknowledgement is 400 40060', async () => {
    await start();
    const interaction = await pressed();
    expect((await respond(interaction, DEFERRED_UPDATE)).status).toBe(204);
    expect(await respond(interaction, ANSWERED_LATER, { content: 'again' })).toEqual({
      status: 400,
      body: { code: 40060, message: 'Interaction has already been acknowledged.' },
    });
    expect(fake!.takeViolations()).toHaveLength(1);
  });

  it('GIVEN the acknowledgement comes after the window THEN 404 Unknown interaction (10062)', async () => {
    await start({ ackWindowMs: 50 });
    const interaction = await pressed();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await respond(interaction, DEFERRED_UPDATE)).toEqual({
      status: 404,
      body: { code: 10062, message: 'Unknown interaction' },
    });
    expect(fake!.takeViolations()).toHaveLength(1);
  });

  it('GIVEN no acknowledgement yet THEN @original edits and follow-ups are 404 Unknown Webhook; after it they work', async () => {
    await start();
    const interaction = await pressed();
    const unknownWebhook = { status: 404, body: { code: 10015, message: 'Unknown Webhook' } };
    expect(await editOriginal(interaction)).toEqual(unknownWebhook);
    expect(await followUp(interaction)).toEqual(unknownWebhook);
    expect(fake!.takeViolations()).toHaveLength(2);
    await respond(interaction, DEFERRED_UPDATE);
    expect((await editOriginal(interaction)).status).toBe(200);
    expect((await followUp(interaction)).status).toBe(200);
    expect(fake!.violations).toEqual([]);
  });

  it('GIVEN the token lifetime has passed THEN the webhook answers 401 Invalid Webhook Token (50027)', async () => {
    await start({ tokenLifetimeMs: 100 });
    const interaction = await pressed();
    await respond(interaction, DEFERRED_UPDATE);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const invalid = { status: 401, body: { code: 50027, message: 'Invalid Webhook Token' } };
    expect(await editOriginal(interaction)).toEqual(invalid);
    expect(await followUp(interaction)).toEqual(invalid);
    expect(fake!.takeViolations()).toHaveLength(2);
  });
});

describe('the fake Discord lets a test shut the bot out', () => {
  it('GIVEN a denied channel THEN posts and edits get 403 until it is allowed again, and none is a violation', async () => {
    await start();
    const { body } = await post({ content: 'before' });
    const edit = () =>
      call('PATCH', `/channels/${general.id}/messages/${(body as unknown as { id: string }).id}`, {
        content: 'after',
      });
    fake!.denyChannel(general.id, 'missing_access');
    const missingAccess = { status: 403, body: { code: 50001, message: 'Missing Access' } };
    expect(await post({ content: 'x' })).toEqual(missingAccess);
    expect(await post({ content: 'retry' })).toEqual(missingAccess);
    expect(await edit()).toEqual(missingAccess);
    fake!.denyChannel(general.id, 'missing_permissions');
    expect(await post({ content: 'x' })).toEqual({
      status: 403,
      body: { code: 50013, message: 'Missing Permissions' },
    });
    fake!.allowChannel(general.id);
    expect((await post({ content: 'x' })).status).toBe(200);
    expect((await edit()).status).toBe(200);
    expect(fake!.violations).toEqual([]);
  });

  it('GIVEN a deleted channel THEN 404 Unknown Channel (10003)', async () => {
    await start();
    fake!.deleteChannel(general.id);
    expect(await post({ content: 'x' })).toEqual({
      status: 404,
      body: { code: 10003, message: 'Unknown Channel' },
    });
  });

  it('GIVEN a user who closed their DMs THEN the DM channel opens but a post in it gets 403 50007', async () => {
    await start();
    fake!.closeDms(alice.id);
    const dm = await call('POST', '/users/@me/channels', { recipient_id: alice.id });
    expect(dm.status).toBe(200);
    const dmId = (dm.body as unknown as { id: string }).id;
    expect(await post({ content: 'psst' }, dmId)).toEqual({
      status: 403,
      body: { code: 50007, message: 'Cannot send messages to this user' },
    });
    fake!.openDms(alice.id);
    expect((await post({ content: 'psst' }, dmId)).status).toBe(200);
    expect(fake!.violations).toEqual([]);
  });
});

describe('the fake Discord answers a post sent again as Discord does', () => {
  const idOf = (answer: Answer) => (answer.body as unknown as { id: string }).id;
  const inGeneral = () => [...fake!.messages.values()].filter((m) => m.channel_id === general.id);

  it('GIVEN a nonce with enforce_nonce THEN a second post with it returns the first message and creates none', async () => {
    await start();
    const first = await post({ content: 'top', nonce: 'ls-1', enforce_nonce: true });
    const again = await post({ content: 'top, later', nonce: 'ls-1', enforce_nonce: true });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(idOf(again)).toBe(idOf(first));
    expect((again.body as { content?: string }).content).toBe('top');
    // The author's nonce, whatever the channel.
    const elsewhere = channel('elsewhere');
    arena.channels.push(elsewhere);
    try {
      const moved = await post({ content: 'x', nonce: 'ls-1', enforce_nonce: true }, elsewhere.id);
      expect(idOf(moved)).toBe(idOf(first));
    } finally {
      arena.channels.pop();
    }
    expect(inGeneral()).toHaveLength(1);
  });

  it('GIVEN the same nonce without enforce_nonce, another nonce, or the first message deleted THEN a new message each time', async () => {
    await start();
    const first = await post({ content: 'a', nonce: 'n-1', enforce_nonce: true });
    const unenforced = await post({ content: 'b', nonce: 'n-1' });
    const other = await post({ content: 'c', nonce: 'n-2', enforce_nonce: true });
    expect(new Set([idOf(first), idOf(unenforced), idOf(other)]).size).toBe(3);
    fake!.deleteMessage(idOf(first));
    const after = await post({ content: 'd', nonce: 'n-1', enforce_nonce: true });
    expect(idOf(after)).not.toBe(idOf(first));
    expect(inGeneral()).toHaveLength(3);
  });

  it('GIVEN a held post THEN nothing is created until it is released, then it is answered as usual', async () => {
    await start();
    const hold = fake!.holdNext((r) => r.method === 'POST' && r.path.endsWith('/messages'));
    const answer = post({ content: 'slow' });
    await hold.arrived;
    expect(inGeneral()).toHaveLength(0);
    expect(fake!.requests).toHaveLength(0);
    const quick = await post({ content: 'quick' }); // only the first match is held
    expect(quick.status).toBe(200);
    hold.release();
    expect((await answer).status).toBe(200);
    expect(inGeneral().map((m) => m.content)).toEqual(['quick', 'slow']);
  });
});

describe('a forged client sends what it likes', () => {
  /** A gateway client of our own: identifies and keeps every dispatch it is sent. */
  async function gatewayClient() {
    const { default: WebSocket } = await import('ws');
    const socket = new WebSocket(`ws://127.0.0.1:${fake!.port}/gateway`);
    const dispatches: { t: string; d: Record<string, unknown> }[] = [];
    socket.on('message', (raw) => {
      const payload = JSON.parse(String(raw)) as {
        op: number;
        t: string;
        d: Record<string, unknown>;
      };
      if (payload.op === 10)
        socket.send(JSON.stringify({ op: 2, d: { token: TOKEN, intents: 0 } }));
      if (payload.op === 0) dispatches.push(payload);
    });
    await fake!.waitForIdentify();
    const interaction = () =>
      eventually(() => dispatches.find((p) => p.t === 'INTERACTION_CREATE')?.d, 'the interaction');
    return { interaction, close: () => socket.close() };
  }

  it('GIVEN a press of a custom id no button carries THEN it is sent as pressed, and checked', async () => {
    await start();
    const client = await gatewayClient();
    const { body } = await post({ components: [row(button('go'))] });
    const before = fake!.checked.dispatches;
    fake!.clickButton({
      messageId: (body as unknown as { id: string }).id,
      customId: 'review:approve:sub_1',
      user: alice,
    });
    expect(await client.interaction()).toMatchObject({
      data: { custom_id: 'review:approve:sub_1' },
    });
    expect(fake!.checked.dispatches).toBe(before + 1);
    client.close();
  });

  it('GIVEN a forge THEN the bot gets the forged payload (a guild press without its member) and its token still works', async () => {
    await start();
    const client = await gatewayClient();
    const { body } = await post({ components: [row(button('go'))] });
    const sent = fake!.clickButton({
      messageId: (body as unknown as { id: string }).id,
      customId: 'go',
      user: alice,
      forge: ({ member: _member, ...rest }) => rest,
    });
    const got = await client.interaction();
    expect(got).not.toHaveProperty('member');
    expect(got).toMatchObject({ guild_id: arena.id, token: sent.token });
    expect(
      (await call('POST', `/interactions/${sent.id}/${sent.token}/callback`, { type: 6 })).status,
    ).toBe(204);
    client.close();
  });
});
