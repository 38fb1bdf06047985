import type { APIEmbed, APIMessage } from 'discord-api-types/v10';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import {
  reportEntry,
  setContest,
  storedImage,
  submitEntry,
  voteOnEntry,
} from '../../src/pipeline/contests';
import { placeLiveStandings, stopLiveStandings } from '../../src/pipeline/live-standings';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import {
  lines,
  MANAGE_SERVER,
  nextButton,
  PATIENCE_MS,
  snowflake,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeMember } from '../support/fake-discord';
import type { OptionValue } from '../support/fake-discord/types';
import { eventually } from '../support/wait';

/**
 * Reading a Rating board's contest in Discord, with the real discord.js client: /leaderboard
 * (the leader's picture on the first page, paging by offset), the live standings message,
 * /profile, the moderators' /review list, and a contest round from /season start to the end's
 * announcement with the winners' pictures, its archive and its champion. Entries are made by the
 * contest's own use cases (real images through sharp), votes by members' ids.
 */
const {
  server,
  general,
  alice,
  bob,
  carol,
  mod,
  modQueue,
  admin,
  visitor,
  referees,
  channels: { news },
} = cast({ channels: ['news'] });

/** What the bot sent Discord for an interaction's reply (pings, files). */
interface SentReply {
  allowed_mentions?: { parse?: string[] };
}
const WEBP = (data: Buffer) =>
  data.subarray(0, 4).toString('latin1') === 'RIFF' &&
  data.subarray(8, 12).toString('latin1') === 'WEBP';

describe(`contests read in Discord (${backendName})`, () => {
  let world: DiscordWorld;
  let ownerId: string;
  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [server] });
    ownerId = await world.tally.owner(`guild:${server.id}`);
  });
  afterAll(async () => {
    await world?.stop();
  });

  const picture = (n: number) =>
    sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 20 * n, g: 90, b: 200 - n } },
    })
      .png()
      .toBuffer();

  /** An entry through the contest's own use case, by a member or a made-up author. */
  async function enter(board: Board, title: string, author: FakeMember | string, name: string) {
    const authorId = typeof author === 'string' ? author : `chat:${author.id}`;
    const { entry } = await submitEntry(world.tally.ctx, {
      ownerId,
      boardId: board.id,
      authorId,
      authorName: name,
      title,
      bytes: await picture(title.length + name.length),
    });
    return entry;
  }
  /** Votes by as many members as values, each a voter of their own. */
  async function votes(entryPk: number, values: number[]) {
    for (const value of values) {
      await voteOnEntry(world.tally.ctx, {
        ownerId,
        entryPk,
        voterId: `chat:${snowflake()}`,
        value,
      });
    }
  }
  const run = (user: FakeMember, command: string[], options: Record<string, OptionValue> = {}) =>
    world.run({
      user,
      channelId: general.id,
      command,
      options,
      ...(user === admin ? { permissions: MANAGE_SERVER } : {}),
    });
  /** A card's fields as a member reads them: name and value. */
  const fields = (m: APIMessage) =>
    (m.embeds[0]?.fields ?? []).map(({ name, value }) => ({ name, value }));
  const sent = (token: string) =>
    world.fake.waitForRequest((r) => r.path.endsWith(`/${token}/callback`), PATIENCE_MS);
  const embedOf = (m: APIMessage): APIEmbed => m.embeds[0]!;

  it('GIVEN twelve entries, three voted on WHEN a member runs /leaderboard THEN ranked lines, the unranked after, the leader’s picture uploaded once, and pages by offset; the live message shows the same top', async () => {
    const { tally, fake } = world;
    const board = await tally.board({ ownerId, type: 'Rating', name: 'Gallery' });
    const sunset = await enter(board, 'Sunset **over** the bay', alice, 'Ali');
    const harbour = await enter(board, 'Harbour', bob, 'Bobby');
    const fog = await enter(board, 'Fog', carol, 'carol');
    for (let i = 1; i <= 9; i++)
      await enter(board, `Study ${i}`, `chat:${snowflake()}`, `Guest ${i}`);
    // The prior: the board's mean (69 / 8) capped at 7; Sunset (35 + 36) / 9, Harbour 58 / 8.
    await votes(sunset.pk, [9, 9, 9, 9]);
    await votes(harbour.pk, [8, 8, 7]);
    await votes(fog.pk, [10]);
    const top = [
      '**1.** **Sunset \\*\\*over\\*\\* the bay** by Ali · 7.89 · avg 9.00 · 4 votes',
      '**2.** **Harbour** by Bobby · 7.25 · avg 7.67 · 3 votes',
      '– **Fog** by carol · unranked · avg 10.00 · 1 vote (ranked from 3)',
      ...[1, 2, 3, 4, 5, 6, 7].map(
        (i) => `– **Study ${i}** by Guest ${i} · unranked · no votes (ranked from 3)`,
      ),
    ];

    const { message, token } = await run(bob, ['leaderboard'], { board: board.id });
    expect(((await sent(token)).body as { data: SentReply }).data.allowed_mentions).toEqual({
      parse: [],
    });
    expect(embedOf(message).title).toBe('Gallery — standings');
    expect(lines(message)).toEqual(top);
    expect(embedOf(message).footer?.text).toBe(
      `${board.id} · Rating · 12 entries · ranked from 3 votes`,
    );
    const [file, ...others] = fake.filesOf(message.id);
    expect(others).toEqual([]);
    expect(file?.filename).toBe(`entry-${sunset.pk}.webp`);
    expect(WEBP(file!.data)).toBe(true);
    const thumb = await storedImage(tally.ctx, sunset.thumbHash);
    expect(file!.data.equals(thumb!.data)).toBe(true);
    expect(embedOf(message).image?.url).toBe(file?.url);
    expect(message.attachments).toEqual([]); // shown in the embed, not as a loose file

    const next = nextButton(message)!;
    expect(next).toBe(`page:standings:${board.pk}:10`);
    await world.press(message, next, { user: bob });
    const second = fake.messages.get(message.id)!;
    expect(lines(second)).toEqual([
      '– **Study 8** by Guest 8 · unranked · no votes (ranked from 3)',
      '– **Study 9** by Guest 9 · unranked · no votes (ranked from 3)',
    ]);
    expect(fake.filesOf(message.id), 'a later page carries no picture').toEqual([]);
    expect(embedOf(second).image).toBeUndefined();
    expect(nextButton(second)).toBeUndefined();
    await world.press(second, `page:standings:${board.pk}:`, { user: bob });
    const again = fake.messages.get(message.id)!;
    expect(lines(again)).toEqual(top);
    expect(fake.filesOf(message.id).map((f) => f.filename)).toEqual([`entry-${sunset.pk}.webp`]);

    // The live standings message: the same top, kept by the bot's own job, with no file.
    await placeLiveStandings(tally.ctx, ownerId, board.id, general.id);
    const liveId = await eventually(
      async () => (await tally.ctx.repos.liveStandings.get(board.pk))?.messageId ?? undefined,
      'the live message',
    );
    const live = fake.messages.get(liveId)!;
    expect(embedOf(live).title).toBe('Gallery — standings');
    expect(lines(live)).toEqual(top);
    expect(fake.filesOf(liveId)).toEqual([]);
    await stopLiveStandings(tally.ctx, board.pk);

    // Someone else's profile: their entry where it stands, and its thumbnail.
    const profile = await run(carol, ['profile'], { board: board.id, player: alice });
    expect(profile.ephemeral).toBe(false);
    expect(embedOf(profile.message).title).toBe('Ali on Gallery');
    expect(fields(profile.message)).toEqual([
      {
        name: 'In the contest',
        value: '**Sunset \\*\\*over\\*\\* the bay** · #1 · 7.89 · avg 9.00 · 4 votes',
      },
    ]);
    const [shownThumb] = fake.filesOf(profile.message.id);
    expect(embedOf(profile.message).thumbnail?.url).toBe(shownThumb?.url);
    const nobody = await run(carol, ['profile'], { board: board.id, player: visitor });
    expect(nobody.ephemeral).toBe(true);
    expect(nobody.message.content).toBe(
      `<@${visitor.id}> has no entries on **Gallery**: \`/contest submit\` takes one.`,
    );
  });

  it('GIVEN an entry waiting for approval and a reported one WHEN a moderator runs /review list THEN the contest part lists both; the author’s own profile names the waiting entry', async () => {
    const { tally } = world;
    const judged = await tally.board({
      ownerId,
      type: 'Rating',
      name: 'Judged',
      windowHours: 48,
      moderatorChannelId: modQueue.id,
      moderatorRoleId: referees.id,
    });
    await setContest(tally.ctx, ownerId, judged.id, { approval: true });
    const waiting = await enter(judged, 'Night <@&1> market', alice, 'Ali');
    // The bot posts the moderators' message of the waiting entry; the list links to it.
    const reviewed = await eventually(async () => {
      const row = await tally.ctx.repos.contests.entry(waiting.pk);
      return row?.reviewChannelId && row.reviewMessageId ? row : undefined;
    }, 'the waiting entry’s review message');
    const link = `https://discord.com/channels/${server.id}/${modQueue.id}/${reviewed.reviewMessageId}`;
    const open = await tally.board({
      ownerId,
      type: 'Rating',
      name: 'Open Wall',
      moderatorRoleId: referees.id,
    });
    const mural = await enter(open, 'Mural', bob, 'Bobby');
    for (const reporter of [carol, alice]) {
      await reportEntry(tally.ctx, {
        ownerId,
        entryPk: mural.pk,
        reporterId: `chat:${reporter.id}`,
      });
    }

    const { message, ephemeral, token } = await run(mod, ['review', 'list']);
    expect(ephemeral).toBe(true);
    expect(((await sent(token)).body as { data: SentReply }).data.allowed_mentions).toEqual({
      parse: [],
    });
    const part = message.embeds.find((e) => e.title?.startsWith('Contest entries'))!;
    expect(part.title).toBe('Contest entries: 1 waiting for approval, 1 reported');
    const at = (d: Date) => Math.floor(d.getTime() / 1000);
    expect(part.description?.split('\n')).toEqual([
      '**Waiting for approval**',
      `#${waiting.pk} · Judged · **Night \\<@&1\\> market** by Ali · submitted <t:${at(waiting.createdAt)}:R> · expires <t:${at(waiting.createdAt) + 48 * 3600}:R> · [review message](${link})`,
      '',
      '**Reported**',
      `#${mural.pk} · Open Wall · **Mural** by Bobby · 🚩 2 reports`,
    ]);
    const onlyOne = await run(mod, ['review', 'list'], { board: open.id });
    expect(onlyOne.message.embeds.map((e) => e.title)).toEqual([
      'Contest entries: 0 waiting for approval, 1 reported',
    ]);
    const refused = await run(visitor, ['review', 'list'], { board: judged.id });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toMatch(/^Only members with the Manage Server permission/);

    const own = await run(alice, ['profile'], { board: judged.id });
    expect(fields(own.message)).toEqual([
      { name: 'Waiting for a moderator', value: '**Night \\<@&1\\> market**' },
    ]);
    expect(world.fake.filesOf(own.message.id), 'a waiting entry’s picture is not shown').toEqual(
      [],
    );
    const theirs = await run(bob, ['profile'], { board: judged.id, player: alice });
    expect(fields(theirs.message)).toEqual([{ name: 'Waiting for a moderator', value: '1 entry' }]);
  });

  it('GIVEN a contest round WHEN a manager starts and ends it THEN the start is announced, the end names the top 3 with their pictures attached, the archive lists the round by final rank and its champion is the winning entry', async () => {
    const { tally, fake } = world;
    const board = await tally.board({ ownerId, type: 'Rating', name: 'Photo Round' });
    const started = await run(admin, ['season', 'start'], {
      board: board.id,
      name: 'Spring',
      days: 7,
      channel: { channelId: news.id },
      top: 3,
    });
    expect(started.message.content).toMatch(
      /^\*\*Season 1 “Spring”\*\* of \*\*Photo Round\*\* has started as a contest round\. It ends <t:\d+:F> \(<t:\d+:R>\)\. At the end its entries are archived with their final rank and the top 3 are announced; the next round starts with no entries\. Announced in <#\d+>\.$/,
    );
    const softly = await run(admin, ['season', 'start'], { board: board.id, reset: 'soft' });
    expect(softly.ephemeral).toBe(true);

    const postedIn = (n: number) =>
      fake.waitFor(
        () => [...fake.messages.values()].filter((m) => m.channel_id === news.id)[n],
        PATIENCE_MS,
        `message ${n + 1} in #news`,
      );
    const start = await postedIn(0);
    expect(embedOf(start).title).toBe('🏁 Season 1 “Spring” has started');
    expect(lines(start)[0]).toBe('**Photo Round** starts a new contest round.');
    expect(lines(start)[2]).toBe(
      `Submit an entry with \`/contest submit board:${board.id}\` and rate the others; at the end the entries are ranked for good and the winners shown here.`,
    );

    const first = await enter(board, 'Tide pools', alice, 'Ali');
    const second = await enter(board, 'Red _door_', bob, 'Bobby');
    const third = await enter(board, 'Crows', carol, 'carol');
    const fourth = await enter(board, 'Snow', `chat:${snowflake()}`, 'Guest');
    await votes(first.pk, [9, 9, 9, 9]);
    await votes(second.pk, [8, 8, 7]);
    await votes(third.pk, [6, 6, 5]);
    await votes(fourth.pk, [10]);

    const ended = await run(admin, ['season', 'end'], { board: board.id });
    expect(ended.message.content).toBe(
      `**Season 1 “Spring”** of **Photo Round** has ended: its entries are archived by final rank (\`/leaderboard board:${board.id} season:1\`); entries submitted from now on go into the next round.`,
    );
    const end = await postedIn(1);
    // The prior: 86 votes' worth over 11 votes, capped at 7.
    const winners = [
      '🥇 **Tide pools** by Ali · 7.89 · avg 9.00 · 4 votes',
      '🥈 **Red \\_door\\_** by Bobby · 7.25 · avg 7.67 · 3 votes',
      '🥉 **Crows** by carol · 6.50 · avg 5.67 · 3 votes',
    ];
    expect(embedOf(end).title).toBe('🏆 Season 1 “Spring” has ended');
    expect(lines(end)).toEqual([
      'Winners of **Photo Round**:',
      '',
      ...winners,
      '',
      'The round is over: entries submitted from now on go into the next round.',
    ]);
    const files = fake.filesOf(end.id);
    expect(files.map((f) => f.filename)).toEqual(
      [first, second, third].map((e) => `entry-${e.pk}.webp`),
    );
    for (const [i, entry] of [first, second, third].entries()) {
      const stored = await storedImage(tally.ctx, entry.imageHash);
      expect(files[i]!.data.equals(stored!.data), `${entry.title}: the full image`).toBe(true);
      expect(files[i]!.contentType).toBe('image/webp');
      expect(end.embeds[i]?.image?.url).toBe(files[i]!.url);
    }
    expect(end.embeds.slice(1).map((e) => [e.title, e.description])).toEqual([
      ['🥈 Red \\_door\\_', 'by Bobby · 7.25 · avg 7.67 · 3 votes'],
      ['🥉 Crows', 'by carol · 6.50 · avg 5.67 · 3 votes'],
    ]);
    expect(end.attachments).toEqual([]);

    const archive = await run(bob, ['leaderboard'], { board: board.id, season: 1 });
    expect(embedOf(archive.message).title).toBe('Photo Round — Season 1 “Spring”, final');
    expect(lines(archive.message)).toEqual([
      ...winners,
      '– **Snow** by Guest · unranked · avg 10.00 · 1 vote (ranked from 3)',
    ]);
    const now = await run(bob, ['leaderboard'], { board: board.id });
    expect(lines(now.message)).toEqual([
      `No entries yet: submit one with \`/contest submit board:${board.id}\`.`,
    ]);
    expect(fake.filesOf(now.message.id)).toEqual([]);
    const list = await run(bob, ['season', 'list'], { board: board.id });
    expect(lines(list.message)[0]).toMatch(
      /^\*\*Season 1 “Spring”\*\* · <t:\d+:d> – <t:\d+:d> · 🏆 “Tide pools” by Ali$/,
    );

    await enter(board, 'Tide pools again', alice, 'Ali');
    const mine = await run(alice, ['profile'], { board: board.id });
    expect(embedOf(mine.message).description).toBe(
      '1 entry in the contest · 1 entry in past rounds',
    );
    expect(fields(mine.message).at(-1)).toEqual({
      name: 'Past rounds',
      value: '**Tide pools** · 🥇 #1 in Season 1 “Spring” · avg 9.00 · 4 votes',
    });
  });
});
