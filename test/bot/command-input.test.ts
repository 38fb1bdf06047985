import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseParticipants } from '../../src/bot/participants';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import { lines, startDiscordWorld, type DiscordWorld } from '../support/discord-world';

const GUILD = '223456789012345678';

/** What members type into the commands, turned into the API's values. */
describe('command input', () => {
  it('GIVEN mentions THEN members and roles become participants', () => {
    const id = '123456789012345678';
    expect(
      parseParticipants(
        `<@${id}>, <@!${id}> <@&${id}> ${id}`,
        { fixedTeams: false },
        [],
        'x',
        null,
      ),
    ).toEqual([{ chat_id: id }, { chat_id: id }, { role_id: `role_${id}` }, { chat_id: id }]);
    const loose = (text: string) =>
      parseParticipants(text, { fixedTeams: false }, [], 'opponents', GUILD);
    expect(() => loose('@bob')).toThrow(/opponents: `@bob` is not a member or role mention/);
    expect(() => loose('  ')).toThrow(/mention at least one/);
  });

  it('GIVEN @everyone, typed or as the server role THEN it is refused as a player', () => {
    for (const text of ['@everyone', '@here', `<@&${GUILD}>`]) {
      expect(() => parseParticipants(text, { fixedTeams: false }, [], 'opponents', GUILD)).toThrow(
        'opponents: @everyone is not a player',
      );
    }
  });

  it('GIVEN a 2 500-character token THEN the refusal quotes at most 100 characters of it', () => {
    const long = 'x'.repeat(2500);
    const refusal = () => parseParticipants(long, { fixedTeams: false }, [], 'opponents', GUILD);
    expect(refusal).toThrow(`opponents: \`${'x'.repeat(99)}…\` is not a member or role mention`);
    const fixed = () => parseParticipants(long, { fixedTeams: true }, [], 'team', GUILD);
    expect(fixed).toThrow(`team: \`${'x'.repeat(99)}…\` is not a team of this board`);
  });

  it('GIVEN a fixed-teams board THEN a team is named by id or by name, case-insensitively', () => {
    const teams = [
      { pk: 4, name: 'Reds' },
      { pk: 9, name: 'Blue Jays' },
    ];
    expect(parseParticipants('team_4', { fixedTeams: true }, teams, 't', GUILD)).toEqual([
      { team_id: 'team_4' },
    ]);
    expect(parseParticipants('blue jays', { fixedTeams: true }, teams, 't', GUILD)).toEqual([
      { team_id: 'team_9' },
    ]);
    expect(() => parseParticipants('team_5', { fixedTeams: true }, teams, 't', GUILD)).toThrow(
      /not a team of this board/,
    );
  });
});

/** What is typed, as far as a Time board in chat: a time below zero is refused, not stored. */
describe(`times typed in chat (${backendName})`, () => {
  const { server, general, carol } = cast();
  let world: DiscordWorld;

  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [server] });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('GIVEN /score submit -1:00 on a Time board THEN an ephemeral refusal says why and what to type, and nothing is stored', async () => {
    const { tally } = world;
    const ownerId = await tally.owner(`guild:${server.id}`);
    const key = await tally.key({ ownerId });
    const sprint = await tally.board({ ownerId, type: 'Time', name: 'Sprint', windowHours: 0 });
    const submit = (score: string) =>
      world.run({
        channelId: general.id,
        user: carol,
        permissions: '0',
        command: ['score', 'submit'],
        options: { board: sprint.id, score },
      });
    for (const score of ['-1:00', '-0:00.001']) {
      const refused = await submit(score);
      expect(refused.ephemeral, score).toBe(true);
      expect(refused.message.content).toBe(
        `That did not work: score: "${score}" is below zero, and a time cannot be; give how long it took, such as 1:30.250`,
      );
    }
    const entries = await tally.request('GET', `/v1/boards/${sprint.id}/entries`, { key });
    expect(entries.body).toMatchObject({ data: [] });
    // A time of zero or more is a time, and tops the board by being lowest.
    expect((await submit('0:59.500')).message.content).toMatch(/applied/);
    const standings = await world.run({
      channelId: general.id,
      user: carol,
      permissions: '0',
      command: ['leaderboard'],
      options: { board: sprint.id },
    });
    expect(lines(standings.message)).toEqual(['🥇 carol — 0:59.500']);
  });
});
