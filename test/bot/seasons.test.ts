import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStandingsJob } from '../../src/bot/jobs/live-standings';
import { seasonAnnounceJob } from '../../src/bot/jobs/season-announce';
import { placeLiveStandings } from '../../src/pipeline/live-standings';
import { JOBS } from '../../src/pipeline/jobs';
import { Scheduler } from '../../src/pipeline/scheduler';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import {
  lines,
  MANAGE_SERVER,
  PATIENCE_MS,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import { eventually } from '../support/wait';

/**
 * A season as a server sees it, with the real discord.js client: started by a manager with an
 * announcement, a reminder a day before the end, ended on schedule under a moved clock with the
 * final top 3 announced, its archive read in chat and on the public page, the API and the live
 * standings message on the fresh season.
 */
const DAY = 86_400_000;
const {
  server,
  general,
  alice,
  bob,
  carol,
  admin,
  channels: { news },
} = cast({ channels: ['news'] });

describe(`seasons in Discord (${backendName})`, () => {
  let world: DiscordWorld;
  let ownerId: string;
  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [server] });
    ownerId = await world.tally.owner(`guild:${server.id}`);
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** The n-th message posted in a channel (the fake keeps them in posting order). */
  const postedIn = (channelId: string, n: number) =>
    world.fake.waitFor(
      () => [...world.fake.messages.values()].filter((m) => m.channel_id === channelId)[n],
      PATIENCE_MS,
      `message ${n + 1} in #${channelId}`,
    );

  it('GIVEN a 7-day season WHEN the clock passes its end THEN it is announced, archived, readable in chat and on the page, and the API reads the fresh season', async () => {
    const { tally, fake } = world;
    const board = await tally.board({ ownerId, type: 'ELO', name: 'Ladder' });
    const key = await tally.key({ ownerId });
    await world.approvedMatch(board, key, alice, bob);
    await placeLiveStandings(tally.ctx, ownerId, board.id, general.id);
    const firstLive = await eventually(
      async () => (await tally.ctx.repos.liveStandings.get(board.pk))?.messageId ?? undefined,
      'the live message',
    );

    const refused = await world.run({
      user: alice,
      channelId: general.id,
      command: ['season', 'start'],
      options: { board: board.id, days: 7 },
    });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toBe(
      'That did not work: /season start needs the Manage Server permission.',
    );
    expect(await tally.ctx.repos.seasons.latest(board.pk)).toBeNull();

    const started = await world.run({
      user: admin,
      permissions: MANAGE_SERVER,
      channelId: general.id,
      command: ['season', 'start'],
      options: {
        board: board.id,
        name: 'Winter',
        days: 7,
        reset: 'soft',
        channel: { channelId: news.id },
        top: 3,
      },
    });
    const season = (await tally.ctx.repos.seasons.open(board.pk))!;
    const ends = Math.floor(season.endsAt!.getTime() / 1000);
    expect(started.message.content).toBe(
      `**Season 1 “Winter”** of **Ladder** has started. It ends <t:${ends}:F> (<t:${ends}:R>). At the end the final standings are archived and ratings move 50% back toward 1000. Announced in <#${news.id}>.`,
    );
    // Tally's own scheduler announces the start at once.
    const start = await postedIn(news.id, 0);
    expect(start.embeds[0]?.title).toBe('🏁 Season 1 “Winter” has started');
    expect(lines(start)).toEqual([
      '**Ladder** starts a new season.',
      `It ends <t:${ends}:F> (<t:${ends}:R>).`,
      'At the end the final standings are kept for good and ratings move 50% back toward 1000.',
    ]);

    await world.approvedMatch(board, key, carol, alice);
    await world.approvedMatch(board, key, alice, bob);

    // A scheduler of the test's own on a moved clock, with the jobs that talk to Discord.
    let now = Date.now();
    const moved = { ...tally.ctx, now: () => new Date(now) };
    const rest = tally.bot!.rest;
    const scheduler = new Scheduler(moved, [
      ...JOBS,
      seasonAnnounceJob(rest),
      liveStandingsJob(rest),
    ]);
    now = season.endsAt!.getTime() - DAY + 60_000;
    await scheduler.tick();
    const soon = await postedIn(news.id, 1);
    expect(soon.embeds[0]?.title).toBe('⏳ Season 1 “Winter”: one day left');
    // Ali beat Bobby (1016/984), carol beat Ali (+17: 1017/999), Ali beat Bobby (+15: 1014/969).
    expect(lines(soon)).toEqual([
      `**Ladder** closes <t:${ends}:R>: last chance to climb.`,
      '',
      '🥇 carol — 1017 (1-0-0)',
      '🥈 Ali — 1014 (2-0-1)',
      '🥉 Bobby — 969 (0-0-2)',
    ]);

    now = season.endsAt!.getTime() + 60_000;
    await scheduler.tick(); // the end (and the live message's new season)
    await scheduler.tick(); // its announcement
    const end = await postedIn(news.id, 2);
    expect(end.embeds[0]?.title).toBe('🏆 Season 1 “Winter” has ended');
    expect(end.embeds[0]?.url).toBe(
      `${tally.ctx.config.publicUrl}/boards/guild%3A${server.id}/${board.id}?season=1`,
    );
    const final = lines(end);
    expect(final[0]).toBe('Final standings of **Ladder**:');
    expect(final.slice(2, 5)).toEqual(await archiveLines(board.pk));
    expect(final.at(-1)).toBe('The board starts afresh: ratings move 50% back toward 1000.');

    // The live standings message: a new one for the new season at its next refresh; the old one
    // stays as it was.
    now += 31_000;
    await scheduler.tick();
    const newLive = await eventually(async () => {
      const id = (await tally.ctx.repos.liveStandings.get(board.pk))?.messageId;
      return id && id !== firstLive ? id : undefined;
    }, 'a new live message');
    expect(fake.messages.get(firstLive)).toBeDefined();
    expect(lines(fake.messages.get(newLive)!).every((l) => l.endsWith('(0-0-0)'))).toBe(true);

    // Chat reads the archive.
    const archived = await world.run({
      user: bob,
      channelId: general.id,
      command: ['leaderboard'],
      options: { board: board.id, season: 1 },
    });
    expect(archived.message.embeds[0]?.title).toBe('Ladder — Season 1 “Winter”, final');
    expect(lines(archived.message)).toEqual(await archiveLines(board.pk));
    const list = await world.run({
      user: bob,
      channelId: general.id,
      command: ['season', 'list'],
      options: { board: board.id },
    });
    expect(lines(list.message)[0]).toMatch(
      /^\*\*Season 1 “Winter”\*\* · <t:\d+:d> – <t:\d+:d> · 🏆 \w+$/,
    );
    const info = await world.run({
      user: bob,
      channelId: general.id,
      command: ['board', 'info'],
      options: { board: board.id },
    });
    expect(info.message.embeds[0]?.description).toMatch(
      /no season running \(Season 1 “Winter” ended <t:\d+:d>\)/,
    );

    // The API reads the fresh season: records at zero, ratings halfway back.
    const entries = await tally.request('GET', `/v1/boards/${board.id}/entries`, { key });
    const data = (entries.body as { data: { wins: number; losses: number; elo: number }[] }).data;
    expect(data.map((e) => [e.wins, e.losses])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    // 1017 → 1009, 1014 → 1007, 969 → 984: half of the distance back, rounded half away from 0.
    expect(data.map((e) => e.elo)).toEqual([1009, 1007, 984]);

    // And the public page.
    const page = await fetch(`${tally.url}/boards/guild%3A${server.id}/${board.id}?season=1`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Season 1 “Winter”</bdi> · final standings');
    expect(html).toContain('<li><a href="/boards/guild%3A');
    // A season's whole life in one scenario: 7 s of a loaded machine's time, against the 20 s
    // default.
  }, 60_000);

  async function archiveLines(boardPk: number): Promise<string[]> {
    const season = await world.tally.ctx.repos.seasons.byNumber(boardPk, 1);
    const rows = await world.tally.ctx.repos.seasons.standings(season!.pk, 0, 10);
    const medal = ['🥇', '🥈', '🥉'];
    return rows.map(
      (r) => `${medal[r.rank - 1]} ${r.playerName} — ${r.value} (${r.wins}-${r.draws}-${r.losses})`,
    );
  }
});
