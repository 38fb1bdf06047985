import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueuePoster } from '../../src/bot/queue-poster';
import { POSTER_DEFAULTS } from '../../src/bot/review-poster';
import { JOBS } from '../../src/pipeline/jobs';
import { joinQueue, openQueue } from '../../src/pipeline/queues';
import { Scheduler } from '../../src/pipeline/scheduler';
import { backendName } from '../support/backends';
import { cast, member } from '../support/cast';
import { PATIENCE_MS } from '../support/discord-world';
import { startTwoProcesses, type TwoProcesses } from '../support/two-processes';

/**
 * Issue 28 item 6 through Discord: two Tally processes on one database serve one queue. Members
 * join through the first process's bot (/queue join, the real discord.js client) and through the
 * second process; both take the queue's scheduled step and both run a queue poster. Each match
 * is formed once, its ready check posted once (pinging its two players only), and nobody is in
 * two matches. (test/pipeline/queues-two-processes.test.ts races two real processes; here the
 * two take turns, as two contexts in one process must on SQLite.)
 */
describe(`one queue, two processes, through Discord (${backendName})`, () => {
  const { server: arena, general } = cast();
  let two: TwoProcesses;
  beforeAll(async () => {
    two = await startTwoProcesses({ guilds: [arena] });
  });
  afterAll(async () => {
    await two?.stop();
  });

  it('GIVEN six members joining through both processes THEN three matches are formed and each ready check is posted once, pinging its two players', async () => {
    const { world, first, second } = two;
    const ownerId = await world.tally.owner(`guild:${arena.id}`);
    const board = await world.tally.board({ ownerId, type: 'ELO', name: 'Duel', windowHours: 0 });
    await openQueue(first.ctx, board, { channelId: general.id });
    const people = ['ann', 'bo', 'cy', 'di', 'ed', 'flo'].map((name) =>
      world.join(arena, member(name)),
    );
    const schedulers = [new Scheduler(first.ctx, JOBS), new Scheduler(second.ctx, JOBS)];
    const poster = new QueuePoster(second.ctx, second.rest, POSTER_DEFAULTS);
    for (const [i, person] of people.entries()) {
      if (i % 2 === 0) {
        const joined = await world.run({
          channelId: general.id,
          user: person,
          command: ['queue', 'join'],
          options: { board: board.id },
        });
        expect(joined.message.content).toContain('in the queue of **Duel**');
      } else {
        await joinQueue(second.ctx, { board, member: `chat:${person.id}` });
      }
      for (const scheduler of i % 2 === 0 ? schedulers : [...schedulers].reverse()) {
        await scheduler.tick();
      }
      await poster.runOnce();
      two.advance(1_000);
    }
    const readyChecks = () =>
      world.fake.requests.filter(
        (r) =>
          r.method === 'POST' &&
          r.path === `/channels/${general.id}/messages` &&
          JSON.stringify(r.body).includes('queue match '),
      );
    // The first process's bot posts in the background too; give both time to settle.
    await world.fake.waitFor(
      () => (readyChecks().length >= 3 ? true : undefined),
      PATIENCE_MS,
      'three ready checks',
    );
    await poster.runOnce();
    const posts = readyChecks().filter((r) => r.status === 200);
    const pinged = posts.map(
      (r) => (r.body as { allowed_mentions: { users: string[] } }).allowed_mentions.users,
    );
    expect(pinged).toHaveLength(3);
    // A repeated post (the other process's, after a lost answer) would carry the same nonce and
    // come back as the first message: one message per match in the channel either way.
    const messages = [...world.fake.messages.values()].filter((m) =>
      m.embeds[0]?.footer?.text.startsWith('queue match '),
    );
    expect(messages).toHaveLength(3);
    const everyone = pinged.flat().sort();
    expect(everyone).toEqual(people.map((p) => p.id).sort());
    for (const users of pinged) expect(users).toHaveLength(2);
  });
});
