import { InteractionResponseType, MessageFlags, type APIMessage } from 'discord-api-types/v10';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { contestReviewQueue, storedImage } from '../../src/pipeline/contests';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import {
  buttonsOf,
  MANAGE_SERVER,
  PATIENCE_MS,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeDiscord, FakeMember, OptionValue } from '../support/fake-discord';
import type { TestTally } from '../support/tally';

/**
 * Image contests on Rating boards, end to end (issue 26): the real discord.js client against the
 * fake Discord, uploads through its CDN, the entry posts with their vote buttons, approval,
 * removal and withdrawal, and the end of a round; the database checked for what was kept.
 */
const { server, modQueue, referees, alice, bob, carol, admin, mod, visitor, channels, inGeneral } =
  cast({ channels: ['contest'] });
const other = cast();

const VOTE_BUTTONS = Array.from({ length: 10 }, (_, i) => i + 1);

/** A picture of `width` × `height` in one colour: a real PNG, as a member would upload. */
const png = (width = 320, height = 200, colour = '#c0392b') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe(`contests in Discord (${backendName})`, () => {
  let world: DiscordWorld;
  let fake: FakeDiscord;
  let tally: TestTally;
  let ownerId: string;

  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [server, other.server] });
    ({ fake, tally } = world);
    ownerId = await tally.owner(`guild:${server.id}`);
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** A Rating board with a contest channel and these settings, set through /contest settings. */
  async function contestBoard(settings: Record<string, OptionValue> = {}): Promise<Board> {
    const board = await tally.board({
      ownerId,
      type: 'Rating',
      name: 'Art Contest',
      moderatorChannelId: modQueue.id,
      moderatorRoleId: referees.id,
    });
    const { message, ephemeral } = await world.run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['contest', 'settings'],
      options: { board: board.id, channel: { channelId: channels.contest.id }, ...settings },
    });
    expect(ephemeral).toBe(false);
    expect(message.content).toContain(`posted in <#${channels.contest.id}>`);
    return board;
  }

  const submit = async (board: Board, by: FakeMember, title: string, data?: Buffer) =>
    world.run({
      ...inGeneral(by),
      command: ['contest', 'submit'],
      options: {
        board: board.id,
        title,
        image: { upload: { filename: 'art.png', data: data ?? (await png()) } },
      },
    });

  const entriesOf = async (board: Board) =>
    (await tally.ctx.repos.db.run((m) =>
      m.query('SELECT pk, status, votes, vote_sum FROM contest_entries WHERE board_pk = ?', [
        board.pk,
      ]),
    )) as { pk: number; status: string; votes: number; vote_sum: number }[];
  const imageCount = async () =>
    Number(
      (
        (await tally.ctx.repos.db.run((m) => m.query('SELECT COUNT(*) AS n FROM images'))) as {
          n: number | string;
        }[]
      )[0]!.n,
    );
  const entryNumber = (text: string) => Number(/entry #(\d+)/.exec(text)?.[1]);

  /** The entry's post in the contest channel, once the poster has put it there. */
  const postOf = (pk: number, channelId = channels.contest.id) =>
    fake.waitFor(
      () =>
        [...fake.messages.values()].find(
          (m) => m.channel_id === channelId && buttonsOf(m).includes(`vote:${pk}:1`),
        ),
      PATIENCE_MS,
      `the post of entry ${pk}`,
    );
  const reviewOf = (pk: number) =>
    fake.waitFor(
      () =>
        [...fake.messages.values()].find(
          (m) => m.channel_id === modQueue.id && buttonsOf(m).includes(`entry:approve:${pk}`),
        ),
      PATIENCE_MS,
      `the review message of entry ${pk}`,
    );
  const download = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
  const press = async (
    message: APIMessage,
    customId: string,
    user: FakeMember,
    roles?: string[],
  ) => {
    const { token, callback } = await world.press(message, customId, {
      user,
      ...(roles ? { roles } : {}),
    });
    const data = callback.data ?? {};
    return {
      token,
      type: callback.type,
      content: data.content ?? '',
      ephemeral: ((data.flags ?? 0) & MessageFlags.Ephemeral) !== 0,
    };
  };

  it('GIVEN a member submits an image THEN it is kept as WebP, posted in the contest channel with 1–10 buttons and Report, and a second entry over the cap is refused with nothing stored', async () => {
    const board = await contestBoard();
    const { message, ephemeral } = await submit(board, alice, 'Sunset over the harbour');
    expect(ephemeral).toBe(true);
    expect(message.content).toContain('**Sunset over the harbour**');
    expect(message.content).toContain(`posted in <#${channels.contest.id}>`);
    const pk = entryNumber(message.content);
    const post = await postOf(pk);
    expect(buttonsOf(post)).toEqual([
      ...VOTE_BUTTONS.map((v) => `vote:${pk}:${v}`),
      `report:${pk}`,
    ]);
    const embed = post.embeds[0]!;
    expect(embed.title).toBe(`#${pk} · Sunset over the harbour`);
    expect(embed.description).toContain(`by <@${alice.id}>`);
    expect(embed.footer?.text).toBe('no votes so far');
    // The image is Tally's own WebP copy, not the member's upload or its expiring address.
    const shown = await download(embed.image!.url);
    const [entry] = await entriesOf(board);
    const kept = await storedImage(
      tally.ctx,
      (await tally.ctx.repos.contests.entry(entry!.pk))!.imageHash,
    );
    expect(shown.equals(kept!.data)).toBe(true);
    expect((await sharp(shown).metadata()).format).toBe('webp');
    expect(
      JSON.stringify(
        fake.requests.find(
          (r) =>
            r.path.endsWith('/messages') &&
            r.method === 'POST' &&
            (r.body as { nonce?: string }).nonce?.length,
        )?.body,
      ),
    ).toContain('"parse":[]');

    const images = await imageCount();
    const again = await submit(board, alice, 'Another one');
    expect(again.ephemeral).toBe(true);
    expect(again.message.content).toContain('a member may have 1');
    expect(await entriesOf(board)).toHaveLength(1);
    expect(await imageCount()).toBe(images);
  });

  it('GIVEN votes THEN each member has one, changed in place and confirmed ephemerally; the author cannot vote; the post shows the count', async () => {
    const board = await contestBoard();
    const pk = entryNumber((await submit(board, alice, 'Pixel castle')).message.content);
    const post = await postOf(pk);
    const first = await press(post, `vote:${pk}:8`, bob);
    expect(first.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(first.ephemeral).toBe(true);
    expect(first.content).toBe(
      'Your vote on "Pixel castle": **8**/10. Press another number any time to change it.',
    );
    const changed = await press(post, `vote:${pk}:6`, bob);
    expect(changed.content).toContain('**6**/10 (was 8)');
    await press(post, `vote:${pk}:10`, carol);
    const own = await press(post, `vote:${pk}:10`, alice);
    expect(own.ephemeral).toBe(true);
    expect(own.content).toContain('You cannot vote on your own entry');
    const [row] = await entriesOf(board);
    expect([Number(row!.votes), Number(row!.vote_sum)]).toEqual([2, 16]);
    await fake.waitFor(
      () =>
        fake.messages.get(post.id)?.embeds[0]?.footer?.text === '2 votes so far' ? true : undefined,
      PATIENCE_MS,
      'the post to show 2 votes',
    );
    // Two votes in a burst made one edit (counts are edited in at most every few seconds).
    const edits = fake.requests.filter(
      (r) => r.method === 'PATCH' && r.path === `/channels/${post.channel_id}/messages/${post.id}`,
    );
    expect(edits).toHaveLength(1);
    // The edit kept the image: the post still shows Tally's copy.
    expect(fake.messages.get(post.id)!.embeds[0]!.image?.url).toBe(post.embeds[0]!.image?.url);
  });

  it('GIVEN a non-image, a file over 10 MB, or a closed contest THEN the refusal is ephemeral, says why, and nothing is stored', async () => {
    const board = await contestBoard();
    const images = await imageCount();
    const text = await submit(board, bob, 'Not art', Buffer.from('<html>hello</html>'));
    expect(text.ephemeral).toBe(true);
    expect(text.message.content).toContain('not an image Tally takes');
    const big = await submit(board, bob, 'Huge', Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(big.message.content).toContain('over 10 MB');
    await world.run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['contest', 'settings'],
      options: { board: board.id, submissions: 'closed' },
    });
    const late = await submit(board, bob, 'Too late');
    expect(late.message.content).toContain('stopped taking entries');
    expect(await entriesOf(board)).toEqual([]);
    expect(await imageCount()).toBe(images);
  });

  it('GIVEN a contest THEN /rank says entries are ranked, not members, and /board info and /contest settings show the settings', async () => {
    const board = await contestBoard({ entries_per_member: 2 });
    const rank = await world.run({
      ...inGeneral(bob),
      command: ['rank'],
      options: { board: board.id },
    });
    expect(rank.ephemeral).toBe(true);
    expect(rank.message.content).toContain('is an image contest');
    const info = await world.run({
      ...inGeneral(bob),
      command: ['board', 'info'],
      options: { board: board.id },
    });
    expect(info.message.embeds[0]!.description).toContain(
      `contest: submissions open · voting open · 2 entries per member`,
    );
    const shown = await world.run({
      ...inGeneral(bob),
      command: ['contest', 'settings'],
      options: { board: board.id },
    });
    expect(shown.ephemeral).toBe(true);
    expect(shown.message.content).toContain('2 entries per member');
    const notManager = await world.run({
      ...inGeneral(bob),
      command: ['contest', 'settings'],
      options: { board: board.id, min_votes: 1 },
    });
    expect(notManager.message.content).toContain('Manage Server');
  });

  it('GIVEN voting closes THEN the posts lose their buttons, a stale press is refused and not counted, and reopening brings them back', async () => {
    const board = await contestBoard();
    const pk = entryNumber((await submit(board, carol, 'Moonrise')).message.content);
    const post = await postOf(pk);
    await world.run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['contest', 'settings'],
      options: { board: board.id, voting: 'closed' },
    });
    const closed = await fake.waitFor(
      () => {
        const m = fake.messages.get(post.id)!;
        return buttonsOf(m).length === 0 ? m : undefined;
      },
      PATIENCE_MS,
      'the post to lose its buttons',
    );
    expect(closed.embeds[0]!.description).toContain('Voting has closed.');
    // A client still showing the old message sends the press all the same.
    const { callback } = await world.press(post, `vote:${pk}:9`, {
      user: bob,
      forge: (i) => ({
        ...i,
        message: { ...(i as { message: object }).message, components: post.components },
      }),
    });
    expect((callback.data?.flags ?? 0) & MessageFlags.Ephemeral).toBeTruthy();
    expect(callback.data?.content).toContain('closed');
    expect(Number((await entriesOf(board))[0]!.votes)).toBe(0);
    await world.run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['contest', 'settings'],
      options: { board: board.id, voting: 'open' },
    });
    await fake.waitFor(
      () => (buttonsOf(fake.messages.get(post.id)!).includes(`vote:${pk}:9`) ? true : undefined),
      PATIENCE_MS,
      'the buttons to come back',
    );
  });

  it('GIVEN a contest that approves entries THEN an entry waits in the moderator channel; a member without the role is refused; approved, it is posted for votes', async () => {
    const board = await contestBoard({ approval: true });
    const { message } = await submit(board, bob, 'Harbour at night');
    expect(message.content).toContain('waits for a moderator');
    const pk = entryNumber(message.content);
    const review = await reviewOf(pk);
    expect(review.embeds[0]!.image?.url).toMatch(/entry-\d+\.webp/);
    const refused = await press(review, `entry:approve:${pk}`, visitor);
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toContain('moderator role');
    expect((await entriesOf(board))[0]!.status).toBe('pending');
    const ok = await press(review, `entry:approve:${pk}`, mod, [referees.id]);
    expect(ok.content).toContain('Approved');
    const post = await postOf(pk);
    expect(post.embeds[0]!.title).toBe(`#${pk} · Harbour at night`);
    await fake.waitFor(
      () => (buttonsOf(fake.messages.get(review.id)!).length === 0 ? true : undefined),
      PATIENCE_MS,
      'the review message to close',
    );
    expect(fake.messages.get(review.id)!.embeds[0]!.description).toContain('Approved');
    const twice = await press(review, `entry:approve:${pk}`, mod, [referees.id]);
    expect(twice.ephemeral).toBe(true);
  });

  it('GIVEN a moderator removes an entry with a reason THEN its post and image bytes are gone and its author is told why by DM; an author withdraws their own, and no one else can', async () => {
    const board = await contestBoard();
    const pk = entryNumber(
      (await submit(board, bob, 'Forest path', await png(300, 300, '#27ae60'))).message.content,
    );
    const post = await postOf(pk);
    const entry = (await tally.ctx.repos.contests.entry(pk))!;
    expect(await storedImage(tally.ctx, entry.imageHash)).not.toBeNull();
    const notMod = await world.run({
      ...inGeneral(visitor),
      command: ['contest', 'remove'],
      options: { entry: pk, reason: 'spam' },
    });
    expect(notMod.message.content).toContain('moderator role');
    const removed = await world.run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['contest', 'remove'],
      options: { entry: pk, reason: 'Not your own work' },
    });
    expect(removed.ephemeral).toBe(true);
    expect(removed.message.content).toContain('removed');
    await fake.waitFor(
      () => (fake.messages.has(post.id) ? undefined : true),
      PATIENCE_MS,
      'the post to be deleted',
    );
    expect(await storedImage(tally.ctx, entry.imageHash)).toBeNull();
    expect(await storedImage(tally.ctx, entry.thumbHash)).toBeNull();
    const dm = await fake.waitFor(
      () =>
        [...fake.messages.values()].find(
          (m) => m.channel_id === fake.dmChannelOf(bob.id) && m.content.includes('Forest path'),
        ),
      PATIENCE_MS,
      'the DM to the author',
    );
    expect(dm.content).toContain('Reason: Not your own work');

    const mine = entryNumber(
      (await submit(board, carol, 'Lighthouse', await png(200, 300, '#2980b9'))).message.content,
    );
    const minePost = await postOf(mine);
    const notYours = await world.run({
      ...inGeneral(bob),
      command: ['contest', 'withdraw'],
      options: { entry: mine },
    });
    expect(notYours.message.content).toContain('Only its author');
    const withdrawn = await world.run({
      ...inGeneral(carol),
      command: ['contest', 'withdraw'],
      options: { entry: mine },
    });
    expect(withdrawn.message.content).toContain('You withdrew **Lighthouse**');
    await fake.waitFor(
      () => (fake.messages.has(minePost.id) ? undefined : true),
      PATIENCE_MS,
      'the withdrawn post to be deleted',
    );
  });

  it('GIVEN members report an entry THEN each counts once and the moderators find it in the review queue; the author cannot report their own', async () => {
    const board = await contestBoard();
    const pk = entryNumber((await submit(board, alice, 'Suspicious')).message.content);
    const post = await postOf(pk);
    expect((await press(post, `report:${pk}`, bob)).content).toContain(
      'reported to the moderators',
    );
    expect((await press(post, `report:${pk}`, bob)).content).toContain('already');
    expect((await press(post, `report:${pk}`, alice)).content).toContain('your own entry');
    await press(post, `report:${pk}`, carol);
    const queue = await contestReviewQueue(tally.ctx, [board]);
    expect(queue.reported.map((e) => [e.pk, e.reports])).toEqual([[pk, 2]]);
  });

  it('GIVEN a press forged from another server or a DM THEN nothing is found and nothing changes', async () => {
    const board = await contestBoard();
    const pk = entryNumber((await submit(board, alice, 'Guarded')).message.content);
    const post = await postOf(pk);
    const forged = await world.press(post, `vote:${pk}:10`, {
      user: other.alice,
      forge: (i) => ({ ...i, guild_id: other.server.id }),
    });
    expect((forged.callback.data?.flags ?? 0) & MessageFlags.Ephemeral).toBeTruthy();
    const dm = await world.press(post, `vote:${pk}:10`, {
      user: bob,
      forge: (i) => {
        // The same press as if sent from a DM: no server, no member, only the user.
        const copy = { ...i } as Record<string, unknown>;
        delete copy.guild_id;
        delete copy.member;
        copy.user = {
          id: bob.id,
          username: bob.username,
          discriminator: '0',
          global_name: null,
          avatar: null,
        };
        return copy;
      },
    });
    expect((dm.callback.data?.flags ?? 0) & MessageFlags.Ephemeral).toBeTruthy();
    expect(dm.callback.data?.content).toContain('voted on in their server');
    expect(forged.callback.data?.content).toContain(`no entry ${pk}`);
    expect(Number((await entriesOf(board))[0]!.votes)).toBe(0);
  });

  it('GIVEN a contest round ends THEN its entries are archived with final ranks and each post shows its result without buttons', async () => {
    const board = await contestBoard({ min_votes: 1 });
    await startSeason(tally.ctx, ownerId, board.id, { name: 'Autumn' });
    const a = entryNumber((await submit(board, alice, 'First')).message.content);
    const b = entryNumber((await submit(board, bob, 'Second')).message.content);
    const postA = await postOf(a);
    const postB = await postOf(b);
    for (const voter of [carol, admin, mod]) await press(postA, `vote:${a}:9`, voter);
    await press(postB, `vote:${b}:4`, carol);
    await endSeason(tally.ctx, ownerId, board.id);
    const rows = await entriesOf(board);
    expect(rows.map((r) => r.status)).toEqual(['archived', 'archived']);
    const final = async (id: string) =>
      fake.waitFor(
        () => {
          const m = fake.messages.get(id)!;
          return buttonsOf(m).length === 0 ? m : undefined;
        },
        PATIENCE_MS,
        'the post to show its final result',
      );
    expect((await final(postA.id)).embeds[0]!.footer?.text).toBe(
      'Final rank #1 · avg 9.00 · 3 votes',
    );
    expect((await final(postB.id)).embeds[0]!.footer?.text).toBe(
      'Final rank #2 · avg 4.00 · 1 vote',
    );
    // A new round starts empty: the archived entries do not count against the cap.
    const next = await submit(board, alice, 'Next round');
    expect(next.message.content).toContain('**Next round**');
  });
});
