import { InteractionResponseType, MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntryEntity } from '../../entities/entry';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import {
  MANAGE_SERVER,
  PATIENCE_MS,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeMember } from '../support/fake-discord';
import type { TestTally } from '../support/tally';
import { setAuditChannel } from '../../src/pipeline/audit';
import { review } from '../../src/pipeline/review';

/**
 * Issue 15 item 2 in chat: `/correct` by a moderator, the real discord.js client against the fake
 * Discord. The reply is public (the channel sees what changed and by whom) and pings no one; a
 * member without the role is refused ephemerally and nothing changes. Each test has its own board.
 */
const {
  server: arena,
  general,
  modQueue,
  referees,
  alice,
  bob,
  mod,
  visitor,
  channels: { audit: auditLog },
} = cast({ channels: ['audit'] });

interface ReplyBody {
  flags?: number;
  content?: string;
  allowed_mentions?: { parse?: string[] };
}

describe(`/correct (${backendName})`, () => {
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

  const ladder = (name: string) =>
    tally.board({
      ownerId,
      type: 'ELO',
      name,
      windowHours: 24,
      moderatorChannelId: modQueue.id,
      moderatorRoleId: referees.id,
    });

  async function run(user: FakeMember, command: string[], options: Record<string, unknown>) {
    const { callback, message, ephemeral } = await world.run({
      channelId: general.id,
      user,
      permissions: '0',
      command,
      options: options as never,
    });
    expect(callback.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    const body = callback.data as ReplyBody;
    expect(body.allowed_mentions, 'the reply pings no one').toEqual({ parse: [] });
    return { body, message, ephemeral };
  }

  const ratings = async (boardPk: number) =>
    Object.fromEntries(
      (await tally.ctx.repos.db.run((m) => m.findBy(EntryEntity, { boardPk }))).map((e) => [
        e.playerId,
        e.elo,
      ]),
    );

  it('GIVEN an approved match WHEN a moderator corrects the winner THEN the channel sees the new result and the ratings, and the match reads set', async () => {
    const board = await ladder('Correct Ladder');
    await setAuditChannel(tally.ctx, ownerId, auditLog.id, 'cli');
    // Approved once its review message is up (a result decided first is never posted).
    const handle = await world.submitMatch(
      board,
      key,
      [{ chat_id: alice.id }],
      [{ chat_id: bob.id }],
    );
    await world.statusBecomes(handle, key, 'pending_review');
    const posted = await world.reviewMessage(handle);
    await review(tally.ctx, handle, 'approve', 'cli', 'operator');
    /** The review message's outcome field once it reads `wanted`. */
    const outcomeBecomes = (wanted: string) =>
      world.fake.waitFor(
        () => {
          const fields = world.fake.messages.get(posted.id)?.embeds[0]?.fields ?? [];
          const outcome = fields.find((f) => f.name === 'Outcome')?.value;
          return outcome === wanted ? outcome : undefined;
        },
        PATIENCE_MS,
        `the review message to read "${wanted}"`,
      );
    await outcomeBecomes('Approved from the operator CLI; it is on the leaderboard.');
    expect(await ratings(board.pk)).toEqual({
      [`chat:${alice.id}`]: 1016,
      [`chat:${bob.id}`]: 984,
    });

    const { body, ephemeral, message } = await run(mod, ['correct', 'match'], {
      board: board.id,
      match: 1,
      winner: 'team2',
      reason: 'scores were swapped',
    });
    expect(ephemeral).toBe(false);
    expect(body.flags ?? 0).toBe(0);
    expect(message.content.split('\n')).toEqual([
      `Match #1 corrected to team 2 won (it was team 1 won) on **Correct Ladder** by <@${mod.id}>.`,
      'Reason: scores were swapped',
      '• Ali 1016 → 984 (−32)',
      '• Bobby 984 → 1016 (+32)',
    ]);
    expect(await ratings(board.pk)).toEqual({
      [`chat:${alice.id}`]: 984,
      [`chat:${bob.id}`]: 1016,
    });
    const res = await tally.request('GET', `/v1/boards/${board.id}/matches/1`, { key });
    expect(res.body).toMatchObject({ id: 1, status: 'set', winner: 'team2', applied: true });
    // The moderators' review message is redrawn to say so.
    await outcomeBecomes(
      `Approved from the operator CLI; later corrected to the result shown by <@${mod.id}>: it counts as shown.`,
    );
    const redrawn = world.fake.messages.get(posted.id)!.embeds[0]!.fields!;
    expect(redrawn[0]).toMatchObject({ name: 'Team 1 · lost', value: 'Ali — 1000 → 984 (−16)' });

    // Removing it takes both players off the board: neither has a result left.
    const removed = await run(mod, ['correct', 'remove-match'], { board: board.id, match: 1 });
    expect(removed.message.content.split('\n')[0]).toBe(
      `Match #1 removed (it was team 2 won); its changes were taken back on **Correct Ladder** by <@${mod.id}>.`,
    );
    expect(await ratings(board.pk)).toEqual({});
    const after = await tally.request('GET', `/v1/boards/${board.id}/matches/1`, { key });
    expect(after.body).toMatchObject({ status: 'set', winner: null, applied: true });
    await outcomeBecomes(
      `Approved from the operator CLI; later removed by <@${mod.id}>: it no longer counts.`,
    );

    // The audit channel has one line per correction, pinging no one.
    const lines = await world.fake.waitFor(
      () => {
        const posted = [...world.fake.messages.values()]
          .filter((m) => m.channel_id === auditLog.id && m.content.startsWith('🛠️'))
          .map((m) => m.content);
        return posted.length >= 2 ? posted : undefined;
      },
      PATIENCE_MS,
      'two correction lines in the audit channel',
    );
    expect(lines).toEqual([
      `🛠️ <@${mod.id}> corrected **Correct Ladder**: Match #1 corrected to team 2 won (it was team 1 won): scores were swapped`,
      `🛠️ <@${mod.id}> corrected **Correct Ladder**: Match #1 removed (it was team 2 won); its changes were taken back`,
    ]);
  });

  it('GIVEN a member without the moderator role THEN /correct is refused ephemerally and nothing changes', async () => {
    const board = await ladder('Guarded Ladder');
    await world.approvedMatch(board, key, alice, bob);
    const before = await ratings(board.pk);
    const { ephemeral, message, body } = await run(visitor, ['correct', 'match'], {
      board: board.id,
      match: 1,
      winner: 'team2',
    });
    expect(ephemeral).toBe(true);
    expect(body.flags).toBe(MessageFlags.Ephemeral);
    expect(message.content).toContain(
      'Only members with the Manage Server permission or the board’s moderator role can correct results.',
    );
    expect(await ratings(board.pk)).toEqual(before);
  });

  it('GIVEN a correction the rules refuse THEN the moderator is told why, ephemerally', async () => {
    const board = await ladder('Refusing Ladder');
    await world.approvedMatch(board, key, alice, bob);
    const same = await world.run({
      channelId: general.id,
      user: mod,
      permissions: MANAGE_SERVER,
      command: ['correct', 'match'],
      options: { board: board.id, match: 1, winner: 'team1' },
    });
    expect(same.ephemeral).toBe(true);
    expect(same.message.content).toContain('Match #1 already reads team 1 won; nothing changed');
    const missing = await world.run({
      channelId: general.id,
      user: mod,
      permissions: '0',
      command: ['correct', 'remove-match'],
      options: { board: board.id, match: 9 },
    });
    expect(missing.ephemeral).toBe(true);
    expect(missing.message.content).toContain('has no match #9');
  });
});
