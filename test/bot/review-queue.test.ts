import { InteractionResponseType, MessageFlags, type APIEmbed } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { backendName } from '../support/backends';
import { cast, chat, submissionId } from '../support/cast';
import { MANAGE_SERVER, startDiscordWorld, type DiscordWorld } from '../support/discord-world';
import type { FakeMember } from '../support/fake-discord';
import { idempotencyHeader, type TestTally } from '../support/tally';
import { eventually } from '../support/wait';

/**
 * Issue 15: `/review list` end to end, the real discord.js client against the fake Discord. A
 * moderator reads the server's review queue (what they may review, oldest first, with ages,
 * expiry and links to the review messages) in an ephemeral reply that pings no one; anyone else
 * is told why not. Each test lists boards of its own.
 */
const {
  server: arena,
  general,
  modQueue,
  referees,
  alice,
  bob,
  mod,
  admin,
  visitor,
  roles: { Listers: listers, Judges: judges },
  people: { lister },
} = cast({
  // Listers are the first test's moderators alone, so no other test's pending work is theirs.
  roles: ['Judges', 'Listers'],
  members: { lister: { roles: ['Listers'] } },
});

/** The reply's JSON as the bot sent it in the interaction callback. */
interface ReplyBody {
  flags?: number;
  content?: string;
  embeds?: APIEmbed[];
  allowed_mentions?: { parse?: string[] };
}

describe(`/review list (${backendName})`, () => {
  let world: DiscordWorld;
  let tally: TestTally;
  let ownerId: string;
  let key: string;

  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [arena] });
    ({ tally } = world);
    ownerId = await tally.owner(`guild:${arena.id}`);
    key = await tally.key({ ownerId });
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** A reviewed ELO board of the server, moderated by `moderators`. */
  const ladder = (
    name: string,
    moderators = referees,
    channelId: string | null = modQueue.id,
    teamSize = 1,
  ) =>
    tally.board({
      ownerId,
      type: 'ELO',
      name,
      teamSize,
      windowHours: 24,
      ...(channelId ? { moderatorChannelId: channelId } : {}),
      moderatorRoleId: moderators.id,
    });

  /** A match through the API, pending review; with its review message once it is posted. */
  async function pending(board: Board, team1: object[], team2: object[]) {
    const handle = await world.submitMatch(board, key, team1, team2);
    await world.statusBecomes(handle, key, 'pending_review');
    if (!board.moderatorChannelId) return { handle, link: null };
    const message = await world.reviewMessage(handle);
    await eventually(async () => {
      const row = await tally.ctx.repos.submissions.byId(submissionId(handle));
      return row?.reviewMessageId ? true : undefined;
    }, `the review message of ${handle} to be recorded`);
    return {
      handle,
      link: `https://discord.com/channels/${arena.id}/${modQueue.id}/${message.id}`,
    };
  }

  /** `/review list` by `user`; the reply as the member sees it and as the bot sent it. */
  async function list(user: FakeMember, options: { board?: string; permissions?: string } = {}) {
    const { callback, message, ephemeral } = await world.run({
      channelId: general.id,
      user,
      permissions: options.permissions ?? '0',
      command: ['review', 'list'],
      ...(options.board ? { options: { board: options.board } } : {}),
    });
    expect(callback.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    const body = callback.data as ReplyBody;
    expect(body.allowed_mentions, 'the reply pings no one').toEqual({ parse: [] });
    return { body, message, ephemeral, lines: (message.embeds[0]?.description ?? '').split('\n') };
  }

  it('GIVEN pending matches WHEN a member with the moderator role lists THEN an ephemeral embed shows what they may review, oldest first, with ages, expiry and message links', async () => {
    const board = await ladder('Queue Ladder', listers);
    const other = await ladder('Judged Ladder', judges);
    const first = await pending(board, [chat(alice)], [chat(bob)]);
    const hidden = await pending(other, [chat(bob)], [chat(alice)]);
    const second = await pending(board, [chat(bob)], [{ name: 'Guest **Star**', custom: true }]);

    const { ephemeral, message, lines, body } = await list(lister);
    expect(ephemeral).toBe(true);
    expect(body.flags).toBe(MessageFlags.Ephemeral);
    expect(message.embeds).toHaveLength(1);
    expect(message.embeds[0]?.title).toBe('Waiting for review: 2');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^\`${first.handle}\` · Queue Ladder · Ali beat Bobby`));
    expect(lines[1]).toMatch(new RegExp(`^\`${second.handle}\` · `));
    expect(message.embeds[0]?.description).not.toContain(hidden.handle);
    // Who submitted, how long ago and when it expires, as Discord timestamps; the message link.
    const row = (await tally.ctx.repos.submissions.byId(submissionId(first.handle)))!;
    const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
    expect(lines[0]).toContain('by the API');
    expect(lines[0]).toContain(`submitted <t:${seconds(row.queuedAt)}:R>`);
    expect(lines[0]).toContain(`expires <t:${seconds(row.expiresAt!)}:R>`);
    expect(lines[0]).toContain(`[review message](${first.link})`);
    expect(lines[1]).toContain(`[review message](${second.link})`);
    // Names show as written: no markdown from a custom player's name.
    expect(lines[1]).toContain('Guest \\*\\*Star\\*\\*');

    // Manage Server sees every board; with `board`, only that one.
    // (Unfiltered, other tests' boards of this server would be in Manage Server's list too.)
    const mine = await list(admin, { permissions: MANAGE_SERVER, board: board.id });
    const handles = mine.lines.map((l) => /^`(sub_\d+)`/.exec(l)?.[1]);
    expect(handles).toEqual([first.handle, second.handle]);
    const judged = await list(admin, { permissions: MANAGE_SERVER, board: other.id });
    expect(judged.lines.map((l) => /^`(sub_\d+)`/.exec(l)?.[1])).toEqual([hidden.handle]);
  });

  it('GIVEN a member without Manage Server or the moderator role THEN the list is refused ephemerally, saying why', async () => {
    const board = await ladder('Closed Ladder');
    const { handle } = await pending(board, [chat(alice)], [chat(bob)]);
    const refused = await list(visitor, { board: board.id });
    expect(refused.ephemeral).toBe(true);
    expect(refused.body.content).toMatch(/Manage Server permission or the board’s moderator role/);
    expect(refused.message.embeds).toEqual([]);
    expect(refused.body.content).not.toContain(handle);
    // The moderator role of another board is not this board's.
    const judged = await ladder('Judges Only', judges);
    const byRole = await list(mod, { board: judged.id });
    expect(byRole.body.content).toMatch(/moderator role/);
    expect(byRole.message.embeds).toEqual([]);
  });

  it('GIVEN nothing pending on the board THEN a friendly ephemeral line', async () => {
    const board = await ladder('Quiet Ladder');
    const quiet = await list(mod, { board: board.id });
    expect(quiet.ephemeral).toBe(true);
    expect(quiet.body.content).toBe(`Nothing is waiting for review on \`${board.id}\`. 🎉`);
  });

  it('GIVEN more pending than fit in an embed THEN it says how many more and points to tally review list', async () => {
    // No moderator channel: nothing is posted, the queue is all there is.
    const board = await ladder('Busy Ladder', referees, null, 2);
    const long = (n: number) => ({ name: `${'Longname'.repeat(10)} ${n}`, custom: true });
    const handles: string[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await tally.request('POST', `/v1/boards/${board.id}/matches`, {
        key,
        headers: idempotencyHeader(),
        body: JSON.stringify({
          team1: [long(4 * i), long(4 * i + 1)],
          team2: [long(4 * i + 2), long(4 * i + 3)],
          winner: 'team2',
        }),
      });
      expect(res.status, res.text).toBe(202);
      handles.push((res.body as { handle: string }).handle);
    }
    for (const handle of handles) await world.statusBecomes(handle, key, 'pending_review');
    const { message, lines, ephemeral } = await list(mod, { board: board.id });
    expect(ephemeral).toBe(true);
    const description = message.embeds[0]!.description!;
    expect(description.length).toBeLessThanOrEqual(4096);
    const shown = lines.filter((l) => l.startsWith('`sub_'));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(handles.length);
    expect(shown.map((l) => /^`(sub_\d+)`/.exec(l)?.[1])).toEqual(handles.slice(0, shown.length));
    expect(lines.at(-1)).toBe(
      `…and ${handles.length - shown.length} more. The full list: \`tally review list ${ownerId} --board ${board.id}\` on the machine running Tally.`,
    );
    expect(message.embeds[0]?.title).toBe(`Waiting for review: ${handles.length}`);
  });

  it('GIVEN a personal workspace THEN its owner lists it in the DM, with links into the DM', async () => {
    const dave = world.dmUser('dave', { globalName: 'Dave' });
    const owner = await tally.owner(`user:${dave.id}`);
    const k = await tally.key({ ownerId: owner });
    const mine = await tally.board({ ownerId: owner, type: 'ELO', name: 'Mine', windowHours: 24 });
    const handle = await world.submitMatch(mine, k, [chat(dave)], [{ name: 'Ann', custom: true }]);
    const message = await world.reviewMessage(handle);
    await eventually(async () => {
      const row = await tally.ctx.repos.submissions.byId(submissionId(handle));
      return row?.reviewMessageId ? true : undefined;
    }, 'the DM review message to be recorded');
    const { ephemeral, message: reply } = await world.run({
      user: dave,
      command: ['review', 'list'],
    });
    expect(ephemeral).toBe(true);
    const description = reply.embeds[0]?.description ?? '';
    expect(description).toContain(handle);
    expect(description).toContain(
      `(https://discord.com/channels/@me/${message.channel_id}/${message.id})`,
    );
  });
});
