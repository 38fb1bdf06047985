import { InteractionResponseType, MessageFlags, type APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { setOwnerAccess } from '../../src/pipeline/owners';
import { backendName } from '../support/backends';
import { cast, handleIn } from '../support/cast';
import {
  buttonsOf,
  fieldsOf,
  lines,
  MANAGE_SERVER,
  reviewButtons,
  snowflake,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeDiscord, FakeMember } from '../support/fake-discord';
import { idempotencyHeader, type TestTally } from '../support/tally';

/**
 * The slash commands end to end: the real discord.js client against the fake Discord, the
 * commands going through Tally's pipeline, and Tally's HTTP API and database to check them. The
 * server and its members are shared; every test plays on boards (and DM users) of its own.
 */
const {
  server: arena,
  modQueue,
  referees,
  alice,
  bob,
  carol,
  mod,
  admin,
  visitor,
  inGeneral,
} = cast();

const COMMAND_NAMES = [
  'api',
  'audit',
  'board',
  'contest',
  'correct',
  'leaderboard',
  'match',
  'profile',
  'queue',
  'rank',
  'review',
  'roles',
  'score',
  'season',
  'setup',
  'team',
  'versus',
];

describe(`slash commands (${backendName})`, () => {
  let world: DiscordWorld;
  let fake: FakeDiscord;
  let tally: TestTally;
  let ownerId: string;
  let key: string;

  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [arena] });
    ({ fake, tally } = world);
    ownerId = await tally.owner(`guild:${arena.id}`);
    key = await tally.key({ ownerId });
  });
  afterAll(async () => {
    await world?.stop();
  });

  const run: DiscordWorld['run'] = (input) => world.run(input);
  const press: DiscordWorld['press'] = (message, customId, presser) =>
    world.press(message, customId, presser);
  const reviewMessage = (handle: string) => world.reviewMessage(handle);
  const allLines: DiscordWorld['allLines'] = (message, presser) => world.allLines(message, presser);
  const status = (handle: string) => world.status(handle, key);
  const decided = async (message: APIMessage, token: string) => {
    await world.editedOriginal(token);
    return fake.messages.get(message.id)!;
  };
  const standings = async (board: Board) =>
    (await run({ ...inGeneral(carol), command: ['leaderboard'], options: { board: board.id } }))
      .message;
  /** A fresh reviewed ELO board of the server, named Ladder. */
  const newLadder = () =>
    tally.board({
      ownerId,
      type: 'ELO',
      name: 'Ladder',
      moderatorChannelId: modQueue.id,
      moderatorRoleId: referees.id,
    });
  const approvedMatch = (board: Board, winner: FakeMember, loser: FakeMember) =>
    world.approvedMatch(board, key, winner, loser);
  /** A Ladder that has seen Ali beat Bobby (1016 / 984) and then carol beat Bobby (1015 / 969). */
  const playedLadder = async () => {
    const ladder = await newLadder();
    await approvedMatch(ladder, alice, bob);
    await approvedMatch(ladder, carol, bob);
    return ladder;
  };

  it('GIVEN the bot becomes ready THEN every command is registered globally, usable in servers and DMs', () => {
    const registered = fake.commands.get('global')!;
    expect(registered.map((c) => c.name).sort()).toEqual(COMMAND_NAMES);
    expect(fake.commands.has(arena.id)).toBe(false);
    for (const command of registered) {
      expect(command).toMatchObject({ integration_types: [0, 1], contexts: [0, 1] });
    }
    const api = registered.find((c) => c.name === 'api') as { default_member_permissions?: string };
    expect(api.default_member_permissions).toBe(MANAGE_SERVER);
  });

  it('GIVEN a member reports a match THEN it is posted for review, a non-moderator is refused, the moderator approves and /leaderboard shows the new ratings', async () => {
    const ladder = await newLadder();
    const reported = await run({
      ...inGeneral(alice),
      command: ['match', 'report'],
      options: { board: ladder.id, opponents: `<@${bob.id}>`, result: 'won' },
    });
    expect(reported.ephemeral).toBe(false);
    expect(reported.message.content).toContain(`Posted for review in <#${modQueue.id}>`);
    const handle = handleIn(reported.message.content);
    const message = await reviewMessage(handle);
    expect(message.channel_id).toBe(modQueue.id);
    expect(buttonsOf(message)).toEqual(reviewButtons(handle));
    expect(fieldsOf(message)['Submitted by']).toBe(`<@${alice.id}>`);
    expect(fieldsOf(message)['Team 1 · won']).toBe('Ali — 1000');

    const refused = await press(message, `review:approve:${handle}`, { user: visitor });
    expect(refused.callback.data?.content).toMatch(/Manage Server|moderator role/);
    expect(await status(handle)).toBe('pending_review');

    const { token } = await press(message, `review:approve:${handle}`, { user: mod });
    const edited = await decided(message, token);
    expect(fieldsOf(edited)['Outcome']).toContain(`Approved by <@${mod.id}>`);
    expect(await status(handle)).toBe('approved');
    expect(lines(await standings(ladder))).toEqual([
      '🥇 Ali — 1016 (1-0-0)',
      '🥈 Bobby — 984 (0-0-1)',
    ]);
  });

  it('GIVEN an API write THEN the same review message and approval lead to the same standings command', async () => {
    const ladder = await newLadder();
    await approvedMatch(ladder, alice, bob); // Ali 1016, Bobby 984
    const res = await tally.request('POST', `/v1/boards/${ladder.id}/matches`, {
      key,
      headers: idempotencyHeader(),
      body: JSON.stringify({
        team1: [{ chat_id: carol.id }],
        team2: [{ chat_id: bob.id }],
        winner: 'team1',
      }),
    });
    const handle = (res.body as { handle: string }).handle;
    const message = await reviewMessage(handle);
    expect(fieldsOf(message)['Submitted by']).toBe('the API');
    const refused = await press(message, `review:decline:${handle}`, { user: alice });
    expect(refused.callback.data?.content).toMatch(/Manage Server|moderator role/);
    const { token } = await press(message, `review:approve:${handle}`, {
      user: admin,
      permissions: MANAGE_SERVER,
    });
    await decided(message, token);
    // Bobby's 984 against carol's 1000: carol +15, Bobby −15.
    expect(lines(await standings(ladder))).toEqual([
      '🥇 Ali — 1016 (1-0-0)',
      '🥈 carol — 1015 (1-0-0)',
      '🥉 Bobby — 969 (0-0-2)',
    ]);
  });

  it('GIVEN a League report of 3-1 THEN Adjust opens a prefilled form and the corrected 1-2 is applied as adjusted', async () => {
    const league = await tally.board({
      ownerId,
      type: 'League',
      name: 'Cup',
      moderatorChannelId: modQueue.id,
    });
    const reported = await run({
      ...inGeneral(alice),
      command: ['match', 'report'],
      options: { board: league.id, opponents: `<@${bob.id}>`, score: '3-1' },
    });
    const handle = handleIn(reported.message.content);
    const message = await reviewMessage(handle);
    expect(fieldsOf(message)['Score']).toBe('3 – 1');

    const modalsBefore = fake.modals.length;
    const refused = await press(message, `review:adjust:${handle}`, { user: carol });
    expect(refused.callback.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(fake.modals.slice(modalsBefore)).toHaveLength(0);

    const opened = await press(message, `review:adjust:${handle}`, {
      user: admin,
      permissions: MANAGE_SERVER,
    });
    expect(opened.callback.type).toBe(InteractionResponseType.Modal);
    const modal = fake.modals.find((m) => m.token === opened.token)!;
    expect(modal.customId).toBe(`adjust:${handle}`);
    expect(JSON.stringify(modal.data)).toContain('"value":"3"');

    const bad = fake.submitModal({
      channelId: modQueue.id,
      messageId: message.id,
      customId: modal.customId,
      values: { team1_score: 'x', team2_score: '2' },
      user: admin,
      permissions: MANAGE_SERVER,
    });
    const badReply = await world.followUp(bad.token);
    expect(badReply.body).toMatchObject({ flags: MessageFlags.Ephemeral });
    expect((badReply.body as { content: string }).content).toContain('team1_score');
    expect(await status(handle)).toBe('pending_review');

    const { token } = fake.submitModal({
      channelId: modQueue.id,
      messageId: message.id,
      customId: modal.customId,
      values: { team1_score: '1', team2_score: '2' },
      user: admin,
      permissions: MANAGE_SERVER,
    });
    const edited = await decided(message, token);
    expect(fieldsOf(edited)['Outcome']).toContain(`Adjusted by <@${admin.id}>`);
    expect(fieldsOf(edited)['Score']).toBe('1 – 2');
    expect(buttonsOf(edited)).toEqual([]);
    const match = (
      (await tally.request('GET', `/v1/boards/${league.id}/matches`, { key })).body as {
        data: { status: string; team1_score: number; team2_score: number }[];
      }
    ).data[0];
    expect(match).toMatchObject({ status: 'adjusted', team1_score: 1, team2_score: 2 });
    expect(lines(await standings(league))).toEqual(['🥇 Bobby — 3 (1-0-0)', '🥈 Ali — 0 (0-0-1)']);
  });

  it('GIVEN a reviewed Time board THEN Adjust shows the time as typed and a corrected 1:29.5 is stored as 89500 ms', async () => {
    const trial = await tally.board({
      ownerId,
      type: 'Time',
      moderatorChannelId: modQueue.id,
      moderatorRoleId: referees.id,
    });
    const submitted = await run({
      ...inGeneral(carol),
      command: ['score', 'submit'],
      options: { board: trial.id, score: '1:30.250' },
    });
    const handle = handleIn(submitted.message.content);
    const message = await reviewMessage(handle);
    const opened = await press(message, `review:adjust:${handle}`, { user: mod });
    const modal = fake.modals.find((m) => m.token === opened.token)!;
    expect(JSON.stringify(modal.data)).toContain('"value":"1:30.250"');
    const { token } = fake.submitModal({
      channelId: modQueue.id,
      messageId: message.id,
      customId: modal.customId,
      values: { score: '1:29.5' },
      user: mod,
    });
    const edited = await decided(message, token);
    expect(fieldsOf(edited)['Score']).toBe('1:29.500');
    const entry = await tally.request('GET', `/v1/boards/${trial.id}/entries/chat:${carol.id}`, {
      key,
    });
    expect(entry.body).toMatchObject({ score: 89_500 });
  });

  it('GIVEN a report against someone who is not on the server THEN the reply says it was not recorded and why', async () => {
    const ladder = await newLadder();
    const stranger = snowflake();
    const reported = await run({
      ...inGeneral(alice),
      command: ['match', 'report'],
      options: { board: ladder.id, opponents: `<@${stranger}>`, result: 'won' },
    });
    expect(reported.message.content).toMatch(
      new RegExp(`sub_\\d+ was not recorded: chat:${stranger}: not a member of this server`),
    );
  });

  it('GIVEN /api key create by Manage Server THEN the key works on the HTTP API and its secret is only in the ephemeral reply', async () => {
    const ladder = await playedLadder(); // three entries: Ali, carol, Bobby
    const refused = await run({
      ...inGeneral(alice),
      command: ['api', 'key', 'create'],
      options: { access: 'read' },
    });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toContain('Manage Server');

    const minted = await run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['api', 'key', 'create'],
      options: { access: 'read', label: 'standings widget' },
    });
    expect(minted.ephemeral).toBe(true);
    const secret = /sk_live_[A-Za-z0-9_-]+/.exec(minted.message.content)![0];
    const res = await tally.request('GET', `/v1/boards/${ladder.id}/entries`, { key: secret });
    expect(res.status).toBe(200);
    expect((res.body as { data: unknown[] }).data).toHaveLength(3);

    const carrying = fake.requests.filter((r) => JSON.stringify(r.body ?? '').includes(secret));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]!.path.endsWith(`/${minted.token}/callback`)).toBe(true);
    expect(carrying[0]!.body).toMatchObject({ data: { flags: MessageFlags.Ephemeral } });
    const inMessages = [...fake.messages.values()].filter((m) =>
      JSON.stringify(m).includes(secret),
    );
    expect(inMessages.map((m) => m.id)).toEqual([minted.message.id]);
    expect(await databaseText()).not.toContain(secret);

    const listed = await run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['api', 'key', 'list'],
    });
    expect(listed.ephemeral).toBe(true);
    expect(listed.message.embeds[0]?.description).toContain('standings widget');
    expect(JSON.stringify(listed.message)).not.toContain(secret);
    const keyId = /\*\*(key_\d+)\*\*/.exec(minted.message.content)![1]!;
    const revoked = await run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['api', 'key', 'revoke'],
      options: { key: keyId },
    });
    expect(revoked.message.content).toContain(`Revoked **${keyId}**`);
    expect(
      (await tally.request('GET', `/v1/boards/${ladder.id}/entries`, { key: secret })).status,
    ).toBe(401);
    const access = await run({ ...inGeneral(admin, MANAGE_SERVER), command: ['api', 'access'] });
    expect(access.message.content).toContain('API access is open');
  });

  it('GIVEN a Time board that applies at once THEN /score submit takes 1:30.250 as 90250 ms and says it is applied', async () => {
    const sprint = await tally.board({ ownerId, type: 'Time', name: 'Sprint', windowHours: 0 });
    const submitted = await run({
      ...inGeneral(carol),
      command: ['score', 'submit'],
      options: { board: sprint.id, score: '1:30.250' },
    });
    expect(submitted.message.content).toMatch(/applied/);
    const entry = await tally.request('GET', `/v1/boards/${sprint.id}/entries/chat:${carol.id}`, {
      key,
    });
    expect(entry.body).toMatchObject({ score: 90_250, rank: 1 });
    expect(lines(await standings(sprint))).toEqual(['🥇 carol — 1:30.250']);
    const wrong = await run({
      ...inGeneral(carol),
      command: ['score', 'submit'],
      options: { board: sprint.id, score: '90 seconds' },
    });
    expect(wrong.ephemeral).toBe(true);
    expect(wrong.message.content).toContain('is not a time');
  });

  it('GIVEN more entries than a page THEN Next pages with the API’s cursor and First goes back', async () => {
    const high = await tally.board({ ownerId, type: 'Highscore', name: 'Arcade', windowHours: 0 });
    for (let i = 1; i <= 12; i++) {
      const res = await tally.request('POST', `/v1/boards/${high.id}/scores`, {
        key,
        headers: idempotencyHeader(),
        body: JSON.stringify({ player: { name: `P${i}`, custom: true }, score: i * 10 }),
      });
      expect(res.status).toBe(201);
    }
    const first = await standings(high);
    expect(lines(first)).toHaveLength(10);
    expect(lines(first)[0]).toBe('🥇 P12 — 120');
    const api = (await tally.request('GET', `/v1/boards/${high.id}/entries?limit=10`, { key }))
      .body as { next_cursor: string };
    expect(buttonsOf(first)).toEqual([`page:standings:${high.pk}:${api.next_cursor}`]);

    const next = await press(first, buttonsOf(first)[0]!, { user: visitor });
    expect(next.callback.type).toBe(InteractionResponseType.UpdateMessage);
    const second = fake.messages.get(first.id)!;
    expect(lines(second)).toEqual(['**11.** P2 — 20', '**12.** P1 — 10']);
    expect(buttonsOf(second)).toEqual([`page:standings:${high.pk}:`]);
    await press(second, `page:standings:${high.pk}:`, { user: visitor });
    expect(lines(fake.messages.get(first.id)!)[0]).toBe('🥇 P12 — 120');
  });

  it('GIVEN /rank THEN a player sees their live rank and recent matches', async () => {
    const ladder = await playedLadder();
    const ranked = await run({
      ...inGeneral(bob),
      command: ['rank'],
      options: { board: ladder.id },
    });
    const embed = ranked.message.embeds[0]!;
    expect(embed.description).toContain('Rank **#3**');
    expect(embed.description).toContain('rating **969**');
    const recent = embed.fields?.[0]?.value.split('\n') ?? [];
    expect(recent).toHaveLength(2);
    expect(recent[0]).toMatch(/^#2 lost vs carol \(−15\)/);
    expect(recent[1]).toMatch(/^#1 lost vs Ali \(−16\)/);
    const none = await run({
      ...inGeneral(visitor),
      command: ['rank'],
      options: { board: ladder.id, player: visitor },
    });
    expect(none.ephemeral).toBe(true);
    expect(none.message.content).toContain('no entry');
  });

  it('GIVEN /board create and edit THEN Manage Server is required, and info and list show the board', async () => {
    const ladder = await newLadder();
    const refused = await run({
      ...inGeneral(alice),
      command: ['board', 'create'],
      options: { type: 'ELO', name: 'Nope' },
    });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toContain('Manage Server');

    const created = await run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['board', 'create'],
      options: {
        type: 'ELO',
        name: 'Doubles',
        team_size: 2,
        k: 24,
        moderator_channel: { channelId: modQueue.id },
      },
    });
    const id = /`(board_\d+)`/.exec(created.message.content)![1]!;
    const board = await tally.ctx.repos.boards.byId(ownerId, id);
    expect(board).toMatchObject({
      displayName: 'Doubles',
      teamSize: 2,
      kFactor: 24,
      moderatorChannelId: modQueue.id,
    });
    await run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['board', 'edit'],
      options: {
        board: id,
        name: 'Pairs',
        moderator_role: { roleId: referees.id },
        window_hours: 48,
      },
    });
    expect(await tally.ctx.repos.boards.byId(ownerId, id)).toMatchObject({
      displayName: 'Pairs',
      moderatorRoleId: referees.id,
      validationWindowHours: 48,
      teamSize: 2,
    });
    const info = await run({
      ...inGeneral(alice),
      command: ['board', 'info'],
      options: { board: id },
    });
    expect(info.message.embeds[0]?.title).toBe(`Pairs (${id})`);
    expect(info.message.embeds[0]?.description).toContain(`<#${modQueue.id}>`);
    const list = await run({ ...inGeneral(alice), command: ['board', 'list'] });
    const listed = await allLines(list.message, { user: alice });
    expect(listed).toContain(`\`${id}\` **Pairs** · ELO`);
    expect(listed).toContain(`\`${ladder.id}\` **Ladder** · ELO`);

    const doubles = await run({
      ...inGeneral(alice),
      command: ['match', 'report'],
      options: { board: id, teammates: `<@${bob.id}>`, opponents: `<@${carol.id}>`, result: 'won' },
    });
    expect(doubles.ephemeral).toBe(true);
    expect(doubles.message.content).toContain('this board takes exactly 2 per side');
  });

  it('GIVEN /board edit private THEN Manage Server makes a board private and public again, /board info says so, and a member without it is refused ephemerally', async () => {
    const ladder = await newLadder();
    const made = await run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['board', 'edit'],
      options: { board: ladder.id, private: true },
    });
    expect(made.message.embeds[0]?.description).toContain(
      'Private: only members signed in see its pages',
    );
    expect(await tally.ctx.repos.boards.byId(ownerId, ladder.id)).toMatchObject({ private: true });
    const info = await run({
      ...inGeneral(alice),
      command: ['board', 'info'],
      options: { board: ladder.id },
    });
    expect(info.message.embeds[0]?.description).toContain('Private: only members signed in');

    const refused = await run({
      ...inGeneral(alice),
      command: ['board', 'edit'],
      options: { board: ladder.id, private: false },
    });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toContain('Manage Server');
    expect(await tally.ctx.repos.boards.byId(ownerId, ladder.id)).toMatchObject({ private: true });

    const back = await run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['board', 'edit'],
      options: { board: ladder.id, private: false },
    });
    expect(back.message.embeds[0]?.description).not.toContain('Private');
    expect(await tally.ctx.repos.boards.byId(ownerId, ladder.id)).toMatchObject({ private: false });
  });

  it('GIVEN /board edit medals, standings_size and show_record THEN /leaderboard and /board info follow them, and a member without Manage Server is refused', async () => {
    const ladder = await playedLadder();
    const edited = await run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['board', 'edit'],
      options: { board: ladder.id, medals: false, standings_size: 5, show_record: false },
    });
    expect(edited.message.embeds[0]?.description).toContain(
      'standings: 5 ranks a page in chat, no medals or podium, record hidden',
    );
    expect(await tally.ctx.repos.boards.byId(ownerId, ladder.id)).toMatchObject({
      medals: false,
      standingsSize: 5,
      showRecord: false,
      showSubmissions: true,
    });
    expect(lines(await standings(ladder))).toEqual([
      '**1.** Ali — 1016',
      '**2.** carol — 1015',
      '**3.** Bobby — 969',
    ]);
    const refused = await run({
      ...inGeneral(alice),
      command: ['board', 'edit'],
      options: { board: ladder.id, medals: true },
    });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toContain('Manage Server');
    expect(await tally.ctx.repos.boards.byId(ownerId, ladder.id)).toMatchObject({ medals: false });

    const arcade = await tally.board({
      ownerId,
      type: 'Highscore',
      name: 'Arcade',
      windowHours: 0,
    });
    for (let i = 1; i <= 6; i++) {
      const res = await tally.request('POST', `/v1/boards/${arcade.id}/scores`, {
        key,
        headers: idempotencyHeader(),
        body: JSON.stringify({ player: { name: `P${i}`, custom: true }, score: i * 10 }),
      });
      expect(res.status).toBe(201);
    }
    await run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['board', 'edit'],
      options: { board: arcade.id, standings_size: 5 },
    });
    const first = await standings(arcade);
    expect(lines(first)).toEqual([
      '🥇 P6 — 60',
      '🥈 P5 — 50',
      '🥉 P4 — 40',
      '**4.** P3 — 30',
      '**5.** P2 — 20',
    ]);
    expect(buttonsOf(first)).toHaveLength(1);
  });

  it('GIVEN a fixed-teams board THEN /team create and list work and /match report takes team names', async () => {
    const created = await run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['board', 'create'],
      options: { type: 'ELO', name: 'Clubs', fixed_teams: true, window_hours: 0 },
    });
    const id = /`(board_\d+)`/.exec(created.message.content)![1]!;
    for (const name of ['Reds', 'Blues']) {
      const made = await run({
        ...inGeneral(admin, MANAGE_SERVER),
        command: ['team', 'create'],
        options: { board: id, name },
      });
      expect(made.message.content).toMatch(
        new RegExp(`Created team \\*\\*${name}\\*\\* \\(\`team_\\d+\`\\)`),
      );
    }
    const list = await run({
      ...inGeneral(alice),
      command: ['team', 'list'],
      options: { board: id },
    });
    expect(lines(list.message)).toHaveLength(2);
    const reported = await run({
      ...inGeneral(alice),
      command: ['match', 'report'],
      options: { board: id, team: 'reds', opponents: 'Blues', result: 'lost' },
    });
    expect(reported.message.content).toMatch(/applied/);
    const board = (await tally.ctx.repos.boards.byId(ownerId, id))!;
    expect(lines(await standings(board))).toEqual([
      '🥇 Blues — 1016 (1-0-0)',
      '🥈 Reds — 984 (0-0-1)',
    ]);
  });

  it('GIVEN a user in DMs THEN /board create makes a personal board and a report on it goes to them by DM', async () => {
    const dave = world.dmUser('dave', { globalName: 'Dave' }); // on no server: a personal workspace
    const dm = fake.dmChannelOf(dave.id);
    const created = await run({
      channelId: dm,
      user: dave,
      command: ['board', 'create'],
      options: { type: 'ELO', name: 'Mine' },
    });
    const id = /`(board_\d+)`/.exec(created.message.content)![1]!;
    expect(await tally.ctx.repos.boards.byId(`user:${dave.id}`, id)).toMatchObject({
      displayName: 'Mine',
    });
    const reported = await run({
      channelId: dm,
      user: dave,
      command: ['match', 'report'],
      options: { board: id, opponents: `<@${alice.id}>`, result: 'won' },
    });
    expect(reported.message.content).toContain("sent to the board's owner by DM");
    const review = await reviewMessage(handleIn(reported.message.content));
    expect(review.channel_id).toBe(dm);
  });

  it('GIVEN a personal workspace THEN /api works in DMs without Manage Server, and a withdrawn owner is told why no key is minted', async () => {
    const dave = world.dmUser('dave', { globalName: 'Dave' });
    const dm = fake.dmChannelOf(dave.id);
    const minted = await run({
      channelId: dm,
      user: dave,
      command: ['api', 'key', 'create'],
      options: { access: 'read-write', type: 'test' },
    });
    expect(minted.ephemeral).toBe(true);
    expect(minted.message.content).toMatch(/sk_test_/);
    await setOwnerAccess(tally.ctx, `user:${dave.id}`, 'withdraw');
    const refused = await run({
      channelId: dm,
      user: dave,
      command: ['api', 'key', 'create'],
      options: { access: 'read' },
    });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toContain(`API access of user:${dave.id} is withdrawn`);
    const access = await run({
      channelId: dm,
      user: dave,
      command: ['api', 'access'],
      options: { action: 'request' },
    });
    expect(access.message.content).toContain('API access is withdrawn');
  });

  async function databaseText(): Promise<string> {
    const ds = tally.ctx.repos.db.dataSource;
    const tables: string[] =
      ds.options.type === 'better-sqlite3'
        ? (
            (await ds.query(`SELECT name FROM sqlite_master WHERE type = 'table'`)) as {
              name: string;
            }[]
          ).map((t) => t.name)
        : ((await ds.query('SHOW TABLES')) as Record<string, string>[]).map(
            (t) => Object.values(t)[0]!,
          );
    const dumps: string[] = [];
    for (const table of tables) {
      const rows = (await ds.query(`SELECT * FROM ${table}`)) as unknown[];
      dumps.push(JSON.stringify(rows));
    }
    return dumps.join('\n');
  }
});
