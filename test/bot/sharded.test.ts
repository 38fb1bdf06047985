import type { APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { POSTER_DEFAULTS } from '../../src/bot/review-poster';
import { boardSubject } from '../../src/domain/ids';
import type { Season } from '../../src/domain/season';
import { createBoard } from '../../src/pipeline/boards';
import { addOwner } from '../../src/pipeline/owners';
import { SEASON_END_KIND, startSeason } from '../../src/pipeline/seasons';
import { backendName } from '../support/backends';
import { cast, handleIn, submissionId } from '../support/cast';
import {
  botEnv,
  buttonsOf,
  MANAGE_SERVER,
  startFakeDiscord,
  type Callback,
} from '../support/discord-world';
import { shardOf, snowflake, type FakeDiscord } from '../support/fake-discord';
import { spawnServe, type Served } from '../support/serve';
import { createSharedDatabase, endServed, inDatabase } from '../support/shared-database';

/**
 * Scale-out (issue 16): two `tally serve` processes on one database (and one Redis when the run
 * has one), each connecting two of the bot's four gateway shards (DISCORD_SHARDS of
 * DISCORD_SHARD_COUNT), against a fake Discord that speaks sharded IDENTIFY and routes each
 * server's interactions to the one shard holding it. Both processes run the API, the worker, the
 * review poster and the scheduler. One server per shard; in each, a member reports a match, a
 * moderator approves it, and the season's end comes for the schedulers to close. Counted: every
 * IDENTIFY, every interaction's callbacks, every review message, every season announcement. The
 * whole run is set up once (beforeAll) and each test reads it from its own angle, changing
 * nothing.
 */
const SHARDS = 4;
const HOUR = 3_600_000;
/**
 * How long each step of the set-up may take: two processes start, compile and serve on a machine
 * that may be loaded. Every wait ends the moment its condition holds.
 */
const PATIENCE_MS = 60_000;
/** How often `tally serve`'s scheduler looks for due steps (its default). */
const SCHEDULER_POLL_MS = 1000;

/** A server id that Discord routes to `shard` of SHARDS ((id >> 22) % SHARDS). */
function idOnShard(shard: number): string {
  const id = BigInt(snowflake());
  const moment = id >> 22n;
  const aligned = moment - ((moment - BigInt(shard)) % BigInt(SHARDS));
  return String((aligned << 22n) | (id & 0x3fffffn));
}

/** A server on `shard`: the usual cast, with a channel for season news. */
const serverOn = (shard: number) => {
  const s = cast({ id: idOnShard(shard), name: `Arena ${shard}`, channels: ['news'] });
  return { ...s, shard, news: s.channels.news };
};

type Server = ReturnType<typeof serverOn> & {
  board: Board;
  season: Season;
  /** The report's handle, its review message, the interactions' tokens. */
  handle: string;
  reviewId: string;
  reportToken: string;
  approveToken: string;
  leaderboardToken: string;
};

describe(`two processes × four gateway shards on one database (${backendName})`, () => {
  let fake: FakeDiscord;
  let database: Awaited<ReturnType<typeof createSharedDatabase>>;
  const served: Served[] = [];
  const servers: Server[] = [];

  const callbacksOf = (token: string) =>
    fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/${token}/callback`));
  const reviewMessages = (handle: string) =>
    [...fake.messages.values()].filter((m) => buttonsOf(m).includes(`review:approve:${handle}`));
  const inChannel = (channelId: string) =>
    [...fake.messages.values()].filter((m) => m.channel_id === channelId);
  const titles = (messages: APIMessage[]) => messages.map((m) => m.embeds[0]?.title ?? '');

  beforeAll(async () => {
    const made = [0, 1, 2, 3].map(serverOn);
    let lastPost = 0;
    // Four shards are required, and two identify at once: buckets 0 and 1 (shard id % 2), so
    // process A's shard 0 and process B's shard 2 share a bucket and must be 5 s apart.
    fake = await startFakeDiscord({
      guilds: made.map((m) => m.server),
      shards: { recommended: SHARDS, required: SHARDS, maxConcurrency: 2 },
    });
    database = await createSharedDatabase('tally-shards-');
    // A board per server, with a season running from before the matches, so they count in it
    // and its end archives their standings. Its end is far off until the matches are approved.
    await inDatabase(database.url, async ({ ctx }) => {
      for (const m of made) {
        const ownerId = `guild:${m.server.id}`;
        await addOwner(ctx, ownerId);
        const board = await createBoard(ctx, {
          ownerId,
          type: 'ELO',
          name: 'Ladder',
          moderatorChannelId: m.modQueue.id,
        });
        const { season } = await startSeason(ctx, ownerId, board.id, {
          name: 'Sprint',
          endsAt: new Date(Date.now() + HOUR),
          channelId: m.news.id,
        });
        servers.push({
          ...m,
          board,
          season,
          handle: '',
          reviewId: '',
          reportToken: '',
          approveToken: '',
          leaderboardToken: '',
        });
      }
    });
    const env = (shards: string) => ({
      ...botEnv(fake.apiUrl),
      DISCORD_SHARDS: shards,
      DISCORD_SHARD_COUNT: String(SHARDS),
    });
    served.push(
      ...(await Promise.all([
        spawnServe(database.url, env('0-1'), PATIENCE_MS),
        spawnServe(database.url, env('2-3'), PATIENCE_MS),
      ])),
    );

    // In every server, as soon as its shard is connected: a member reports a match and someone
    // asks for the standings; whichever process posts the review message, a moderator approves.
    await Promise.all(
      servers.map(async (s) => {
        await fake.waitFor(
          () =>
            fake.identifies.some((i) => i.shard[0] === s.shard) && fake.commands.get('global')
              ? true
              : undefined,
          PATIENCE_MS,
          `shard ${s.shard} to identify and the commands to be registered`,
        );
        const report = fake.runCommand({
          user: s.alice,
          channelId: s.general.id,
          command: ['match', 'report'],
          options: { board: s.board.id, opponents: `<@${s.bob.id}>`, result: 'won' },
        });
        s.reportToken = report.token;
        s.leaderboardToken = fake.runCommand({
          user: s.bob,
          channelId: s.general.id,
          command: ['leaderboard'],
          options: { board: s.board.id },
        }).token;
        s.handle = await fake.waitFor(
          () => handleIn(fake.replyOf(report.token)?.content ?? '') || undefined,
          PATIENCE_MS,
          `the report's reply in ${s.server.name}`,
        );
        const posted = await fake.waitFor(
          () => reviewMessages(s.handle)[0],
          PATIENCE_MS,
          `the review message of ${s.handle}`,
        );
        s.reviewId = posted.id;
        lastPost = Math.max(lastPost, Date.now());
        s.approveToken = fake.clickButton({
          messageId: posted.id,
          customId: `review:approve:${s.handle}`,
          user: s.mod,
          permissions: MANAGE_SERVER,
        }).token;
        // The message is closed (no buttons left) once the approval has been applied.
        await fake.waitFor(
          () => (buttonsOf(fake.messages.get(posted.id)!).length === 0 ? true : undefined),
          PATIENCE_MS,
          `the approval of ${s.handle}`,
        );
      }),
    );
    // The matches counted: now the seasons' ends come, as a scheduled end does. Nobody ends them
    // by command: the schedulers of both processes see each end due, and one of them closes it.
    await inDatabase(database.url, async ({ ctx }) => {
      const now = new Date();
      for (const s of servers) {
        await ctx.repos.db.transaction(async (tx) => {
          // The schedule row first, then the season: the order the scheduler takes them in.
          await ctx.repos.schedules.plan(SEASON_END_KIND, boardSubject(s.board.pk), now, tx);
          expect(await ctx.repos.seasons.setEnd(s.season.pk, now, false, tx)).toBe(true);
        });
      }
    });
    await fake.waitFor(
      () =>
        servers.every((s) => titles(inChannel(s.news.id)).some((t) => t.includes('has ended')))
          ? true
          : undefined,
      PATIENCE_MS,
      'every season to end and be announced',
    );
    // Two more poll periods of both processes since the last review message and the last season
    // end: time for any second post or step to show (a wait for what must not happen can only be
    // a fixed one; on a loaded machine it is longer, never shorter).
    const quietUntil = Math.max(
      lastPost + 2 * POSTER_DEFAULTS.pollMs,
      Date.now() + 2 * SCHEDULER_POLL_MS,
    );
    await new Promise((resolve) => setTimeout(resolve, quietUntil + 500 - Date.now()));
  }, 4 * PATIENCE_MS);

  afterAll(async () => {
    await Promise.all(served.map((s) => endServed(s)));
    await fake?.close();
    await database?.drop();
  });

  it('GIVEN DISCORD_SHARDS 0-1 and 2-3 of 4 THEN each shard identifies once, with its own servers, a bucket at a time', () => {
    const shards = fake.identifies.map((i) => i.shard).sort((a, b) => a[0] - b[0]);
    expect(shards).toEqual([
      [0, SHARDS],
      [1, SHARDS],
      [2, SHARDS],
      [3, SHARDS],
    ]);
    // Shards 0 and 2 (bucket 0) live in different processes: the database paced them.
    const at = (id: number) => fake.identifies.find((i) => i.shard[0] === id)!.at;
    expect(Math.abs(at(0) - at(2))).toBeGreaterThanOrEqual(5_000);
    expect(Math.abs(at(1) - at(3))).toBeGreaterThanOrEqual(5_000);
    for (const s of servers) expect(shardOf(s.server.id, SHARDS)).toBe(s.shard);
  });

  it('GIVEN commands in servers of every shard THEN each interaction gets exactly one callback', () => {
    for (const s of servers) {
      for (const token of [s.reportToken, s.leaderboardToken, s.approveToken]) {
        expect(callbacksOf(token), `${s.server.name}: ${token}`).toHaveLength(1);
        expect((callbacksOf(token)[0]!.body as Callback).type).toBeGreaterThan(1);
      }
    }
    expect(fake.violations).toEqual([]);
  });

  it('GIVEN both processes run the review poster THEN each report is posted for review once and approved once', async () => {
    for (const s of servers) {
      const posts = fake.requests.filter(
        (r) => r.method === 'POST' && r.path === `/channels/${s.modQueue.id}/messages`,
      );
      expect(posts, s.handle).toHaveLength(1);
      // Closed once the approval was applied: no buttons left, the decision shown.
      const closed = fake.messages.get(s.reviewId)!;
      expect(buttonsOf(closed)).toEqual([]);
      expect(closed.embeds[0]?.title).toBe('Reviewed: Ladder');
    }
    await inDatabase(database.url, async ({ ctx }) => {
      for (const s of servers) {
        expect((await ctx.repos.submissions.byId(submissionId(s.handle)))?.status).toBe('approved');
      }
    });
  });

  it('GIVEN both processes run the scheduler THEN each season starts and ends once, announced once each', async () => {
    for (const s of servers) {
      const announced = titles(inChannel(s.news.id));
      expect(
        announced.filter((t) => t.includes('has started')),
        s.server.name,
      ).toHaveLength(1);
      expect(
        announced.filter((t) => t.includes('has ended')),
        s.server.name,
      ).toHaveLength(1);
      expect(announced).toHaveLength(2);
    }
    await inDatabase(database.url, async ({ ctx }) => {
      for (const s of servers) {
        const ended = await ctx.repos.seasons.ended(s.board.pk, Number.MAX_SAFE_INTEGER, 10);
        expect(ended.map((season) => season.name)).toEqual(['Sprint']);
        expect(await ctx.repos.seasons.open(s.board.pk)).toBeNull();
        // Archived once, with the approved match counted once: one final standing per player.
        const standings = await ctx.repos.seasons.standings(ended[0]!.pk, 0, 10);
        expect(standings.map((r) => [r.playerId, r.rank, r.wins, r.losses])).toEqual([
          [`chat:${s.alice.id}`, 1, 1, 0],
          [`chat:${s.bob.id}`, 2, 0, 1],
        ]);
      }
    });
  });
});
