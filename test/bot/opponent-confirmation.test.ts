import { InteractionResponseType, MessageFlags, type APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import type { BoardInput } from '../../src/pipeline/boards';
import { settleSilentReports } from '../../src/pipeline/confirm';
import { review } from '../../src/pipeline/review';
import { JOBS } from '../../src/pipeline/jobs';
import { Scheduler } from '../../src/pipeline/scheduler';
import { backendName } from '../support/backends';
import { cast, handleIn, submissionId } from '../support/cast';
import {
  buttonsOf,
  PATIENCE_MS,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeDiscord, RecordedRequest } from '../support/fake-discord';
import type { TestTally } from '../support/tally';
import { eventually } from '../support/wait';

/**
 * Opponent confirmation (issue 15 item 3) end to end: the real discord.js client against the
 * fake Discord. On an `opponents` board a member's /match report waits in the channel it was
 * reported in for an opponent to Confirm (applied) or Dispute (to the moderators); the reporter
 * may Withdraw it; silence confirms or escalates it under a moved clock. Each test has a board
 * of its own; the API reads every handle as spec 3.1 says.
 */
const { server: arena, general, modQueue, referees, alice, bob, carol, mod } = cast();

const HOUR = 3_600_000;

describe(`opponent confirmation in Discord (${backendName})`, () => {
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
  // Every message the bot sent in this file, whichever tests ran and in whatever order: none
  // could ping a role or @everyone, and only the opponent (bob) was ever pinged.
  afterAll(async () => {
    try {
      for (const request of fake.requests.filter(isMessageWrite)) {
        const { users, roles, everyone } = pinged(request);
        expect(roles, request.path).toEqual([]);
        expect(everyone, request.path).toBe(false);
        expect(
          users.every((id) => id === bob.id),
          request.path,
        ).toBe(true);
      }
    } finally {
      await world?.stop();
    }
  });

  /** A fresh ELO board whose members' reports wait for their opponents. */
  const ladder = (input: Partial<BoardInput> = {}) =>
    tally.board({
      ownerId,
      type: 'ELO',
      name: 'Ladder',
      moderatorChannelId: modQueue.id,
      moderatorRoleId: referees.id,
      reviewMode: 'opponents',
      confirmWindowHours: 2,
      ...input,
    });
  const row = async (handle: string) =>
    (await tally.ctx.repos.submissions.byId(submissionId(handle)))!;
  const status = (handle: string) => world.status(handle, key);
  const entries = async (b: Board) =>
    (
      (await tally.request('GET', `/v1/boards/${b.id}/entries`, { key })).body as {
        data: { player_id: string; elo: number }[];
      }
    ).data.map((e) => [e.player_id, e.elo]);

  /** Alice reports in #general that she beat Bob; resolves with the handle and the opponents' message. */
  async function report(board: Board) {
    const reported = await world.run({
      user: alice,
      channelId: general.id,
      command: ['match', 'report'],
      options: { board: board.id, opponents: `<@${bob.id}>`, result: 'won' },
    });
    expect(reported.ephemeral).toBe(false);
    const handle = handleIn(reported.message.content);
    expect(reported.message.content).toContain(`Reported on **Ladder** as ${handle}.`);
    expect(reported.message.content).toContain('It counts once an opponent confirms it');
    const message = await fake.waitFor(
      () =>
        [...fake.messages.values()].find((m) => buttonsOf(m).includes(`confirm:confirm:${handle}`)),
      PATIENCE_MS,
      `the opponents' message of ${handle}`,
    );
    return { handle, message };
  }
  /** The message as it is now, once `probe` holds (the poster edits in the background). */
  const becomes = (message: APIMessage, probe: (m: APIMessage) => boolean, what: string) =>
    eventually(async () => {
      const now = fake.messages.get(message.id)!;
      return probe(now) ? now : undefined;
    }, what);
  /** A scheduler of the test's own on a clock `hours` ahead (each test moves further on). */
  const sweepAt = async (hours: number) => {
    const at = Date.now() + hours * HOUR;
    return new Scheduler({ ...tally.ctx, now: () => new Date(at) }, JOBS).tick();
  };
  const reviewPosted = (handle: string) =>
    [...fake.messages.values()].some((m) => buttonsOf(m).includes(`review:approve:${handle}`));

  it('GIVEN a member reports a match THEN the opponent alone is pinged in that channel with Confirm / Dispute / Withdraw; Confirm applies it', async () => {
    const board = await ladder();
    const { handle, message } = await report(board);
    expect(message.channel_id).toBe(general.id);
    expect(buttonsOf(message)).toEqual([
      `confirm:confirm:${handle}`,
      `confirm:dispute:${handle}`,
      `confirm:withdraw:${handle}`,
    ]);
    expect(message.content).toMatch(
      new RegExp(`^<@${bob.id}>: <@${alice.id}> reported this match`),
    );
    expect(message.content).toContain('it counts as confirmed');
    expect(message.embeds[0]?.description).toBe(
      '**Team 1** (won): Ali — 1000\n**Team 2** (lost): Bobby — 1000',
    );
    // As Discord reads the post: only Bob is pinged (Alice is named, not pinged).
    const post = fake.requests.find(
      (r) =>
        r.method === 'POST' &&
        (r.body as { nonce?: string }).nonce === `confirm_${submissionId(handle)}`,
    )!;
    expect((post.body as { allowed_mentions: unknown }).allowed_mentions).toEqual({
      parse: [],
      users: [bob.id],
    });
    expect(pinged(post)).toEqual({ users: [bob.id], roles: [], everyone: false });
    // Waiting for the opponents is pending_review to the API, and no moderator is asked.
    expect(await status(handle)).toBe('pending_review');
    expect(reviewPosted(handle)).toBe(false);

    const { token, callback } = await world.press(message, `confirm:confirm:${handle}`, {
      user: bob,
    });
    expect(callback.type).toBe(InteractionResponseType.DeferredMessageUpdate);
    await world.editedOriginal(token);
    const edited = fake.messages.get(message.id)!;
    expect(edited.content).toBe(`✅ Confirmed by <@${bob.id}>; it is on the leaderboard.`);
    expect(buttonsOf(edited)).toEqual([]);
    expect(edited.embeds[0]?.description).toBe(
      '**Team 1** (won): Ali — 1016 (+16)\n**Team 2** (lost): Bobby — 984 (−16)',
    );
    expect(await status(handle)).toBe('approved');
    expect(await entries(board)).toEqual([
      [`chat:${alice.id}`, 1016],
      [`chat:${bob.id}`, 984],
    ]);
    const match = await tally.ctx.repos.results.match((await row(handle)).matchPk!);
    expect(match).toMatchObject({ status: 'approved', reviewedBy: `chat:${bob.id}` });
    expect(await row(handle)).toMatchObject({
      confirmState: 'confirmed',
      confirmMessageState: 'closed',
    });
  });

  it('GIVEN a third member or the reporter presses Confirm, or an opponent Withdraw THEN each is refused ephemerally saying why, and nothing changes', async () => {
    const board = await ladder();
    const { handle, message } = await report(board);
    const refusals = [
      [
        carol,
        'confirm',
        'Only a player on the other side of this match can confirm or dispute it.',
      ],
      [alice, 'confirm', 'You reported this match, so an opponent has to confirm or dispute it.'],
      [carol, 'dispute', 'Only a player on the other side'],
      [bob, 'withdraw', 'Only the member who reported this match can withdraw it.'],
    ] as const;
    for (const [user, action, why] of refusals) {
      const { callback } = await world.press(message, `confirm:${action}:${handle}`, { user });
      expect(callback.type).toBe(InteractionResponseType.ChannelMessageWithSource);
      expect(callback.data?.flags).toBe(MessageFlags.Ephemeral);
      expect(callback.data?.content).toContain(why);
      expect(callback.data?.content).toContain('Nothing was changed.');
    }
    expect(await status(handle)).toBe('pending_review');
    expect(await row(handle)).toMatchObject({ confirmState: 'awaiting' });
    expect(fake.messages.get(message.id)?.edited_timestamp).toBeNull();
    expect(await entries(board)).toEqual([]);
  });

  it('GIVEN the opponent disputes THEN the message says so, the moderators get the usual review, and a moderator decides', async () => {
    const board = await ladder();
    const { handle, message } = await report(board);
    const { token } = await world.press(message, `confirm:dispute:${handle}`, { user: bob });
    await world.editedOriginal(token);
    const disputed = fake.messages.get(message.id)!;
    expect(disputed.content).toBe(
      `⚖️ Disputed by <@${bob.id}>. The moderators decide it in <#${modQueue.id}>.`,
    );
    expect(buttonsOf(disputed)).toEqual([]);
    expect(await status(handle)).toBe('pending_review');

    const reviewMsg = await world.reviewMessage(handle);
    expect(reviewMsg.channel_id).toBe(modQueue.id);
    const decided = await world.press(reviewMsg, `review:approve:${handle}`, { user: mod });
    await world.editedOriginal(decided.token);
    expect(await status(handle)).toBe('approved');
    expect(await entries(board)).toEqual([
      [`chat:${alice.id}`, 1016],
      [`chat:${bob.id}`, 984],
    ]);
    // The players' message follows the moderators' decision (the poster edits it from the row).
    const final = await becomes(message, (m) => m.content.includes('approved'), 'the outcome');
    expect(final.content).toBe(
      `⚖️ Disputed by <@${bob.id}>. The moderators approved it; it is on the leaderboard.`,
    );
    await eventually(
      async () => ((await row(handle)).confirmMessageState === 'closed' ? true : undefined),
      'closed',
    );
  });

  it('GIVEN the reporter withdraws THEN it is rejected and nothing is applied', async () => {
    const board = await ladder();
    const { handle, message } = await report(board);
    const { token } = await world.press(message, `confirm:withdraw:${handle}`, { user: alice });
    await world.editedOriginal(token);
    expect(fake.messages.get(message.id)!.content).toBe(
      `↩️ Withdrawn by <@${alice.id}>; nothing was applied.`,
    );
    expect(await status(handle)).toBe('rejected');
    expect(await entries(board)).toEqual([]);
    expect(reviewPosted(handle)).toBe(false);
    // A late Confirm (a stale client) finds no button on the message: refused, nothing changes.
    const late = await world.press(fake.messages.get(message.id)!, `confirm:confirm:${handle}`, {
      user: bob,
    });
    expect(late.callback.data?.flags).toBe(MessageFlags.Ephemeral);
    expect(await status(handle)).toBe('rejected');
  });

  it('GIVEN nobody answers on a confirm-on-silence board WHEN the clock passes the window THEN the sweep confirms it once and the message says so', async () => {
    const board = await ladder({ onSilence: 'confirm' });
    const { handle, message } = await report(board);
    await sweepAt(1); // within the window: nothing happens
    expect(await row(handle)).toMatchObject({ confirmState: 'awaiting' });
    // Two sweeps at once (two processes): the report is confirmed, and applied, exactly once.
    const moved = { ...tally.ctx, now: () => new Date(Date.now() + 3 * HOUR) };
    const swept = await Promise.all([settleSilentReports(moved), settleSilentReports(moved)]);
    expect(swept.flat().filter((h) => h === handle)).toHaveLength(1);
    expect(await row(handle)).toMatchObject({ confirmState: 'auto', confirmBy: 'silence' });
    await sweepAt(4); // a second sweep (or another process) finds nothing left to do
    expect(await status(handle)).toBe('approved');
    expect(await entries(board)).toEqual([
      [`chat:${alice.id}`, 1016],
      [`chat:${bob.id}`, 984],
    ]);
    const final = await becomes(message, (m) => buttonsOf(m).length === 0, 'the auto-confirmation');
    expect(final.content).toBe(
      '✅ Confirmed automatically: no opponent answered within 2 h. It is on the leaderboard.',
    );
    expect(reviewPosted(handle)).toBe(false);
    // The reporter is told by DM, naming no reviewer: nobody pressed.
    const told = await fake.waitFor(
      () =>
        fake.requests.find(
          (r) =>
            r.method === 'POST' &&
            r.path === `/channels/${fake.dmChannelOf(alice.id)}/messages` &&
            String((r.body as { content?: string }).content).includes(handle),
        ),
      PATIENCE_MS,
      'the reporter’s DM',
    );
    expect((told.body as { content: string }).content).toContain(
      'was approved automatically (no opponent answered in time); it is on the leaderboard.',
    );
  });

  it('GIVEN nobody answers on an escalate board WHEN the clock passes the window THEN the moderators get it, and their decline rejects it', async () => {
    const board = await ladder({ onSilence: 'escalate' });
    const { handle, message } = await report(board);
    await sweepAt(6);
    expect(await row(handle)).toMatchObject({
      confirmState: 'escalated',
      status: 'pending_review',
    });
    const reviewMsg = await world.reviewMessage(handle);
    expect(reviewMsg.channel_id).toBe(modQueue.id);
    const moved = await becomes(message, (m) => buttonsOf(m).length === 0, 'the escalation');
    expect(moved.content).toBe(
      `⏳ No opponent answered within 2 h. The moderators decide it in <#${modQueue.id}>.`,
    );
    expect(await status(handle)).toBe('pending_review');
    await review(tally.ctx, handle, 'decline', 'cli', 'operator');
    expect(await status(handle)).toBe('rejected');
    expect(await entries(board)).toEqual([]);
    const final = await becomes(
      message,
      (m) => m.content.includes('nothing was applied'),
      'the outcome',
    );
    expect(final.content).toMatch(
      /^⏳ No opponent answered within 2 h\. The moderators did not approve it/,
    );
  });

  it('GIVEN an API write on an opponents board THEN it goes to the moderators as on any board (nobody to ask)', async () => {
    const board = await ladder();
    const handle = await world.submitMatch(
      board,
      key,
      [{ chat_id: alice.id }],
      [{ chat_id: bob.id }],
    );
    const reviewMsg = await world.reviewMessage(handle);
    expect(reviewMsg.channel_id).toBe(modQueue.id);
    expect(await row(handle)).toMatchObject({ confirmState: null, status: 'pending_review' });
    expect(
      [...fake.messages.values()].some((m) => buttonsOf(m).includes(`confirm:confirm:${handle}`)),
    ).toBe(false);
  });

  it('GIVEN a score board THEN opponent confirmation is refused: a score has no opponent', async () => {
    await expect(
      tally.board({ ownerId, type: 'Highscore', reviewMode: 'opponents' }),
    ).rejects.toThrow(/ELO and League boards only/);
  });
});

/** A request by which the bot creates or edits a message or answers an interaction. */
function isMessageWrite(r: RecordedRequest): boolean {
  if (r.method === 'POST' && /^\/channels\/\d+\/messages$/.test(r.path)) return true;
  if (r.method === 'PATCH' && /^\/channels\/\d+\/messages\/\d+$/.test(r.path)) return true;
  if (/^\/interactions\/\d+\/[^/]+\/callback$/.test(r.path)) return true;
  return /^\/webhooks\//.test(r.path) && (r.method === 'POST' || r.method === 'PATCH');
}

/**
 * Who a message body pings, as Discord reads it: mentions in the content, filtered by
 * `allowed_mentions` (absent: everything the content names is pinged).
 */
function pinged(request: RecordedRequest): { users: string[]; roles: string[]; everyone: boolean } {
  const outer = request.body as { data?: Body } & Body;
  const body: Body = outer.data ?? outer;
  const content = body.content ?? '';
  const named = (re: RegExp) => [...content.matchAll(re)].map((m) => m[1]!);
  const users = named(/<@!?(\d+)>/g);
  const roles = named(/<@&(\d+)>/g);
  const mentions = body.allowed_mentions;
  const parse = mentions ? (mentions.parse ?? []) : ['users', 'roles', 'everyone'];
  return {
    users: users.filter((id) => parse.includes('users') || (mentions?.users ?? []).includes(id)),
    roles: roles.filter((id) => parse.includes('roles') || (mentions?.roles ?? []).includes(id)),
    everyone: /@(everyone|here)/.test(content) && parse.includes('everyone'),
  };
}

interface Body {
  content?: string;
  allowed_mentions?: { parse?: string[]; users?: string[]; roles?: string[] };
}
