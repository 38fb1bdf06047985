import { InteractionResponseType, MessageFlags, type APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { expireOverdue, review } from '../../src/pipeline/review';
import { backendName } from '../support/backends';
import { FakeDiscord, snowflake, type FakeMember, type Presser } from '../support/fake-discord';
import { startTestTally, type TestTally } from '../support/tally';

/**
 * The review flow end to end: the real discord.js client against the fake Discord, Tally's API
 * for writes and reads, and the database for what the bot must remember.
 */
const APP = snowflake();
const TOKEN = 'fake-bot-token';
const MANAGE_SERVER = '32';
const guildId = snowflake();
const modChannel = snowflake();
const modRole = snowflake();
const member = (username: string, extra: Partial<FakeMember> = {}): FakeMember => ({
  id: snowflake(),
  username,
  ...extra,
});
const alice = member('alice', { globalName: 'Alice G', nick: 'Ali' });
const bob = member('bob', { globalName: 'Bobby' });
const carol = member('carol');
const mod = member('mod', { roles: [modRole] });
const admin = member('admin');
const visitor = member('visitor');
const dave = member('dave', { globalName: 'Dave' }); // on no server: a personal workspace

const guild = {
  id: guildId,
  name: 'Arena',
  channels: [{ id: modChannel, name: 'mod-queue' }],
  roles: [{ id: modRole, name: 'Referees' }],
  members: [alice, bob, carol, mod, admin, visitor],
};

const BOT_TUNING = {
  loginRetryMs: 50,
  poster: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 400 },
};

let n = 0;
const idem = () => ({ 'idempotency-key': `review-${process.pid}-${++n}` });
const chat = (m: FakeMember) => ({ chat_id: m.id });
const reviewIds = (handle: string) => [
  `review:approve:${handle}`,
  `review:decline:${handle}`,
  `review:adjust:${handle}`,
];
const buttonsOf = (m: APIMessage) =>
  (m.components ?? []).flatMap((row) =>
    'components' in row ? row.components.map((c) => ('custom_id' in c ? c.custom_id : '')) : [],
  );
const fieldsOf = (m: APIMessage) =>
  Object.fromEntries((m.embeds[0]?.fields ?? []).map((f) => [f.name, f.value]));

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe(`moderator review in Discord (${backendName})`, () => {
  let fake: FakeDiscord;
  let tally: TestTally;
  let board: Board;
  let key: string;
  /** Posted by the first test and approved by the third. */
  let first: string;

  beforeAll(async () => {
    fake = await FakeDiscord.start({
      applicationId: APP,
      token: TOKEN,
      guilds: [guild],
      users: [dave],
    });
    tally = await startTestTally(
      { DISCORD_TOKEN: TOKEN, DISCORD_APPLICATION_ID: APP, DISCORD_API_URL: fake.apiUrl },
      { discord: BOT_TUNING },
    );
    await fake.waitForIdentify();
    const ownerId = await tally.owner(`guild:${guildId}`);
    key = await tally.key({ ownerId });
    board = await tally.board({
      ownerId,
      type: 'ELO',
      name: 'Ladder',
      moderatorChannelId: modChannel,
      moderatorRoleId: modRole,
    });
  });
  afterAll(async () => {
    await tally?.stop();
    await fake?.close();
  });

  async function submit(b: Board, k: string, team1: object[], team2: object[]) {
    const res = await tally.request('POST', `/v1/boards/${b.id}/matches`, {
      key: k,
      headers: idem(),
      body: JSON.stringify({ team1, team2, winner: 'team1' }),
    });
    expect(res.status).toBe(202);
    return (res.body as { handle: string }).handle;
  }
  const submissionId = (handle: string) => Number(handle.slice('sub_'.length));
  const row = async (handle: string) =>
    (await tally.ctx.repos.submissions.byId(submissionId(handle)))!;
  const status = async (handle: string, k = key) =>
    (
      (await tally.request('GET', `/v1/submissions/${handle}`, { key: k })).body as {
        status: string;
      }
    ).status;
  const entries = async () =>
    (
      (await tally.request('GET', `/v1/boards/${board.id}/entries`, { key })).body as {
        data: { player_id: string; elo: number; rank: number }[];
      }
    ).data;
  const reviewMessage = (handle: string) =>
    fake.waitFor(
      () =>
        [...fake.messages.values()].find((m) => buttonsOf(m).includes(`review:approve:${handle}`)),
      5000,
      `the review message of ${handle}`,
    );
  const press = async (message: APIMessage, customId: string, presser: Presser) => {
    const { token } = fake.clickButton({ messageId: message.id, customId, ...presser });
    const callback = await fake.waitForRequest((r) => r.path.endsWith(`/${token}/callback`), 5000);
    return {
      token,
      callback: callback.body as { type: number; data?: { flags?: number; content?: string } },
    };
  };
  const editedOriginal = (token: string) =>
    fake.waitForRequest(
      (r) => r.method === 'PATCH' && r.path === `/webhooks/${APP}/${token}/messages/@original`,
    );

  it('GIVEN a match on a reviewed board THEN the moderator channel gets the rosters, ratings, submitter, expiry and Approve / Decline', async () => {
    const handle = await submit(board, key, [chat(alice)], [chat(bob)]);
    first = handle;
    const message = await reviewMessage(handle);
    expect(message.channel_id).toBe(modChannel);
    expect(buttonsOf(message)).toEqual(reviewIds(handle));
    expect(message.embeds[0]?.title).toContain('Ladder');
    const fields = fieldsOf(message);
    // Names as Discord shows them: nickname, then global name, then username.
    expect(fields['Team 1 · won']).toBe('Ali — 1000');
    expect(fields['Team 2 · lost']).toBe('Bobby — 1000');
    expect(fields['Submitted by']).toBe('the API');
    const expires = Math.floor((await row(handle)).expiresAt!.getTime() / 1000);
    expect(fields['Expires']).toContain(`<t:${expires}:f>`);
    // The bot records the message right after Discord answers the post.
    await eventually(
      async () => ((await row(handle)).reviewMessageId ? true : undefined),
      'record',
    );
    expect(await row(handle)).toMatchObject({ reviewState: 'open', reviewMessageId: message.id });
    expect(await status(handle)).toBe('pending_review');
  });

  it('GIVEN a member without Manage Server or the moderator role THEN the press is refused ephemerally and nothing applies', async () => {
    const handle = await submit(board, key, [chat(alice)], [chat(bob)]);
    const message = await reviewMessage(handle);
    const { callback } = await press(message, `review:approve:${handle}`, {
      user: visitor,
      permissions: '0',
    });
    expect(callback.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(callback.data?.flags).toBe(MessageFlags.Ephemeral);
    expect(callback.data?.content).toMatch(/Manage Server|moderator role/);
    expect(await status(handle)).toBe('pending_review');
    expect(fake.messages.get(message.id)?.edited_timestamp).toBeNull();
  });

  it('GIVEN the moderator role presses Approve THEN ratings move and the message shows the outcome and the changes', async () => {
    // The first match of this board is still pending: Ali beat Bobby.
    const message = await reviewMessage(first);
    const { token, callback } = await press(message, `review:approve:${first}`, { user: mod });
    expect(callback.type).toBe(InteractionResponseType.DeferredMessageUpdate);
    await editedOriginal(token);
    const edited = fake.messages.get(message.id)!;
    expect(buttonsOf(edited)).toEqual([]);
    const fields = fieldsOf(edited);
    expect(fields['Outcome']).toContain(`Approved by <@${mod.id}>`);
    expect(fields['Team 1 · won']).toBe('Ali — 1000 → 1016 (+16)');
    expect(fields['Team 2 · lost']).toBe('Bobby — 1000 → 984 (−16)');
    expect(await status(first)).toBe('approved');
    expect(await entries()).toMatchObject([
      { player_id: `chat:${alice.id}`, elo: 1016, rank: 1 },
      { player_id: `chat:${bob.id}`, elo: 984, rank: 2 },
    ]);
    expect((await row(first)).reviewState).toBe('closed');
  });

  it('GIVEN Manage Server presses Decline THEN nothing applies and the message says declined; a second press is told it was decided', async () => {
    const handle = await submit(board, key, [chat(carol)], [chat(alice)]);
    const message = await reviewMessage(handle);
    const { token } = await press(message, `review:decline:${handle}`, {
      user: admin,
      permissions: MANAGE_SERVER,
    });
    await editedOriginal(token);
    expect(fieldsOf(fake.messages.get(message.id)!)['Outcome']).toContain(
      `Declined by <@${admin.id}>`,
    );
    expect(await status(handle)).toBe('rejected');
    expect((await entries()).map((e) => e.elo)).toEqual([1016, 984]);

    const again = await press(message, `review:approve:${handle}`, {
      user: admin,
      permissions: MANAGE_SERVER,
    });
    const followUp = await fake.waitForRequest(
      (r) => r.method === 'POST' && r.path === `/webhooks/${APP}/${again.token}`,
    );
    expect(followUp.body).toMatchObject({ flags: MessageFlags.Ephemeral });
    expect(await status(handle)).toBe('rejected');
  });

  it('GIVEN a participant who is not a member of the server THEN the submission fails with a reason and no review is posted', async () => {
    const stranger = snowflake();
    const handle = await submit(board, key, [chat(alice)], [{ chat_id: stranger }]);
    await eventually(
      async () => ((await status(handle)) === 'failed' ? true : undefined),
      'failed',
    );
    expect((await row(handle)).failureReason).toBe(`chat:${stranger}: not a member of this server`);
    expect(
      fake.requests.some((r) => (r.body as { nonce?: string } | undefined)?.nonce === handle),
    ).toBe(false);
  });

  it('GIVEN a role as a participant THEN it is named from the server roles; an unknown role fails the submission', async () => {
    const handle = await submit(board, key, [{ role_id: `role_${modRole}` }], [chat(carol)]);
    const message = await reviewMessage(handle);
    expect(fieldsOf(message)['Team 1 · won']).toBe('Referees — 1000');
    expect(fieldsOf(message)['Team 2 · lost']).toBe('carol — 1000');

    const ghost = snowflake();
    const failed = await submit(board, key, [{ role_id: `role_${ghost}` }], [chat(carol)]);
    await eventually(
      async () => ((await status(failed)) === 'failed' ? true : undefined),
      'failed',
    );
    expect((await row(failed)).failureReason).toBe(`role:${ghost}: no such role on this server`);
  });

  it('GIVEN Discord answers 429 and then 5xx past discord.js’s own retries THEN the post is retried until it lands, once', async () => {
    const isPost = (r: { method: string; path: string }) =>
      r.method === 'POST' && r.path === `/channels/${modChannel}/messages`;
    fake.failNext(isPost, {
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 0.05, global: false },
      headers: { 'retry-after': '0.05', 'x-ratelimit-scope': 'user' },
    });
    fake.failNext(isPost, { status: 500, body: { message: 'boom', code: 0 } }, 4);
    const handle = await submit(board, key, [chat(bob)], [chat(carol)]);
    const message = await reviewMessage(handle);
    const attempts = fake.requests.filter(
      (r) => isPost(r) && (r.body as { nonce?: string }).nonce === handle,
    );
    expect(attempts.map((r) => r.status)).toEqual([429, 500, 500, 500, 500, 200]);
    await eventually(
      async () => ((await row(handle)).reviewMessageId ? true : undefined),
      'record',
    );
    expect(await row(handle)).toMatchObject({ reviewMessageId: message.id, reviewAttempts: 0 });
  });

  it('GIVEN the validation window runs out THEN the message is edited to say it expired', async () => {
    const handle = await submit(board, key, [chat(alice)], [chat(carol)]);
    const message = await reviewMessage(handle);
    await tally.ctx.repos.submissions.update(submissionId(handle), {
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await expireOverdue(tally.ctx)).map((o) => o.handle)).toContain(handle);
    await fake.waitForRequest(
      (r) => r.method === 'PATCH' && r.path === `/channels/${modChannel}/messages/${message.id}`,
    );
    const edited = fake.messages.get(message.id)!;
    expect(fieldsOf(edited)['Outcome']).toMatch(/^Expired/);
    expect(buttonsOf(edited)).toEqual([]);
    expect(await status(handle)).toBe('rejected');
    await eventually(
      async () => ((await row(handle)).reviewState === 'closed' ? true : undefined),
      'closed',
    );
  });

  it('GIVEN a guild board without a moderator channel THEN nothing is posted and the submission waits for tally review', async () => {
    const quiet = await tally.board({ ownerId: board.ownerId, type: 'ELO', name: 'Quiet' });
    const handle = await submit(quiet, key, [chat(alice)], [chat(bob)]);
    await eventually(
      async () => ((await status(handle)) === 'pending_review' ? true : undefined),
      'pending',
    );
    await new Promise((r) => setTimeout(r, 300)); // several poster passes
    expect(
      fake.requests.some((r) => (r.body as { nonce?: string } | undefined)?.nonce === handle),
    ).toBe(false);
    expect((await review(tally.ctx, handle, 'approve', 'cli')).status).toBe('approved');
  });

  it('GIVEN a personal workspace THEN the review goes to its owner by DM and the owner’s press approves', async () => {
    const ownerId = await tally.owner(`user:${dave.id}`);
    const k = await tally.key({ ownerId });
    const personal = await tally.board({ ownerId, type: 'ELO', name: 'Mine' });
    const handle = await submit(personal, k, [chat(dave)], [{ name: 'Ann', custom: true }]);
    const message = await reviewMessage(handle);
    const dm = fake.requests.find((r) => r.method === 'POST' && r.path === '/users/@me/channels');
    expect(dm?.body).toEqual({ recipient_id: dave.id });
    expect(fieldsOf(message)['Team 1 · won']).toBe('Dave — 1000');
    const { token, callback } = await press(message, `review:approve:${handle}`, { user: dave });
    expect(callback.type).toBe(InteractionResponseType.DeferredMessageUpdate);
    await editedOriginal(token);
    expect(await status(handle, k)).toBe('approved');
  });
});

describe(`the bot while Discord is unreachable (${backendName})`, () => {
  it('GIVEN Discord is down at start THEN Tally serves, submissions wait (not fail), and once Discord is back the bot logs in and posts', async () => {
    const probe = await FakeDiscord.start({ applicationId: APP, token: TOKEN, guilds: [] });
    const port = probe.port;
    await probe.close();
    const tally = await startTestTally(
      {
        DISCORD_TOKEN: TOKEN,
        DISCORD_APPLICATION_ID: APP,
        DISCORD_API_URL: `http://127.0.0.1:${port}/api`,
      },
      { discord: BOT_TUNING },
    );
    let fake: FakeDiscord | undefined;
    try {
      const ownerId = await tally.owner(`guild:${guildId}`);
      const key = await tally.key({ ownerId });
      const b = await tally.board({ ownerId, type: 'ELO', moderatorChannelId: modChannel });
      const res = await tally.request('POST', `/v1/boards/${b.id}/matches`, {
        key,
        headers: idem(),
        body: JSON.stringify({ team1: [chat(alice)], team2: [chat(bob)], winner: 'team1' }),
      });
      expect(res.status).toBe(202);
      const handle = (res.body as { handle: string }).handle;
      await new Promise((r) => setTimeout(r, 300));
      const waiting = await tally.request('GET', `/v1/submissions/${handle}`, { key });
      expect(waiting.body).toMatchObject({ status: 'queued' });

      fake = await FakeDiscord.start({ applicationId: APP, token: TOKEN, guilds: [guild], port });
      await fake.waitForIdentify(10_000);
      const posted = await fake.waitFor(
        () =>
          [...fake!.messages.values()].find((m) =>
            buttonsOf(m).includes(`review:approve:${handle}`),
          ),
        10_000,
        'the review message',
      );
      expect(fieldsOf(posted)['Team 1 · won']).toBe('Ali — 1000');
    } finally {
      await tally.stop();
      await fake?.close();
    }
  });
});
