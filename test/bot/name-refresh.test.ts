import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backendName } from '../support/backends';
import { FakeDiscord, snowflake, type FakeMember } from '../support/fake-discord';
import { startTestTally, type TestTally } from '../support/tally';

/**
 * Issue 5.5: names in standings follow the platform. A member who changes their nickname is
 * shown under the new one on every board of that server once they next use Tally; other
 * servers' boards and match history keep what they had.
 */
const APP = snowflake();
const TOKEN = 'fake-bot-token';
const general = snowflake();
const alice: FakeMember = { id: snowflake(), username: 'alice', nick: 'Ali' };
const bob: FakeMember = { id: snowflake(), username: 'bob', globalName: 'Bobby' };
const guild = {
  id: snowflake(),
  name: 'Arena',
  channels: [{ id: general, name: 'general' }],
  roles: [],
  members: [alice, bob],
};
const elsewhere = {
  id: snowflake(),
  name: 'Elsewhere',
  channels: [{ id: snowflake(), name: 'general' }],
  roles: [],
  members: [alice],
};

describe(`display names follow Discord (${backendName})`, () => {
  let fake: FakeDiscord;
  let tally: TestTally;
  let key: string;
  let otherKey: string;
  let n = 0;

  beforeAll(async () => {
    fake = await FakeDiscord.start({
      applicationId: APP,
      token: TOKEN,
      guilds: [guild, elsewhere],
      users: [],
    });
    tally = await startTestTally(
      { DISCORD_TOKEN: TOKEN, DISCORD_APPLICATION_ID: APP, DISCORD_API_URL: fake.apiUrl },
      { discord: { loginRetryMs: 50 } },
    );
    await fake.waitFor(() => fake.commands.get('global'), 10_000, 'command registration');
    key = await tally.key({ ownerId: await tally.owner(`guild:${guild.id}`) });
    otherKey = await tally.key({ ownerId: await tally.owner(`guild:${elsewhere.id}`) });
  });
  afterAll(async () => {
    await tally?.stop();
    await fake?.close();
  });

  async function scoreboard(ownerId: string, k: string, players: FakeMember[]) {
    const board = await tally.board({ ownerId, type: 'Highscore', windowHours: 0 });
    for (const p of players) {
      const res = await tally.request('POST', `/v1/boards/${board.id}/scores`, {
        key: k,
        headers: { 'idempotency-key': `names-${process.pid}-${++n}` },
        body: JSON.stringify({ player: { chat_id: p.id }, score: 10 + n }),
      });
      expect(res.status).toBe(201);
    }
    return board.id;
  }
  const nameOn = async (boardId: string, k: string, user: FakeMember) => {
    const res = await tally.request('GET', `/v1/boards/${boardId}/entries/${user.id}`, { key: k });
    return (res.body as { player_name: string }).player_name;
  };

  it('GIVEN a nickname change WHEN the member next uses a command THEN every board of that server shows the new name, and nothing else changes', async () => {
    const first = await scoreboard(`guild:${guild.id}`, key, [alice, bob]);
    const second = await scoreboard(`guild:${guild.id}`, key, [alice]);
    const foreign = await scoreboard(`guild:${elsewhere.id}`, otherKey, [alice]);
    expect(await nameOn(first, key, alice)).toBe('Ali');
    expect(await nameOn(foreign, otherKey, alice)).toBe('Ali');

    alice.nick = 'Alicia';
    fake.runCommand({ channelId: general, user: alice, command: ['board', 'list'] });
    await vi.waitFor(async () => expect(await nameOn(first, key, alice)).toBe('Alicia'), {
      timeout: 5000,
      interval: 50,
    });
    expect(await nameOn(second, key, alice)).toBe('Alicia');
    expect(await nameOn(first, key, bob)).toBe('Bobby'); // someone else's entry is untouched
    // Another server's workspace is another owner: its boards learn names on their own.
    expect(await nameOn(foreign, otherKey, alice)).toBe('Ali');
  });

  it('GIVEN the nickname is removed THEN the global name, then the username, is shown', async () => {
    const board = await scoreboard(`guild:${guild.id}`, key, [bob]);
    bob.globalName = null;
    fake.runCommand({ channelId: general, user: bob, command: ['board', 'list'] });
    await vi.waitFor(async () => expect(await nameOn(board, key, bob)).toBe('bob'), {
      timeout: 5000,
      interval: 50,
    });
  });
});
