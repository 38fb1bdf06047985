import { createServer, type AddressInfo } from 'node:net';
import { InteractionResponseType, MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Board } from '../../entities/board';
import type { BoardInput } from '../../src/pipeline/boards';
import { expireOverdue, review } from '../../src/pipeline/review';
import { backendName } from '../support/backends';
import { cast, chat, submissionId } from '../support/cast';
import {
  BOT_TUNING,
  botEnv,
  buttonsOf,
  fieldsOf,
  MANAGE_SERVER,
  PATIENCE_MS,
  reviewButtons,
  snowflake,
  startDiscordWorld,
  startFakeDiscord,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeDiscord } from '../support/fake-discord';
import { idempotencyHeader, startTestTally, type TestTally } from '../support/tally';
import { eventually } from '../support/wait';

/**
 * The review flow end to end: the real discord.js client against the fake Discord, Tally's API
 * for writes and reads, and the database for what the bot must remember. Each test reviews on a
 * board of its own, so none depends on what another left behind.
 */
const {
  server: arena,
  modQueue,
  referees,
  alice,
  bob,
  carol,
  mod,
  admin,
  visitor,
  channels,
} = cast({ channels: ['retries'] });
/** Only the retry test posts here: the failures it injects can meet no other test's post. */
const retryChannel = channels.retries;

describe(`moderator review in Discord (${backendName})`, () => {
  let world: DiscordWorld;
  let tally: TestTally;
  let fake: FakeDiscord;
  let ownerId: string;
  let key: string;

  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [arena] });
    ({ tally, fake } = world);
    ownerId = await tally.owner(`guild:${arena.id}`);
    key = await tally.key({ ownerId });
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** A fresh reviewed ELO board of the server: the moderator channel and the Referees role. */
  const ladder = (input: Partial<BoardInput> = {}) =>
    tally.board({
      ownerId,
      type: 'ELO',
      name: 'Ladder',
      moderatorChannelId: modQueue.id,
      moderatorRoleId: referees.id,
      ...input,
    });
  const row = async (handle: string) =>
    (await tally.ctx.repos.submissions.byId(submissionId(handle)))!;
  const status = (handle: string, k = key) => world.status(handle, k);
  const entries = async (b: Board) =>
    (
      (await tally.request('GET', `/v1/boards/${b.id}/entries`, { key })).body as {
        data: { player_id: string; elo: number; rank: number }[];
      }
    ).data;
  const statusBecomes = (handle: string, wanted: string) =>
    world.statusBecomes(handle, key, wanted);
  const submit = (b: Board, k: string, team1: object[], team2: object[]) =>
    world.submitMatch(b, k, team1, team2);

  it('GIVEN a match on a reviewed board THEN the moderator channel gets the rosters, ratings, submitter, expiry and Approve / Decline', async () => {
    const handle = await submit(await ladder(), key, [chat(alice)], [chat(bob)]);
    const message = await world.reviewMessage(handle);
    expect(message.channel_id).toBe(modQueue.id);
    expect(buttonsOf(message)).toEqual(reviewButtons(handle));
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
    const handle = await submit(await ladder(), key, [chat(alice)], [chat(bob)]);
    const message = await world.reviewMessage(handle);
    const { callback } = await world.press(message, `review:approve:${handle}`, {
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
    // The board's first match is pending: Ali beat Bobby.
    const board = await ladder();
    const handle = await submit(board, key, [chat(alice)], [chat(bob)]);
    const message = await world.reviewMessage(handle);
    const { token, callback } = await world.press(message, `review:approve:${handle}`, {
      user: mod,
    });
    expect(callback.type).toBe(InteractionResponseType.DeferredMessageUpdate);
    await world.editedOriginal(token);
    const edited = fake.messages.get(message.id)!;
    expect(buttonsOf(edited)).toEqual([]);
    const fields = fieldsOf(edited);
    expect(fields['Outcome']).toContain(`Approved by <@${mod.id}>`);
    expect(fields['Team 1 · won']).toBe('Ali — 1000 → 1016 (+16)');
    expect(fields['Team 2 · lost']).toBe('Bobby — 1000 → 984 (−16)');
    expect(await status(handle)).toBe('approved');
    expect(await entries(board)).toMatchObject([
      { player_id: `chat:${alice.id}`, elo: 1016, rank: 1 },
      { player_id: `chat:${bob.id}`, elo: 984, rank: 2 },
    ]);
    // The message is closed in the row once Discord has answered the edit: a moment after it.
    await eventually(
      async () => ((await row(handle)).reviewState === 'closed' ? true : undefined),
      'the review message recorded as closed',
    );
  });

  it('GIVEN Manage Server presses Decline THEN nothing applies and the message says declined; a second press is told it was decided', async () => {
    // The board already has an approved result (Ali beat Bobby) that the decline must leave be.
    const board = await ladder();
    await world.approvedMatch(board, key, alice, bob);
    const handle = await submit(board, key, [chat(carol)], [chat(alice)]);
    const message = await world.reviewMessage(handle);
    // Decline asks for an optional reason first (test/bot/evidence-and-reasons.test.ts).
    const opened = await world.press(message, `review:decline:${handle}`, {
      user: admin,
      permissions: MANAGE_SERVER,
    });
    expect(opened.callback.type).toBe(InteractionResponseType.Modal);
    const { token } = fake.submitModal({
      channelId: modQueue.id,
      messageId: message.id,
      customId: `decline:${handle}`,
      values: { reason: '' },
      user: admin,
      permissions: MANAGE_SERVER,
    });
    await world.editedOriginal(token);
    expect(fieldsOf(fake.messages.get(message.id)!)['Outcome']).toContain(
      `Declined by <@${admin.id}>`,
    );
    expect(await status(handle)).toBe('rejected');
    expect((await entries(board)).map((e) => e.elo)).toEqual([1016, 984]);

    // The decided message has no buttons left: a press on one (a stale or forged client) is
    // answered ephemerally and changes nothing.
    const again = await world.press(fake.messages.get(message.id)!, `review:approve:${handle}`, {
      user: admin,
      permissions: MANAGE_SERVER,
    });
    expect(again.callback).toMatchObject({
      type: InteractionResponseType.ChannelMessageWithSource,
      data: {
        flags: MessageFlags.Ephemeral,
        content: expect.stringContaining('not on this message'),
      },
    });
    expect(await status(handle)).toBe('rejected');
  });

  it('GIVEN a participant who is not a member of the server THEN the submission fails with a reason and no review is posted', async () => {
    const stranger = snowflake();
    const handle = await submit(await ladder(), key, [chat(alice)], [{ chat_id: stranger }]);
    await statusBecomes(handle, 'failed');
    expect((await row(handle)).failureReason).toBe(`chat:${stranger}: not a member of this server`);
    expect(
      fake.requests.some((r) => (r.body as { nonce?: string } | undefined)?.nonce === handle),
    ).toBe(false);
  });

  it('GIVEN a role as a participant THEN it is named from the server roles; an unknown role fails the submission', async () => {
    const board = await ladder();
    const handle = await submit(board, key, [{ role_id: `role_${referees.id}` }], [chat(carol)]);
    const message = await world.reviewMessage(handle);
    expect(fieldsOf(message)['Team 1 · won']).toBe('Referees — 1000');
    expect(fieldsOf(message)['Team 2 · lost']).toBe('carol — 1000');

    const ghost = snowflake();
    const failed = await submit(board, key, [{ role_id: `role_${ghost}` }], [chat(carol)]);
    await statusBecomes(failed, 'failed');
    expect((await row(failed)).failureReason).toBe(`role:${ghost}: no such role on this server`);
  });

  it('GIVEN Discord answers 429 and then 5xx past discord.js’s own retries THEN the post is retried until it lands, once', async () => {
    const isPost = (r: { method: string; path: string }) =>
      r.method === 'POST' && r.path === `/channels/${retryChannel.id}/messages`;
    fake.failNext(isPost, {
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 0.05, global: false },
      headers: { 'retry-after': '0.05', 'x-ratelimit-scope': 'user' },
    });
    fake.failNext(isPost, { status: 500, body: { message: 'boom', code: 0 } }, 4);
    const board = await ladder({ moderatorChannelId: retryChannel.id });
    const handle = await submit(board, key, [chat(bob)], [chat(carol)]);
    const message = await world.reviewMessage(handle);
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
    const handle = await submit(await ladder(), key, [chat(alice)], [chat(carol)]);
    const message = await world.reviewMessage(handle);
    await tally.ctx.repos.submissions.update(submissionId(handle), {
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await expireOverdue(tally.ctx)).map((o) => o.handle)).toContain(handle);
    await fake.waitForRequest(
      (r) => r.method === 'PATCH' && r.path === `/channels/${modQueue.id}/messages/${message.id}`,
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

  it('GIVEN the window ran out before the sweep THEN Approve and tally review are refused with the expiry, and the submission expires with nothing applied', async () => {
    const board = await ladder();
    const pressed = await submit(board, key, [chat(alice)], [chat(carol)]);
    const typed = await submit(board, key, [chat(bob)], [chat(carol)]);
    const message = await world.reviewMessage(pressed);
    await statusBecomes(typed, 'pending_review');
    // No sweep runs meanwhile: as if the scheduler were down, or its next pass still to come.
    await tally.scheduler!.stop();
    try {
      const ranOut = new Date(Date.now() - 60_000);
      for (const handle of [pressed, typed]) {
        await tally.ctx.repos.submissions.update(submissionId(handle), { expiresAt: ranOut });
      }
      const minute = `${ranOut.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

      const { token } = await world.press(message, `review:approve:${pressed}`, {
        user: mod,
        roles: [referees.id],
      });
      const followUp = (await world.followUp(token)).body as { content: string; flags: number };
      expect(followUp.flags).toBe(MessageFlags.Ephemeral);
      expect(followUp.content).toBe(
        `Your decision was not recorded: ${pressed} expired at ${minute}, when its validation window ran out; it was rejected and nothing was applied.`,
      );
      await world.editedOriginal(token);
      const redrawn = fake.messages.get(message.id)!;
      expect(fieldsOf(redrawn)['Outcome']).toMatch(/^Expired/);
      expect(buttonsOf(redrawn)).toEqual([]);

      await expect(review(tally.ctx, typed, 'approve', 'cli', 'operator')).rejects.toThrow(
        `${typed} expired at ${minute}`,
      );
      for (const handle of [pressed, typed]) {
        expect(await status(handle)).toBe('rejected');
        expect((await row(handle)).failureReason).toBe(
          'the validation window ran out with no decision',
        );
      }
      expect(await entries(board)).toEqual([]);
    } finally {
      tally.scheduler!.start();
    }
  });

  it('GIVEN a guild board without a moderator channel THEN nothing is posted and the submission waits for tally review', async () => {
    const quiet = await tally.board({ ownerId, type: 'ELO', name: 'Quiet' });
    const handle = await submit(quiet, key, [chat(alice)], [chat(bob)]);
    await statusBecomes(handle, 'pending_review');
    // The poster posts in submission order: once a later submission on a reviewed board has its
    // message, the poster has passed this one by.
    const later = await submit(await ladder(), key, [chat(alice)], [chat(bob)]);
    await world.reviewMessage(later);
    expect(
      fake.requests.some((r) => (r.body as { nonce?: string } | undefined)?.nonce === handle),
    ).toBe(false);
    expect((await review(tally.ctx, handle, 'approve', 'cli', 'operator')).status).toBe('approved');
  });

  it('GIVEN a personal workspace THEN the review goes to its owner by DM and the owner’s press approves', async () => {
    const dave = world.dmUser('dave', { globalName: 'Dave' }); // on no server
    const since = fake.requests.length;
    const owner = await tally.owner(`user:${dave.id}`);
    const k = await tally.key({ ownerId: owner });
    const personal = await tally.board({ ownerId: owner, type: 'ELO', name: 'Mine' });
    const handle = await submit(personal, k, [chat(dave)], [{ name: 'Ann', custom: true }]);
    const message = await world.reviewMessage(handle);
    const dm = fake.requests
      .slice(since)
      .find((r) => r.method === 'POST' && r.path === '/users/@me/channels');
    expect(dm?.body).toEqual({ recipient_id: dave.id });
    expect(fieldsOf(message)['Team 1 · won']).toBe('Dave — 1000');
    const { token, callback } = await world.press(message, `review:approve:${handle}`, {
      user: dave,
    });
    expect(callback.type).toBe(InteractionResponseType.DeferredMessageUpdate);
    await world.editedOriginal(token);
    expect(await status(handle, k)).toBe('approved');
  });
});

describe(`the bot while Discord is unreachable (${backendName})`, () => {
  it(
    'GIVEN Discord is down at start THEN Tally serves, submissions wait (not fail), and once Discord is back the bot logs in and posts',
    async () => {
      // Discord "down" holds its address: every connection is dropped. Closing a fake and reusing
      // its port left the port free for another test's server in between (a CI run timed out).
      const down = createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
      const port = (down.address() as AddressInfo).port;
      const tally = await startTestTally(botEnv(`http://127.0.0.1:${port}/api`), {
        discord: BOT_TUNING,
      });
      let fake: FakeDiscord | undefined;
      try {
        const ownerId = await tally.owner(`guild:${arena.id}`);
        const key = await tally.key({ ownerId });
        const b = await tally.board({ ownerId, type: 'ELO', moderatorChannelId: modQueue.id });
        const passes = vi.spyOn(tally.worker!, 'runOnce');
        const res = await tally.request('POST', `/v1/boards/${b.id}/matches`, {
          key,
          headers: idempotencyHeader(),
          body: JSON.stringify({ team1: [chat(alice)], team2: [chat(bob)], winner: 'team1' }),
        });
        expect(res.status).toBe(202);
        const handle = (res.body as { handle: string }).handle;
        // A worker pass that began after the write has tried Discord for the names and given up.
        const from = passes.mock.calls.length;
        await vi.waitFor(
          () =>
            expect(passes.mock.settledResults.slice(from)).toContainEqual(
              expect.objectContaining({ type: 'fulfilled' }),
            ),
          { timeout: PATIENCE_MS, interval: 25 },
        );
        const waiting = await tally.request('GET', `/v1/submissions/${handle}`, { key });
        expect(waiting.body).toMatchObject({ status: 'queued' });

        await new Promise((resolve) => down.close(resolve));
        fake = await startFakeDiscord({ guilds: [arena], port });
        await fake.waitForIdentify(PATIENCE_MS);
        const posted = await fake.waitFor(
          () =>
            [...fake!.messages.values()].find((m) =>
              buttonsOf(m).includes(`review:approve:${handle}`),
            ),
          PATIENCE_MS,
          'the review message',
        );
        expect(fieldsOf(posted)['Team 1 · won']).toBe('Ali — 1000');
      } finally {
        await tally.stop();
        await fake?.close();
        if (down.listening) await new Promise((resolve) => down.close(resolve));
      }
    },
    4 * PATIENCE_MS, // a Tally of its own, and three waits on what it does
  );
});
