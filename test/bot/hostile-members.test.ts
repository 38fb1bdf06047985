import { InteractionResponseType, MessageFlags, type APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoard, createTeam } from '../../src/pipeline/boards';
import { mintKey, revokeKey } from '../../src/pipeline/keys';
import { review } from '../../src/pipeline/review';
import { UNCONFIRMED } from '../../src/bot/interactions';
import { backendName } from '../support/backends';
import { cast, chat, submissionId } from '../support/cast';
import {
  buttonsOf,
  MANAGE_SERVER,
  PATIENCE_MS,
  reviewButtons,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { CommandInput, FakeDiscord } from '../support/fake-discord';
import type { TestTally } from '../support/tally';
import { eventually } from '../support/wait';

/**
 * Issue 12: the chat side tried as a careless or hostile member would, with the real discord.js
 * client against a fake Discord that refuses what Discord refuses. Each test names what a member
 * does and what they then see; nothing a refused action touches may change.
 */
const {
  server: arena,
  modQueue,
  alice,
  bob,
  admin,
  inGeneral,
  channels: { locked: lockedChannel },
  people: { dyno: helperBot },
} = cast({
  /** A moderator channel the bot is shut out of (only the permanent-failure test posts there). */
  channels: ['locked'],
  members: { dyno: { bot: true } },
  owner: 'admin',
});
/** Another server the bot is on, whose channel a forged /board create names. */
const other = cast({ name: 'Other' });
/** A server with many boards, teams and keys; and one that never used Tally. */
const crowded = cast({ name: 'Crowded' });
const quiet = cast({ name: 'Quiet' });

describe(`members who do not play along (${backendName})`, () => {
  let world: DiscordWorld;
  let fake: FakeDiscord;
  let tally: TestTally;
  let ownerId: string;

  beforeAll(async () => {
    world = await startDiscordWorld({
      guilds: [arena, other.server, crowded.server, quiet.server],
    });
    ({ fake, tally } = world);
    ownerId = await tally.owner(`guild:${arena.id}`);
  });
  afterAll(async () => {
    await world?.stop();
  });

  const countRows = async (table: string) =>
    Number(
      (
        (await tally.ctx.repos.db.run((m) => m.query(`SELECT COUNT(*) AS n FROM ${table}`))) as {
          n: number | string;
        }[]
      )[0]!.n,
    );
  const refusal = async (input: Parameters<DiscordWorld['run']>[0]) => {
    const answered = await world.run(input);
    expect(answered.ephemeral, answered.message.content).toBe(true);
    expect(answered.callback.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    return answered.message.content;
  };
  const allLines: DiscordWorld['allLines'] = (message, presser) => world.allLines(message, presser);
  const ladder = (name = 'Ladder') =>
    tally.board({ ownerId, type: 'ELO', name, moderatorChannelId: modQueue.id });

  it('GIVEN a bot, Tally itself or @everyone as a player THEN the report is refused and nothing is queued', async () => {
    const board = await ladder();
    const before = await countRows('submissions');
    const asked = [
      ['match', { opponents: `<@${helperBot.id}>`, result: 'won' }],
      ['match', { opponents: `<@${fake.botUser.id}>`, result: 'won' }],
      ['match', { opponents: `<@&${arena.id}>`, result: 'won' }],
      ['match', { opponents: '@everyone', result: 'won' }],
      ['score', { score: '10', player: helperBot }],
    ] as const;
    const said: string[] = [];
    for (const [kind, options] of asked) {
      said.push(
        await refusal({
          ...inGeneral(alice),
          command: [kind, kind === 'match' ? 'report' : 'submit'],
          options: { board: board.id, ...options },
        }),
      );
    }
    expect(said).toEqual([
      `That did not work: <@${helperBot.id}> is a bot; bots cannot be players. Name the people who played.`,
      `That did not work: <@${fake.botUser.id}> is a bot; bots cannot be players. Name the people who played.`,
      'That did not work: opponents: @everyone is not a player; mention members, or a role for a team',
      'That did not work: opponents: @everyone is not a player; mention members, or a role for a team',
      `That did not work: <@${helperBot.id}> is a bot; bots cannot be players. Name the people who played.`,
    ]);
    expect(await countRows('submissions')).toBe(before);

    // The API path names the bot by id: the submission fails with the reason, nothing applies.
    const key = await tally.key({ ownerId });
    const handle = await world.submitMatch(board, key, [chat(alice)], [chat(helperBot)]);
    await world.statusBecomes(handle, key, 'failed');
    const failed = await tally.ctx.repos.submissions.byId(submissionId(handle));
    expect(failed?.failureReason).toBe(`chat:${helperBot.id}: a bot; bots cannot be players`);
  });
  it('GIVEN 25 boards, 15 teams and 30 keys THEN each list is pages within Discord’s limits and Next reaches every row', async () => {
    const crowdedId = await tally.owner(`guild:${crowded.server.id}`);
    const inCrowded = crowded.inGeneral(crowded.admin, MANAGE_SERVER);
    const markdown = (i: number) => `**Bold** _board_ ${i} ${'x'.repeat(80)}`;
    for (let i = 1; i <= 25; i++) {
      await createBoard(tally.ctx, { ownerId: crowdedId, type: 'ELO', name: markdown(i) });
    }
    const clubs = await createBoard(tally.ctx, {
      ownerId: crowdedId,
      type: 'ELO',
      name: 'Clubs',
      fixedTeams: true,
    });
    for (let i = 1; i <= 15; i++) await createTeam(tally.ctx, crowdedId, clubs.id, `Team ${i}`);
    for (let i = 1; i <= 30; i++) {
      const minted = await mintKey(tally.ctx, { ownerId: crowdedId, type: 'live', label: `k${i}` });
      if (i > 3) await revokeKey(tally.ctx, minted.id, { ownerId: crowdedId });
    }

    const boards = await world.run({ ...inCrowded, command: ['board', 'list'] });
    withinLimits(boards.message);
    const boardLines = await allLines(boards.message, inCrowded);
    expect(boardLines).toHaveLength(26);
    expect(boardLines[0]).toMatch(
      /^`board_\d+` \*\*\\\*\\\*Bold\\\*\\\* \\_board\\_ 1 x{80}\*\* · ELO$/,
    );

    const teams = await world.run({
      ...inCrowded,
      command: ['team', 'list'],
      options: { board: clubs.id },
    });
    withinLimits(teams.message);
    expect(await allLines(teams.message, inCrowded)).toEqual(
      Array.from({ length: 15 }, (_, i) =>
        expect.stringMatching(new RegExp(`^\`team_\\d+\` Team ${i + 1}$`)),
      ),
    );

    const keys = await world.run({ ...inCrowded, command: ['api', 'key', 'list'] });
    expect(keys.ephemeral).toBe(true);
    withinLimits(keys.message);
    const keyLines = await allLines(keys.message, inCrowded);
    expect(keyLines).toHaveLength(30);
    expect(keyLines.slice(0, 3).every((l) => !l.includes('revoked'))).toBe(true);
    expect(keyLines.slice(3).every((l) => l.endsWith(' · revoked'))).toBe(true);
  });

  it('GIVEN one id mentioned 300 times, or 300 ids THEN the report is refused in time, with a handful of lookups', async () => {
    const board = await ladder();
    const lookups = () =>
      fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/users/')).length;
    for (const opponents of [
      '11111111111111111 '.repeat(300),
      Array.from({ length: 300 }, (_, i) => String(11111111111111111n + BigInt(i))).join(' '),
    ]) {
      const before = lookups();
      const refused = await refusal({
        ...inGeneral(alice),
        command: ['match', 'report'],
        options: { board: board.id, opponents, result: 'won' },
      });
      expect(refused).toMatch(/^That did not work: /);
      expect(lookups() - before).toBeLessThanOrEqual(1);
    }
  });

  it('GIVEN a 2 500-character input THEN the refusal quotes 100 characters of it and is delivered', async () => {
    const board = await ladder();
    const opponents = await refusal({
      ...inGeneral(alice),
      command: ['match', 'report'],
      options: { board: board.id, opponents: 'y'.repeat(2500), result: 'won' },
    });
    expect(opponents).toBe(
      `That did not work: opponents: \`${'y'.repeat(99)}…\` is not a member or role mention`,
    );
    const unknownBoard = await refusal({
      ...inGeneral(alice),
      command: ['leaderboard'],
      options: { board: 'z'.repeat(2500) },
    });
    expect(unknownBoard.length).toBeLessThanOrEqual(2000);
    expect(unknownBoard).toMatch(/^That did not work: .*z{50}/);
  });

  it('GIVEN names of only spaces or invisible characters THEN chat and CLI refuse them; markdown and bidi controls never reach a reader', async () => {
    const before = await countRows('boards');
    for (const name of ['   ', '\u200B\u200B', '\u200D \u3164', '\u202E\u2066']) {
      expect(
        await refusal({
          ...inGeneral(admin, MANAGE_SERVER),
          command: ['board', 'create'],
          options: { type: 'ELO', name },
        }),
      ).toBe(
        'That did not work: board name must have a visible character (letters, digits or symbols), not only spaces or invisible characters',
      );
    }
    await expect(createBoard(tally.ctx, { ownerId, type: 'ELO', name: '\u200B' })).rejects.toThrow(
      'board name must have a visible character',
    );
    expect(await countRows('boards')).toBe(before);

    const created = await world.run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['board', 'create'],
      options: { type: 'ELO', name: '  **Champs**\u202E\n_league_  ', fixed_teams: true },
    });
    const id = /`(board_\d+)`/.exec(created.message.content)![1]!;
    const stored = (await tally.ctx.repos.boards.byId(ownerId, id))!;
    expect(stored.displayName).toBe('**Champs** _league_');
    expect(created.message.content).toBe(
      `Created **\\*\\*Champs\\*\\* \\_league\\_** (\`${id}\`).`,
    );
    const standings = await world.run({
      ...inGeneral(bob),
      command: ['leaderboard'],
      options: { board: id },
    });
    expect(standings.message.embeds[0]?.title).toBe('\\*\\*Champs\\*\\* \\_league\\_ — standings');
    expect(
      await refusal({
        ...inGeneral(admin, MANAGE_SERVER),
        command: ['team', 'create'],
        options: { board: id, name: '\u2800\u200B' },
      }),
    ).toContain('team name must have a visible character');
    await expect(createTeam(tally.ctx, ownerId, id, ' \uFEFF ')).rejects.toThrow(
      'team name must have a visible character',
    );
  });

  it('GIVEN a server that never used Tally THEN its reads and refused writes leave no owner row behind', async () => {
    const inQuiet = (permissions = '0') => quiet.inGeneral(quiet.admin, permissions);
    const boards = await world.run({ ...inQuiet(), command: ['board', 'list'] });
    expect(boards.message.embeds[0]?.description).toContain('No boards yet');
    await refusal({ ...inQuiet(), command: ['leaderboard'], options: { board: 'board_1' } });
    await refusal({
      ...inQuiet(),
      command: ['match', 'report'],
      options: { board: 'board_1', opponents: `<@${alice.id}>`, result: 'won' },
    });
    await refusal({
      ...inQuiet(MANAGE_SERVER),
      command: ['board', 'create'],
      options: { type: 'League', points: 'three,one,none' },
    });
    const access = await world.run({ ...inQuiet(MANAGE_SERVER), command: ['api', 'access'] });
    expect(access.message.content).toContain('API access is open');
    const keys = await world.run({ ...inQuiet(MANAGE_SERVER), command: ['api', 'key', 'list'] });
    expect(keys.message.embeds[0]?.description).toBe(
      'No keys yet; mint one with `/api key create`.',
    );
    expect(await tally.ctx.repos.owners.get(`guild:${quiet.server.id}`)).toBeNull();
  });

  it('GIVEN the reply carrying a new secret cannot be delivered THEN the key is revoked and the member is told to check', async () => {
    const keysBefore = (await tally.ctx.repos.keys.listByOwner(ownerId)).map((k) => k.id);
    fake.failNext((r) => r.method === 'POST' && r.path.endsWith('/callback'), {
      status: 400,
      body: { code: 50035, message: 'Invalid Form Body' },
    });
    const { token } = fake.runCommand({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['api', 'key', 'create'],
      options: { access: 'read', label: 'lost' },
    });
    const answered = await fake.waitForRequest(
      (r) => r.path.endsWith(`/${token}/callback`) && r.status === 204,
    );
    expect(answered.body).toMatchObject({
      type: InteractionResponseType.ChannelMessageWithSource,
      data: {
        flags: MessageFlags.Ephemeral,
        content: UNCONFIRMED,
      },
    });
    const minted = (await tally.ctx.repos.keys.listByOwner(ownerId)).filter(
      (k) => !keysBefore.includes(k.id),
    );
    expect(minted).toHaveLength(1);
    expect(minted[0]!.revokedAt).not.toBeNull();
  });

  it.each([
    [
      'de',
      'Tally konnte das gerade nicht abschließen, es kann also übernommen worden sein oder nicht.',
    ],
    ['es-ES', 'Tally no pudo terminar eso ahora mismo, así que puede que se haya aplicado o no.'],
    ['pt-BR', 'O Tally não conseguiu concluir isso agora, então pode ter funcionado ou não.'],
  ])(
    'GIVEN a member in %s whose answer Discord refused THEN the apology reads in their language',
    async (locale, opening) => {
      const board = await tally.board({ ownerId, type: 'ELO', name: `Lost ${locale}` });
      fake.failNext((r) => r.method === 'POST' && r.path.endsWith('/callback'), {
        status: 400,
        body: { code: 50035, message: 'Invalid Form Body' },
      });
      const { token } = fake.runCommand({
        ...inGeneral(alice),
        locale,
        command: ['leaderboard'],
        options: { board: board.id },
      });
      const answered = await fake.waitForRequest(
        (r) => r.path.endsWith(`/${token}/callback`) && r.status === 204,
      );
      const content = (answered.body as { data: { content: string } }).data.content;
      expect(content.startsWith(`${opening} `)).toBe(true);
      expect(content).toContain('(`/rank`, `/board list`, `/api key list`)');
      expect(content).not.toBe(UNCONFIRMED);
    },
  );

  it('GIVEN a forged server interaction without its member THEN Manage Server is denied: no key, no board', async () => {
    const stripMember = (interaction: object) => {
      const { member: sent, ...rest } = interaction as { member: { user: unknown } };
      return { ...rest, user: sent.user };
    };
    const keysBefore = await countRows('api_keys');
    const boardsBefore = await countRows('boards');
    const forged: Pick<CommandInput, 'command' | 'options'>[] = [
      { command: ['api', 'key', 'create'], options: { access: 'read-write' } },
      { command: ['board', 'create'], options: { type: 'ELO', name: 'Forged' } },
    ];
    for (const command of forged) {
      expect(
        await refusal({ ...inGeneral(admin, MANAGE_SERVER), ...command, forge: stripMember }),
      ).toMatch(/needs the Manage Server permission/);
    }
    expect(await countRows('api_keys')).toBe(keysBefore);
    expect(await countRows('boards')).toBe(boardsBefore);
  });

  it('GIVEN a forged /queue with a subcommand it does not register THEN it is refused as no command, in the member’s language', async () => {
    const rename = (interaction: object) => {
      const sent = interaction as { data: { options: { name: string }[] } };
      sent.data.options[0]!.name = 'explode';
      return sent;
    };
    const forged = { ...inGeneral(admin), command: ['queue', 'status'], forge: rename };
    expect(await refusal(forged)).toBe('That did not work: /queue explode is not a Tally command');
    expect(await refusal({ ...forged, locale: 'de' })).not.toContain('is not a Tally command');
  });

  it('GIVEN a button that is not on the message, a malformed id or an unknown form THEN each gets an ephemeral answer and the message stays', async () => {
    const board = await ladder();
    const key = await tally.key({ ownerId });
    const handle = await world.submitMatch(board, key, [chat(alice)], [chat(bob)]);
    const review = await world.reviewMessage(handle);
    const pressed = [
      `page:standings:${board.pk}:`,
      `lb:${board.pk}:`,
      'list:boards:0:0',
      'garbage',
      `review:approve:sub_999999`,
    ];
    for (const customId of pressed) {
      const { callback } = await world.press(review, customId, {
        user: admin,
        permissions: MANAGE_SERVER,
      });
      expect(callback).toMatchObject({
        type: InteractionResponseType.ChannelMessageWithSource,
        data: {
          flags: MessageFlags.Ephemeral,
          content: 'That button is not on this message; nothing was changed.',
        },
      });
    }
    expect(buttonsOf(fake.messages.get(review.id)!)).toEqual(reviewButtons(handle));
    expect(await world.status(handle, key)).toBe('pending_review');

    const { token } = fake.submitModal({
      channelId: modQueue.id,
      customId: 'nonsense:1',
      values: { x: 'y' },
      user: admin,
      permissions: MANAGE_SERVER,
    });
    const modal = (await fake.waitForRequest((r) => r.path.endsWith(`/${token}/callback`))).body;
    expect(modal).toMatchObject({
      type: InteractionResponseType.ChannelMessageWithSource,
      data: {
        flags: MessageFlags.Ephemeral,
        content: expect.stringContaining('does not know that button or form'),
      },
    });
  });

  it('GIVEN the bot may not post in the moderator channel THEN one post is tried, the owner is told once, /board info says why, tally review still decides and /board edit resumes', async () => {
    const board = await tally.board({
      ownerId,
      type: 'ELO',
      name: 'Locked',
      moderatorChannelId: lockedChannel.id,
    });
    fake.denyChannel(lockedChannel.id, 'missing_permissions');
    const key = await tally.key({ ownerId });
    const handles: string[] = [];
    for (let i = 0; i < 3; i++) {
      handles.push(await world.submitMatch(board, key, [chat(alice)], [chat(bob)]));
    }
    for (const handle of handles) await world.statusBecomes(handle, key, 'pending_review');
    const ownerDm = fake.dmChannelOf(admin.id);
    const notices = () =>
      [...fake.messages.values()].filter(
        (m) => m.channel_id === ownerDm && m.content.includes('cannot post review messages'),
      );
    await fake.waitFor(() => (notices().length > 0 ? true : undefined), PATIENCE_MS, 'the notice');
    // Retries here start at 100 ms: a second of them would be several attempts per review.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const posts = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/channels/${lockedChannel.id}/messages`,
    );
    expect(posts.map((r) => r.status)).toEqual([403]);
    expect(notices()).toHaveLength(1);
    expect(notices()[0]!.content).toContain(
      `Tally cannot post review messages for **Locked** (\`${board.id}\`) on Arena: Tally may not post there (Missing Permissions`,
    );

    const info = await world.run({
      ...inGeneral(alice),
      command: ['board', 'info'],
      options: { board: board.id },
    });
    expect(info.message.embeds[0]?.fields?.[0]).toMatchObject({
      name: '⚠️ Review messages stopped',
      value: expect.stringContaining(
        `Missing Permissions: it needs View Channel, Send Messages and Embed Links) (<#${lockedChannel.id}>)`,
      ),
    });
    expect((await review(tally.ctx, handles[0]!, 'approve', 'cli', 'operator')).status).toBe(
      'approved',
    );

    fake.allowChannel(lockedChannel.id);
    const edited = await world.run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['board', 'edit'],
      options: { board: board.id, moderator_channel: { channelId: lockedChannel.id } },
    });
    expect(edited.message.content).toContain('tries to post the waiting ones again now');
    for (const handle of handles.slice(1)) {
      expect((await world.reviewMessage(handle)).channel_id).toBe(lockedChannel.id);
    }
    const after = await world.run({
      ...inGeneral(alice),
      command: ['board', 'info'],
      options: { board: board.id },
    });
    expect(after.message.embeds[0]?.fields ?? []).toEqual([]);
    expect(notices()).toHaveLength(1);
  });

  it('GIVEN the owner of a personal board takes no DMs THEN its review stops after one try and /board info in DM says why', async () => {
    const loner = world.dmUser('loner');
    const lonerOwner = await tally.owner(`user:${loner.id}`);
    const board = await tally.board({ ownerId: lonerOwner, type: 'ELO', name: 'Solo' });
    fake.closeDms(loner.id);
    const key = await tally.key({ ownerId: lonerOwner });
    const custom = (name: string) => ({ name, custom: true });
    const handle = await world.submitMatch(board, key, [custom('Ann')], [custom('Bo')]);
    await world.statusBecomes(handle, key, 'pending_review');
    const block = await eventually(
      async () => (await tally.ctx.repos.reviewMessages.blockOf(board.pk)) ?? undefined,
      'the review block',
    );
    expect(block.reason).toBe(
      'the owner does not accept direct messages from Tally (the owner’s DMs)',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const dm = fake.dmChannelOf(loner.id);
    const posts = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/channels/${dm}/messages`,
    );
    expect(posts.map((r) => r.status)).toEqual([403]);
    const info = await world.run({
      user: loner,
      command: ['board', 'info'],
      options: { board: board.id },
    });
    expect(info.message.embeds[0]?.fields?.[0]?.value).toContain(
      'the owner does not accept direct messages from Tally',
    );
  });

  it('GIVEN a channel or role of another server, or @everyone, as the moderator place THEN /board create and edit refuse it', async () => {
    const boardsBefore = await countRows('boards');
    expect(
      await refusal({
        ...inGeneral(admin, MANAGE_SERVER),
        command: ['board', 'create'],
        options: { type: 'ELO', moderator_channel: { channelId: other.modQueue.id } },
      }),
    ).toBe(
      `That did not work: <#${other.modQueue.id}> is not a text channel of this server; pick one from the list`,
    );
    expect(
      await refusal({
        ...inGeneral(admin, MANAGE_SERVER),
        command: ['board', 'create'],
        options: { type: 'ELO', moderator_role: { roleId: arena.id } },
      }),
    ).toBe(
      'That did not work: moderator role: @everyone would let every member review; pick a role',
    );
    expect(await countRows('boards')).toBe(boardsBefore);
    const board = await ladder();
    await refusal({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['board', 'edit'],
      options: { board: board.id, moderator_channel: { channelId: other.modQueue.id } },
    });
    expect((await tally.ctx.repos.boards.byPk(board.pk))!.moderatorChannelId).toBe(modQueue.id);
  });
});

describe(`chat write limits (${backendName})`, () => {
  const busy = cast({ name: 'Busy' });
  let world: DiscordWorld;

  beforeAll(async () => {
    world = await startDiscordWorld({
      guilds: [busy.server],
      env: { RATE_LIMIT_WRITE_PER_MIN: '3' },
    });
  });
  afterAll(async () => {
    await world?.stop();
  });
  /** The server's owner row, made by whichever test comes first. */
  const busyOwner = async () => {
    const ownerId = `guild:${busy.server.id}`;
    await world.tally.owner(ownerId).catch(() => undefined);
    return ownerId;
  };

  it('GIVEN a burst of /match report past the write bucket THEN the rest are refused with when to retry and nothing of them is queued', async () => {
    const { tally } = world;
    const board = await tally.board({
      ownerId: await busyOwner(),
      type: 'ELO',
      name: 'Busy',
      moderatorChannelId: busy.general.id,
    });
    const report = () =>
      world.run({
        ...busy.inGeneral(busy.alice),
        command: ['match', 'report'],
        options: { board: board.id, opponents: `<@${busy.bob.id}>`, result: 'won' },
      });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await report());
    expect(answers.map((a) => a.ephemeral)).toEqual([false, false, false, true, true]);
    for (const refused of answers.slice(3)) {
      expect(refused.message.content).toMatch(
        /^That did not work: you are sending more than 3 changes a minute; nothing was recorded\. Try again <t:\d+:R> \(in \d+ s\)\.$/,
      );
    }
    const queued = await tally.ctx.repos.db.run((m) =>
      m.query('SELECT COUNT(*) AS n FROM submissions WHERE board_pk = ?', [board.pk]),
    );
    expect(Number((queued as { n: number }[])[0]!.n)).toBe(3);
    // Reads are not writes: the member can still look at the board.
    const read = await world.run({
      ...busy.inGeneral(busy.alice),
      command: ['leaderboard'],
      options: { board: board.id },
    });
    expect(read.ephemeral).toBe(false);
  });

  it.each([
    [
      'pt-BR',
      'bob',
      /^Não deu certo: você está enviando mais de 3 alterações por minuto; nada foi registrado\. Tente de novo <t:\d+:R> \(em \d+ s\)\.$/,
    ],
    [
      'de',
      'carol',
      /^Das hat nicht geklappt: du sendest mehr als 3 Änderungen pro Minute; es wurde nichts gespeichert\. Versuch es <t:\d+:R> noch einmal \(in \d+ s\)\.$/,
    ],
  ] as const)(
    'GIVEN a member in %s past the write bucket THEN the refusal says when to retry in their language',
    async (locale, who, want) => {
      const { tally } = world;
      const board = await tally.board({
        ownerId: await busyOwner(),
        type: 'ELO',
        name: `Busy ${locale}`,
        moderatorChannelId: busy.general.id,
      });
      const member = busy[who];
      const opponent = who === 'bob' ? busy.carol : busy.bob;
      const report = () =>
        world.run({
          ...busy.inGeneral(member),
          locale,
          command: ['match', 'report'],
          options: { board: board.id, opponents: `<@${opponent.id}>`, result: 'won' },
        });
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await report());
      expect(answers.map((a) => a.ephemeral)).toEqual([false, false, false, true]);
      expect(answers[3]!.message.content).toMatch(want);
    },
  );
});

/** Content, embeds and components within what Discord accepts (the fake refuses more anyway). */
function withinLimits(m: APIMessage): void {
  expect(m.content.length).toBeLessThanOrEqual(2000);
  for (const embed of m.embeds) {
    expect((embed.description ?? '').length).toBeLessThanOrEqual(4096);
    expect((embed.title ?? '').length).toBeLessThanOrEqual(256);
  }
  const total = m.embeds.reduce(
    (n, e) =>
      n + (e.title ?? '').length + (e.description ?? '').length + (e.footer?.text ?? '').length,
    0,
  );
  expect(total).toBeLessThanOrEqual(6000);
}
