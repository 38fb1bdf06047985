import { InteractionResponseType, MessageFlags, type APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { createTeam, type BoardInput } from '../../src/pipeline/boards';
import {
  openMatchOfMember,
  openQueue,
  queueJob,
  queueMatchView,
  queueOfBoard,
  queueView,
} from '../../src/pipeline/queues';
import { Scheduler } from '../../src/pipeline/scheduler';
import { backendName } from '../support/backends';
import { cast, handleIn, member } from '../support/cast';
import {
  buttonsOf,
  MANAGE_SERVER,
  PATIENCE_MS,
  startDiscordWorld,
  type Callback,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeDiscord, FakeMember } from '../support/fake-discord';
import { putEntries } from '../support/pipeline';
import type { TestTally } from '../support/tally';
import { eventually } from '../support/wait';

/**
 * Matchmaking queues in Discord (issue 28) end to end: the real discord.js client against the
 * fake Discord. An admin opens a board's queue with /queue open; members join and leave with
 * /queue and the queue message's buttons; the queue's step pairs them (here also under a moved
 * clock, as the window widens), the match's message runs the ready check and takes the report,
 * which goes through the board's own confirmation; moderators cancel. Every test plays on a board
 * and with members of its own, so the tests pass alone and in any order.
 */
const { server: arena, admin, mod, referees, visitor, channels } = cast({ channels: ['lobby'] });
const other = cast({ name: 'Elsewhere' });
const { lobby } = channels;

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe(`matchmaking queues in Discord (${backendName})`, () => {
  let world: DiscordWorld;
  let tally: TestTally;
  let fake: FakeDiscord;
  let ownerId: string;

  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [arena, other.server] });
    ({ tally, fake } = world);
    ownerId = await tally.owner(`guild:${arena.id}`);
    await tally.owner(`guild:${other.server.id}`);
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** Someone new on Arena: a member waits in one queue at a time, so each test has its own. */
  const fresh = (name: string, extra: Parameters<typeof member>[1] = {}) =>
    world.join(arena, member(name, extra));
  const ladder = (input: Partial<BoardInput> = {}) =>
    tally.board({ ownerId, type: 'ELO', name: 'Ladder', windowHours: 0, ...input });
  const id = (m: FakeMember) => `chat:${m.id}`;
  const ephemeral = (callback: Callback) =>
    ((callback.data?.flags ?? 0) & MessageFlags.Ephemeral) !== 0;

  /** An admin opens the board's queue in #lobby; resolves with the queue. */
  async function opened(board: Board, settings: Record<string, number> = {}) {
    const { message, ephemeral: hidden } = await world.run({
      channelId: lobby.id,
      user: admin,
      permissions: MANAGE_SERVER,
      command: ['queue', 'open'],
      options: { board: board.id, channel: { channelId: lobby.id }, ...settings },
    });
    expect(hidden).toBe(true);
    expect(message.content).toContain(`Opened the queue of **${board.displayName}**`);
    return { queue: (await queueOfBoard(tally.ctx, board))! };
  }
  const queueMessage = (queuePk: number) =>
    fake.waitFor(
      () => [...fake.messages.values()].find((m) => buttonsOf(m).includes(`queue:join:${queuePk}`)),
      PATIENCE_MS,
      `the message of queue ${queuePk}`,
    );
  const join = (user: FakeMember, board: Board, extra: Record<string, string> = {}) =>
    world.run({
      channelId: lobby.id,
      user,
      command: ['queue', 'join'],
      options: { board: board.id, ...extra },
    });
  const waiting = async (queuePk: number) =>
    (await queueView(tally.ctx, queuePk))!.waiting.map((w) => w.entrant);
  /** The member's open match, once the queue's step formed it. */
  const matchOf = (who: FakeMember) =>
    eventually(
      async () => (await openMatchOfMember(tally.ctx, id(who))) ?? undefined,
      `${who.username}'s match`,
      { timeoutMs: PATIENCE_MS },
    );
  /** A match's message as it is once `probe` holds (the poster posts and edits in the background). */
  const matchMessage = (matchPk: number, probe: (m: APIMessage) => boolean = () => true) =>
    fake.waitFor(
      () =>
        [...fake.messages.values()].find(
          (m) => m.embeds[0]?.footer?.text.startsWith(`queue match ${matchPk} `) && probe(m),
        ),
      PATIENCE_MS,
      `the message of queue match ${matchPk}`,
    );
  /** A scheduler of the test's own, of the queue's step only, at the clock moved by `ms`. */
  const queueStepAt = (ms: number) =>
    new Scheduler({ ...tally.ctx, now: () => new Date(Date.now() + ms) }, [queueJob]).tick();
  const press = (message: APIMessage, customId: string, user: FakeMember, permissions = '0') =>
    world.press(message, customId, { user, permissions });

  /** Two fresh members matched on a fresh board's queue, both Ready: the match is being played. */
  async function playing(input: Partial<BoardInput> = {}) {
    const board = await ladder(input);
    await opened(board);
    const [ann, bo] = [await fresh('ann'), await fresh('bo')];
    await join(ann, board);
    await join(bo, board);
    const matchPk = (await matchOf(ann)).match.pk;
    const ready = await matchMessage(matchPk, (m) =>
      buttonsOf(m).includes(`qmatch:ready:${matchPk}`),
    );
    await press(ready, `qmatch:ready:${matchPk}`, ann);
    const last = await press(ready, `qmatch:ready:${matchPk}`, bo);
    expect(last.callback.data?.content).toContain('Everyone is ready: the match is on.');
    const message = await matchMessage(
      matchPk,
      (m) =>
        buttonsOf(m).includes(`qmatch:cancel:${matchPk}`) &&
        !buttonsOf(m).includes(`qmatch:ready:${matchPk}`),
    );
    return { board, ann, bo, matchPk, message };
  }

  it('GIVEN an admin runs /queue open THEN the queue opens with its Join / Leave message and how it matches; a member without Manage Server is refused', async () => {
    const board = await ladder();
    const refused = await world.run({
      channelId: lobby.id,
      user: visitor,
      command: ['queue', 'open'],
      options: { board: board.id, channel: { channelId: lobby.id } },
    });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toContain('/queue open needs the Manage Server permission.');
    expect(await queueOfBoard(tally.ctx, board)).toBeNull();

    const { queue } = await opened(board, { ready_seconds: 90 });
    const message = await queueMessage(queue.pk);
    expect(message.channel_id).toBe(lobby.id);
    expect(buttonsOf(message)).toEqual([`queue:join:${queue.pk}`, `queue:leave:${queue.pk}`]);
    expect(queue).toMatchObject({ windowStart: 50, readySeconds: 90, channelId: lobby.id });
    const changed = await world.run({
      channelId: lobby.id,
      user: admin,
      permissions: MANAGE_SERVER,
      command: ['queue', 'open'],
      options: { board: board.id, window_start: 80 },
    });
    expect(changed.message.content).toContain('Updated the queue of **Ladder**');
    expect(changed.message.content).toContain('±80 on joining');
    expect((await queueOfBoard(tally.ctx, board))!.readySeconds).toBe(90);
  });

  it('GIVEN members join by /queue join and by the Join button THEN each waits once; Leave and /queue leave take them out; joining twice is refused', async () => {
    const board = await ladder();
    const { queue } = await opened(board, { window_start: 0, window_growth: 0, window_max: 0 });
    const message = await queueMessage(queue.pk);
    const [ann, bo] = [await fresh('ann'), await fresh('bo')];
    await putEntries(tally.ctx, board, { [id(ann)]: { elo: 1000 }, [id(bo)]: { elo: 1100 } });

    const joined = await join(ann, board);
    expect(joined.ephemeral).toBe(true);
    expect(joined.message.content).toContain('You are in the queue of **Ladder** (1 waiting).');
    expect(joined.message.content).toContain(`Tally pings you in <#${lobby.id}>`);
    const pressed = await press(message, `queue:join:${queue.pk}`, bo);
    expect(ephemeral(pressed.callback)).toBe(true);
    expect(pressed.callback.data?.content).toContain(
      'You are in the queue of **Ladder** (2 waiting).',
    );
    expect(await waiting(queue.pk)).toEqual([id(ann), id(bo)]);

    const twice = await press(message, `queue:join:${queue.pk}`, ann);
    expect(ephemeral(twice.callback)).toBe(true);
    expect(twice.callback.data?.content).toContain(
      'You are already waiting in the queue of Ladder',
    );
    const again = await join(bo, board);
    expect(again.message.content).toContain('already waiting');
    expect(await waiting(queue.pk)).toEqual([id(ann), id(bo)]);

    const status = await world.run({
      channelId: lobby.id,
      user: ann,
      command: ['queue', 'status'],
    });
    expect(status.ephemeral).toBe(true);
    expect(status.message.content).toContain('You wait in the queue of **Ladder**');
    expect(status.message.content).toContain('rating 1000, matched within ±0 now');
    expect(status.message.content).toContain(`<@${bo.id}> — 1100`);

    const left = await press(message, `queue:leave:${queue.pk}`, ann);
    expect(left.callback.data?.content).toBe('You left the queue of **Ladder** (1 waiting).');
    const leftAgain = await press(message, `queue:leave:${queue.pk}`, ann);
    expect(leftAgain.callback.data?.content).toContain(
      'You are not waiting in the queue of **Ladder**',
    );
    const slash = await world.run({ channelId: lobby.id, user: bo, command: ['queue', 'leave'] });
    expect(slash.message.content).toBe('You left the queue of **Ladder** (0 waiting).');
    expect(await waiting(queue.pk)).toEqual([]);
  });

  it('GIVEN a member waits in one board’s queue THEN joining another board’s is refused, and a bot cannot join', async () => {
    const [first, second] = [await ladder(), await ladder({ name: 'Second' })];
    await opened(first, { window_start: 0, window_growth: 0, window_max: 0 });
    const { queue } = await opened(second);
    const ann = await fresh('ann');
    await join(ann, first);
    const refused = await join(ann, second);
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toContain('already waiting in the queue of Ladder');
    expect(refused.message.content).toContain('leave it first');
    expect(await waiting(queue.pk)).toEqual([]);

    const robot = await fresh('robot', { bot: true });
    const bot = await join(robot, second);
    expect(bot.ephemeral).toBe(true);
    expect(bot.message.content).toContain('bots cannot queue');
    expect(await waiting(queue.pk)).toEqual([]);
  });

  it('GIVEN a press from another server, or a forged queue of another server, THEN it is refused and nothing changes', async () => {
    const board = await ladder();
    const { queue } = await opened(board);
    const message = await queueMessage(queue.pk);
    const theirs = await tally.board({
      ownerId: `guild:${other.server.id}`,
      type: 'ELO',
      name: 'Theirs',
    });
    const otherPk = (await openQueue(tally.ctx, theirs, {})).pk;

    const fromElsewhere = await world.press(message, `queue:join:${queue.pk}`, {
      user: other.alice,
      forge: (i) => ({ ...i, guild_id: other.server.id }),
    });
    expect(ephemeral(fromElsewhere.callback)).toBe(true);
    expect(fromElsewhere.callback.data?.content).toContain('not one of this server’s');
    const ann = await fresh('ann');
    const forged = `queue:join:${otherPk}`;
    const forgedPress = await world.press(message, forged, {
      user: ann,
      forge: (i) => {
        const m = (i as { message: APIMessage }).message;
        const components = [
          { type: 1, components: [{ type: 2, style: 1, label: 'Join', custom_id: forged }] },
        ];
        return { ...i, message: { ...m, components } };
      },
    });
    expect(ephemeral(forgedPress.callback)).toBe(true);
    expect(forgedPress.callback.data?.content).toContain('not one of this server’s');
    expect(await waiting(queue.pk)).toEqual([]);
    expect(await waiting(otherPk)).toEqual([]);
  });
  it('GIVEN two members 120 apart THEN they are paired only once the window has widened to 120 (about 2.8 min at the defaults), and only they are pinged to press Ready', async () => {
    const board = await ladder();
    const { queue } = await opened(board);
    const [ann, bo] = [await fresh('ann'), await fresh('bo')];
    await putEntries(tally.ctx, board, { [id(ann)]: { elo: 1000 }, [id(bo)]: { elo: 1120 } });
    await join(ann, board);
    await join(bo, board);
    await queueStepAt(2.6 * MINUTE); // a window of 115
    expect(await openMatchOfMember(tally.ctx, id(ann))).toBeNull();
    expect(await waiting(queue.pk)).toEqual([id(ann), id(bo)]);
    await queueStepAt(2.9 * MINUTE); // 122.5
    const formed = (await openMatchOfMember(tally.ctx, id(ann)))!;
    expect(formed.players.map((p) => [p.entrant, p.side, p.rating])).toEqual([
      [id(ann), 1, 1000],
      [id(bo), 2, 1120],
    ]);
    expect(await waiting(queue.pk)).toEqual([]);
    const pk = formed.match.pk;
    const message = await matchMessage(pk);
    expect(message.channel_id).toBe(lobby.id);
    expect(message.content).toMatch(new RegExp(`^<@${ann.id}> <@${bo.id}>: `));
    expect(buttonsOf(message)).toEqual([
      `qmatch:ready:${pk}`,
      `qmatch:decline:${pk}`,
      `qmatch:cancel:${pk}`,
    ]);
    const post = fake.requests.find(
      (r) => r.method === 'POST' && JSON.stringify(r.body).includes(`queue match ${pk} `),
    )!;
    expect((post.body as { allowed_mentions: unknown }).allowed_mentions).toEqual({
      parse: [],
      users: [ann.id, bo.id],
    });
    // Matched: they cannot queue again until the match is over.
    const again = await join(ann, board);
    expect(again.message.content).toContain('queue match that is not over');
  });

  it('GIVEN four join a 2v2 queue, the two strongest first THEN the teams are split evenly, not by join order', async () => {
    const board = await ladder({ teamSize: 2 });
    await opened(board);
    const four = [await fresh('a'), await fresh('b'), await fresh('c'), await fresh('d')];
    const [a, b, c, d] = four as [FakeMember, FakeMember, FakeMember, FakeMember];
    await putEntries(tally.ctx, board, {
      [id(a)]: { elo: 1040 },
      [id(b)]: { elo: 1030 },
      [id(c)]: { elo: 1000 },
      [id(d)]: { elo: 990 },
    });
    for (const who of four) await join(who, board);
    const formed = await matchOf(a);
    const side = (n: number) =>
      formed.players
        .filter((p) => p.side === n)
        .map((p) => p.entrant)
        .sort();
    expect([side(1), side(2)]).toEqual(
      expect.arrayContaining([[id(a), id(d)].sort(), [id(b), id(c)].sort()]),
    );
    expect(formed.predicted).toBeCloseTo(0.5, 6);
    const message = await matchMessage(formed.match.pk);
    const fields = message.embeds[0]!.fields!;
    const team = (m: FakeMember) => fields.findIndex((f) => f.value.includes(`<@${m.id}>`));
    expect(team(a)).toBe(team(d));
    expect(team(b)).toBe(team(c));
    expect(team(a)).not.toBe(team(b));
  });

  it('GIVEN a ready check one player misses THEN past ready_seconds the no-show is out and the other is back in the queue at their place', async () => {
    const board = await ladder();
    const { queue } = await opened(board);
    const [ann, bo, cy] = [await fresh('ann'), await fresh('bo'), await fresh('cy')];
    await join(ann, board);
    const annSince = (await queueView(tally.ctx, queue.pk))!.waiting[0]!.since;
    await join(bo, board);
    const pk = (await matchOf(ann)).match.pk;
    const message = await matchMessage(pk, (m) => buttonsOf(m).includes(`qmatch:ready:${pk}`));
    const ready = await press(message, `qmatch:ready:${pk}`, ann);
    expect(ephemeral(ready.callback)).toBe(true);
    expect(ready.callback.data?.content).toContain('You are ready; the match starts once everyone');
    const stranger = await press(message, `qmatch:ready:${pk}`, cy);
    expect(ephemeral(stranger.callback)).toBe(true);
    expect(stranger.callback.data?.content).toContain('only the players of this match');

    await queueStepAt(61 * SECOND);
    expect((await queueMatchView(tally.ctx, pk))!.match).toMatchObject({
      state: 'cancelled',
      reason: `not ready: ${id(bo)}`,
    });
    const view = (await queueView(tally.ctx, queue.pk))!;
    expect(view.waiting.map((w) => [w.entrant, w.since.getTime()])).toEqual([
      [id(ann), annSince.getTime()],
    ]);
    const ended = await matchMessage(pk, (m) => m.content.startsWith('Cancelled'));
    expect(ended.content).toContain(`<@${bo.id}> was not ready`);
    expect(buttonsOf(ended)).toEqual([]);
  });

  it('GIVEN a played match WHEN the winner presses Won THEN it is reported like Lost is (its three-letter id once failed the pattern and was refused as unknown)', async () => {
    const { ann, matchPk, message } = await playing({
      reviewMode: 'opponents',
      confirmWindowHours: 2,
    });
    expect(buttonsOf(message)).toContain(`qmatch:won:${matchPk}`);
    const reported = await press(message, `qmatch:won:${matchPk}`, ann);
    expect(reported.callback.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    expect(ephemeral(reported.callback)).toBe(false);
    const answer = (await world.editedOriginal(reported.token)).body as { content: string };
    expect(answer.content).toContain(`Reported on **Ladder** as ${handleIn(answer.content)}.`);
  });

  it('GIVEN a played match on an opponents board THEN one side’s report, answered as /match report is, waits for the other side, whose Confirm applies it', async () => {
    const { board, ann, bo, matchPk, message } = await playing({
      reviewMode: 'opponents',
      confirmWindowHours: 2,
    });
    const reported = await press(message, `qmatch:lost:${matchPk}`, bo);
    expect(reported.callback.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    expect(ephemeral(reported.callback)).toBe(false);
    const answer = (await world.editedOriginal(reported.token)).body as { content: string };
    const handle = handleIn(answer.content);
    expect(answer.content).toContain(
      `Reported on **Ladder** as ${handle}. It counts once an opponent confirms it; Tally asks them here in a moment.`,
    );
    const again = await press(message, `qmatch:won:${matchPk}`, ann);
    expect(ephemeral(again.callback)).toBe(true);

    const confirm = await fake.waitFor(
      () =>
        [...fake.messages.values()].find((m) => buttonsOf(m).includes(`confirm:confirm:${handle}`)),
      PATIENCE_MS,
      `the opponents' message of ${handle}`,
    );
    expect(confirm.channel_id).toBe(lobby.id);
    expect(confirm.content).toMatch(new RegExp(`^<@${ann.id}>: <@${bo.id}> reported this match`));
    const confirmed = await press(confirm, `confirm:confirm:${handle}`, ann);
    expect(confirmed.callback.type).toBe(InteractionResponseType.DeferredMessageUpdate);
    await world.editedOriginal(confirmed.token);
    const entries = await Promise.all(
      [ann, bo].map(async (m) => (await tally.ctx.repos.entries.get(board.pk, id(m)))?.elo),
    );
    expect(entries).toEqual([1016, 984]);
    expect((await queueMatchView(tally.ctx, matchPk))!.match.state).toBe('reported');
  });

  it('GIVEN a played League match THEN Report score opens the score modal and its scoreline, the presser’s side first, is recorded', async () => {
    const { board, ann, bo, matchPk, message } = await playing({ type: 'League' });
    const opening = await press(message, `qmatch:score:${matchPk}`, ann);
    expect(opening.callback.type).toBe(InteractionResponseType.Modal);
    const modal = fake.modals.find((m) => m.token === opening.token)!;
    expect(modal.customId).toBe(`qscore:${matchPk}`);
    const submit = (score: string) =>
      fake.submitModal({
        channelId: lobby.id,
        messageId: message.id,
        customId: modal.customId,
        values: { score },
        user: ann,
      });
    const bad = submit('three to one');
    const refused = (
      await fake.waitForRequest((r) => r.path.endsWith(`/${bad.token}/callback`), PATIENCE_MS)
    ).body as Callback;
    expect(ephemeral(refused)).toBe(true);
    expect(refused.data?.content).toContain('your side first, like 3-1; nothing was reported');

    const { token } = submit('1-3');
    const answer = (await world.editedOriginal(token)).body as { content: string };
    expect(answer.content).toContain('Recorded on **Ladder** and applied');
    const points = await Promise.all(
      [ann, bo].map(async (m) => (await tally.ctx.repos.entries.get(board.pk, id(m)))?.score),
    );
    expect(points).toEqual([0, 3]);
  });

  it('GIVEN a match being played THEN a moderator may cancel it and a member may not', async () => {
    const { matchPk, message } = await playing({ moderatorRoleId: referees.id });
    const refused = await press(message, `qmatch:cancel:${matchPk}`, visitor);
    expect(ephemeral(refused.callback)).toBe(true);
    expect(refused.callback.data?.content).toContain(
      'Only members with the Manage Server permission or the board’s moderator role can cancel',
    );
    expect((await queueMatchView(tally.ctx, matchPk))!.match.state).toBe('playing');
    const cancelled = await press(message, `qmatch:cancel:${matchPk}`, mod);
    expect(ephemeral(cancelled.callback)).toBe(true);
    expect(cancelled.callback.data?.content).toBe(
      'Cancelled this match on **Ladder**; nobody’s rating moves.',
    );
    expect((await queueMatchView(tally.ctx, matchPk))!.match).toMatchObject({
      state: 'cancelled',
      reason: `cancelled by chat:${mod.id}`,
    });
    const ended = await matchMessage(matchPk, (m) => m.content.startsWith('Cancelled'));
    expect(buttonsOf(ended)).toEqual([]);
  });

  it('GIVEN nobody reports a match in time THEN it is cancelled and its players may queue again', async () => {
    const { board, ann, matchPk } = await playing();
    await queueStepAt(121 * MINUTE);
    expect((await queueMatchView(tally.ctx, matchPk))!.match).toMatchObject({
      state: 'cancelled',
      reason: 'unreported',
    });
    const ended = await matchMessage(matchPk, (m) => m.content.startsWith('Cancelled'));
    expect(ended.content).toContain('nobody reported the result in time');
    const again = await join(ann, board);
    expect(again.message.content).toContain('You are in the queue of **Ladder**');
  });
  it('GIVEN a fixed-teams board THEN a member queues their team with /queue join team:, the Join button says how, and two teams are paired', async () => {
    const board = await ladder({ fixedTeams: true, name: 'Clans' });
    const { queue } = await opened(board);
    const message = await queueMessage(queue.pk);
    const [reds, blues] = [
      await createTeam(tally.ctx, ownerId, board.id, 'Reds'),
      await createTeam(tally.ctx, ownerId, board.id, 'Blues'),
    ];
    const [ann, bo] = [await fresh('ann'), await fresh('bo')];
    const joined = await join(ann, board, { team: 'Reds' });
    expect(joined.message.content).toContain('**Reds** is in the queue of **Clans** (1 waiting).');
    const button = await press(message, `queue:join:${queue.pk}`, bo);
    expect(ephemeral(button.callback)).toBe(true);
    expect(button.callback.data?.content).toContain(`/queue join board:${board.id} team:<name>`);
    const unknown = await join(bo, board, { team: 'Greens' });
    expect(unknown.message.content).toContain('is not a team of this board');
    await join(bo, board, { team: blues.teamId });
    const formed = await matchOf(ann);
    expect(formed.players.map((p) => [p.entrant, p.joinedBy])).toEqual([
      [`team:${reds.pk}`, id(ann)],
      [`team:${blues.pk}`, id(bo)],
    ]);
  });
  it('GIVEN a matched member who cannot play THEN Can’t play ends the check at once, the other is back in the queue, and /queue status shows each where they are', async () => {
    const board = await ladder();
    const { queue } = await opened(board);
    const [ann, bo] = [await fresh('ann'), await fresh('bo')];
    await join(ann, board);
    await join(bo, board);
    const pk = (await matchOf(ann)).match.pk;
    const status = await world.run({
      channelId: lobby.id,
      user: ann,
      command: ['queue', 'status'],
    });
    expect(status.message.content).toContain('You are not waiting in any queue.');
    expect(status.message.content).toContain(
      `Your match on **Ladder** in <#${lobby.id}>: waiting for everyone to press Ready; press Ready by <t:`,
    );
    const message = await matchMessage(pk, (m) => buttonsOf(m).includes(`qmatch:decline:${pk}`));
    const declined = await press(message, `qmatch:decline:${pk}`, bo);
    expect(ephemeral(declined.callback)).toBe(true);
    expect(declined.callback.data?.content).toContain('You are out of this match');
    expect(await waiting(queue.pk)).toEqual([id(ann)]);
    const after = await world.run({
      channelId: lobby.id,
      user: bo,
      command: ['queue', 'status'],
      options: { board: board.id },
    });
    expect(after.message.content).toContain('You are not waiting in any queue.');
    expect(after.message.content).toContain('Queue of **Ladder** (1 waiting, 0 open matches):');
    // Her place and her wait so far: the window has widened a little since she joined.
    expect(after.message.content).toMatch(new RegExp(`<@${ann.id}> — 1000, ±5\\d, since <t:`));
  });

  it('GIVEN an admin closes a queue THEN whoever waited is out and nobody can join it; a member cannot close it', async () => {
    const board = await ladder();
    const { queue } = await opened(board);
    const ann = await fresh('ann');
    await join(ann, board);
    const posted = await queueMessage(queue.pk);
    const close = (user: FakeMember, permissions = '0') =>
      world.run({
        channelId: lobby.id,
        user,
        permissions,
        command: ['queue', 'close'],
        options: { board: board.id },
      });
    const refused = await close(visitor);
    expect(refused.message.content).toContain('/queue close needs the Manage Server permission.');
    expect(await waiting(queue.pk)).toEqual([id(ann)]);
    const closed = await close(admin, MANAGE_SERVER);
    expect(closed.ephemeral).toBe(true);
    expect(closed.message.content).toContain('Closed the queue of **Ladder**');
    expect(await queueOfBoard(tally.ctx, board)).toBeNull();
    // Its message stays, edited to say so: no Join button is left to press.
    const shown = await fake.waitFor(
      () => {
        const now = fake.messages.get(posted.id);
        return now && buttonsOf(now).length === 0 ? now : undefined;
      },
      PATIENCE_MS,
      'the closed queue message',
    );
    expect(shown.embeds[0]!.description).toContain('This queue is closed');
    const late = await join(ann, board);
    expect(late.message.content).toContain('Ladder has no queue');
    expect((await close(admin, MANAGE_SERVER)).message.content).toBe(
      '**Ladder** has no queue; nothing changed.',
    );
  });
});
