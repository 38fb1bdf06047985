import type { APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinQueue, openQueue, pressReady } from '../../src/pipeline/queues';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import {
  buttonsOf,
  PATIENCE_MS,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { RecordedRequest } from '../support/fake-discord';
import { eventually } from '../support/wait';

/**
 * A matchmaking queue's messages as a server sees them (src/bot/queue-poster.ts), with the real
 * discord.js client against the fake Discord: the queue's message with Join and Leave, the ready
 * check pinging exactly the two matched members, its edit to the match being played pinging
 * nobody, and a channel that refuses the bot for good left alone. Tally's own scheduler forms the
 * match (the queue's job) and its bot's poster posts; the test acts through the use cases.
 */
const { server, alice, bob, carol, visitor, channels } = cast({ channels: ['lobby', 'shut'] });

interface Body {
  content?: string;
  components?: { components: { custom_id?: string; label?: string }[] }[];
  allowed_mentions?: { parse?: string[]; users?: string[] };
  nonce?: string;
  enforce_nonce?: boolean;
}
const bodyOf = (r: RecordedRequest) => r.body as Body;
const idsIn = (r: RecordedRequest) =>
  (bodyOf(r).components ?? []).flatMap((row) => row.components.map((c) => c.custom_id ?? ''));

describe(`a queue's messages in Discord (${backendName})`, () => {
  let world: DiscordWorld;
  let ownerId: string;
  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [server] });
    ownerId = await world.tally.owner(`guild:${server.id}`);
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('GIVEN a queue placed in a channel and two members joining THEN its message, a ready check pinging only them, and the match edited in without a ping', async () => {
    const { tally, fake } = world;
    const { lobby } = channels;
    const board = await tally.board({ ownerId, type: 'ELO', name: 'Ladder' });
    const queue = await openQueue(tally.ctx, board, { channelId: lobby.id });
    const inLobby = (method: string) => (r: RecordedRequest) =>
      r.method === method && r.path.startsWith(`/channels/${lobby.id}/messages`);
    const found = (predicate: (m: APIMessage) => boolean, what: string) =>
      fake.waitFor(() => [...fake.messages.values()].find(predicate), PATIENCE_MS, what);

    const queueMessage = await found(
      (m) => buttonsOf(m).includes(`queue:join:${queue.pk}`),
      "the queue's message",
    );
    expect(queueMessage.channel_id).toBe(lobby.id);
    expect(buttonsOf(queueMessage)).toEqual([`queue:join:${queue.pk}`, `queue:leave:${queue.pk}`]);
    expect(queueMessage.embeds[0]?.description).toContain('Nobody is waiting.');
    const queuePost = fake.requests.find(inLobby('POST'))!;
    expect(bodyOf(queuePost).allowed_mentions).toEqual({ parse: [] });
    expect(bodyOf(queuePost).enforce_nonce).toBe(true);

    await joinQueue(tally.ctx, { board, member: `chat:${alice.id}` });
    await joinQueue(tally.ctx, { board, member: `chat:${bob.id}` });

    // Tally's scheduler pairs them (both at the start rating) and the poster posts the check.
    const readyPost = await fake.waitForRequest(
      (r) => inLobby('POST')(r) && idsIn(r).some((id) => id.startsWith('qmatch:ready:')),
      PATIENCE_MS,
    );
    expect(readyPost.status).toBe(200);
    const matchPk = Number(idsIn(readyPost)[0]!.split(':')[2]);
    const sent = bodyOf(readyPost);
    expect(sent.allowed_mentions?.parse).toEqual([]);
    expect([...(sent.allowed_mentions?.users ?? [])].sort()).toEqual([alice.id, bob.id].sort());
    expect(sent.content).toMatch(/: your \*\*Ladder\*\* match is ready\./);
    expect(sent.enforce_nonce).toBe(true);
    expect(idsIn(readyPost)).toEqual([
      `qmatch:ready:${matchPk}`,
      `qmatch:decline:${matchPk}`,
      `qmatch:cancel:${matchPk}`,
    ]);
    const matchId = await matchMessageId(matchPk);
    expect(fake.messages.get(matchId)?.channel_id).toBe(lobby.id);

    // The queue's message follows: nobody waits, a match is on.
    await eventually(() => {
      const now = fake.messages.get(queueMessage.id)!;
      const text = now.embeds[0]?.description ?? '';
      return text.includes('Nobody is waiting.') && text.includes('**Playing now:** 1 match')
        ? true
        : undefined;
    }, 'the queue message to show the match');

    // Alice is ready: the check is edited to say so, its mentions pinging nobody again.
    await pressReady(tally.ctx, matchPk, `chat:${alice.id}`);
    const marked = await fake.waitForRequest(
      (r) => inLobby('PATCH')(r) && JSON.stringify(r.body).includes(`✅ <@${alice.id}>`),
      PATIENCE_MS,
    );
    expect(marked.status).toBe(200);
    expect(idsIn(marked)[0]).toBe(`qmatch:ready:${matchPk}`);
    expect(bodyOf(marked).content).toContain(`<@${alice.id}>`);
    expect(bodyOf(marked).allowed_mentions).toEqual({ parse: [] });

    await pressReady(tally.ctx, matchPk, `chat:${bob.id}`);
    const playing = await fake.waitForRequest(
      (r) => inLobby('PATCH')(r) && idsIn(r).includes(`qmatch:won:${matchPk}`),
      PATIENCE_MS,
    );
    expect(playing.status).toBe(200);
    expect(playing.path).toBe(`/channels/${lobby.id}/messages/${matchId}`);
    expect(bodyOf(playing).allowed_mentions).toEqual({ parse: [] });
    expect(bodyOf(playing).content).toMatch(/^Everyone is ready: play your \*\*Ladder\*\* match!/);
    expect(buttonsOf(fake.messages.get(matchId)!)).toEqual([
      `qmatch:won:${matchPk}`,
      `qmatch:lost:${matchPk}`,
      `qmatch:draw:${matchPk}`,
      `qmatch:cancel:${matchPk}`,
    ]);
    // One post per message: the match was edited, never posted again.
    const matchPosts = fake.requests.filter(
      (r) => inLobby('POST')(r) && idsIn(r).some((id) => id.startsWith('qmatch:')),
    );
    expect(matchPosts).toHaveLength(1);

    // Someone deletes the queue's message: the next change posts it again (with its buttons).
    fake.deleteMessage(queueMessage.id);
    await joinQueue(tally.ctx, { board, member: `chat:${carol.id}` });
    const again = await found(
      (m) => m.id !== queueMessage.id && buttonsOf(m).includes(`queue:join:${queue.pk}`),
      "the queue's message, posted again",
    );
    expect(again.embeds[0]?.description).toContain(`1. <@${carol.id}> · 1000 · joined <t:`);
    // Recorded a moment after Discord answered the post.
    await eventually(
      async () =>
        (await tally.ctx.repos.queues.byPk(queue.pk))?.messageId === again.id || undefined,
      "the new message's id recorded",
    );
  });

  it('GIVEN the bot may not post in the queue’s channel THEN the queue is marked refused and Discord is not asked again', async () => {
    const { tally, fake } = world;
    const { shut } = channels;
    fake.denyChannel(shut.id, 'missing_permissions');
    const board = await tally.board({ ownerId, type: 'ELO', name: 'Shut out' });
    const queue = await openQueue(tally.ctx, board, { channelId: shut.id });
    const refused = () =>
      fake.requests.filter((r) => r.path.startsWith(`/channels/${shut.id}/`) && r.status === 403);
    const why = await eventually(
      async () => (await tally.ctx.repos.queues.byPk(queue.pk))?.refused ?? undefined,
      'the queue to be marked refused',
    );
    expect(why).toMatch(/Missing Permissions/);
    expect(refused()).toHaveLength(1);
    // A change that would show is not tried while refused (the poster polls every 50 ms here).
    await joinQueue(tally.ctx, { board, member: `chat:${visitor.id}` });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(refused()).toHaveLength(1);
  });

  /** The message id the poster recorded for the match. */
  async function matchMessageId(matchPk: number): Promise<string> {
    return eventually(
      async () => (await world.tally.ctx.repos.queues.match(matchPk))?.messageId ?? undefined,
      'the match message id',
    );
  }
});
