import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InteractionResponseType, MessageFlags, type APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import {
  backendName,
  createTestDatabase,
  mysqlServerUrl,
  sqliteFileUrl,
} from '../support/backends';
import { cast, handleIn, submissionId } from '../support/cast';
import {
  buttonsOf,
  fieldsOf,
  MANAGE_SERVER,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeDiscord, FakeMember } from '../support/fake-discord';
import { runTally } from '../support/serve';
import { idempotencyHeader, type TestTally } from '../support/tally';
import { eventually } from '../support/wait';

/**
 * Evidence with a report and reasons with a decline (issue 15 items 4 and 5), end to end: the
 * real discord.js client against the fake Discord, Tally's database to check what was kept, and
 * the `tally` CLI as an operator runs it, on the same database (a SQLite file or MariaDB: the
 * CLI is another process).
 */
const { server: arena, modQueue, referees, alice, bob, carol, admin, inGeneral } = cast();

/** The first 24 bytes of a 640×360 PNG: what Discord reads an image's size from. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR', 'latin1'),
  Buffer.from([0, 0, 2, 128, 0, 0, 1, 104, 8, 6, 0, 0, 0]),
]);
const VIDEO = 'https://videos.example/run/42?t=3';

describe(`evidence and decline reasons (${backendName})`, () => {
  let world: DiscordWorld;
  let fake: FakeDiscord;
  let tally: TestTally;
  let ownerId: string;
  let key: string;
  let databaseUrl: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (mysqlServerUrl) {
      const db = await createTestDatabase();
      databaseUrl = db.url;
      cleanup = () => db.drop();
    } else {
      const dir = await mkdtemp(join(tmpdir(), 'tally-evidence-'));
      databaseUrl = sqliteFileUrl(dir);
      cleanup = () => rm(dir, { recursive: true, force: true });
    }
    world = await startDiscordWorld({ guilds: [arena], env: { DATABASE_URL: databaseUrl } });
    ({ fake, tally } = world);
    ownerId = await tally.owner(`guild:${arena.id}`);
    key = await tally.key({ ownerId });
  });
  afterAll(async () => {
    await world?.stop();
    await cleanup?.();
  });

  const row = async (handle: string) =>
    (await tally.ctx.repos.submissions.byId(submissionId(handle)))!;
  const submissionsOf = async (board: Board) =>
    Number(
      (
        (await tally.ctx.repos.db.run((m) =>
          m.query('SELECT COUNT(*) AS n FROM submissions WHERE board_pk = ?', [board.pk]),
        )) as { n: number | string }[]
      )[0]!.n,
    );
  const ladder = (evidenceRequired = false) =>
    tally.board({
      ownerId,
      type: 'ELO',
      name: 'Ladder',
      moderatorChannelId: modQueue.id,
      moderatorRoleId: referees.id,
      evidenceRequired,
    });
  const report = (board: Board, by: FakeMember, extra: Record<string, unknown> = {}) =>
    world.run({
      ...inGeneral(by),
      command: ['match', 'report'],
      options: { board: board.id, opponents: `<@${bob.id}>`, result: 'won', ...extra },
    } as Parameters<DiscordWorld['run']>[0]);
  /** The bot's DMs to a member: the messages in their DM channel, oldest first. */
  const dmsTo = (person: FakeMember) => {
    const dm = fake.dmChannelOf(person.id);
    return [...fake.messages.values()].filter((m) => m.channel_id === dm);
  };
  const dmPosts = (person: FakeMember) =>
    fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/channels/${fake.dmChannelOf(person.id)}/messages`,
    ).length;
  /** Presses Decline, checks the form it opens, and submits it with this reason. */
  const decline = async (message: APIMessage, handle: string, reason: string) => {
    const opened = await world.press(message, `review:decline:${handle}`, {
      user: admin,
      permissions: MANAGE_SERVER,
    });
    expect(opened.callback.type).toBe(InteractionResponseType.Modal);
    const modal = fake.modals.find((m) => m.token === opened.token)!;
    expect(modal.customId).toBe(`decline:${handle}`);
    expect(JSON.stringify(modal.data)).toContain('"required":false');
    const { token } = fake.submitModal({
      channelId: modQueue.id,
      messageId: message.id,
      customId: modal.customId,
      values: { reason },
      user: admin,
      permissions: MANAGE_SERVER,
    });
    await world.editedOriginal(token);
    return fake.messages.get(message.id)!;
  };
  const notified = (handle: string, state = 'done') =>
    eventually(
      async () => ((await row(handle)).noticeState === state ? true : undefined),
      `${handle} notice ${state}`,
    );

  it('GIVEN a report with a screenshot and a video link THEN the review message shows the link and the image, and the row keeps both', async () => {
    const board = await ladder();
    const reported = await report(board, alice, {
      evidence: { upload: { filename: 'final score.png', data: PNG } },
      evidence_link: VIDEO,
    });
    expect(reported.ephemeral).toBe(false);
    const handle = handleIn(reported.message.content);
    const message = await world.reviewMessage(handle);
    expect(fieldsOf(message)['Evidence']).toBe(VIDEO);
    const image = message.embeds[0]?.image?.url ?? '';
    expect(image).toMatch(/\/ephemeral-attachments\/\d+\/\d+\/final%20score\.png\?ex=/);
    // The address is Discord's: it serves the screenshot.
    const served = await fetch(image);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await row(handle)).toMatchObject({
      evidenceLink: VIDEO,
      evidenceFileUrl: image,
      evidenceFileKind: 'image',
    });
  });

  it('GIVEN a score with a file that is not an image THEN the review message links it and shows no image', async () => {
    const board = await tally.board({
      ownerId,
      type: 'Highscore',
      name: 'Arcade',
      moderatorChannelId: modQueue.id,
    });
    const submitted = await world.run({
      ...inGeneral(carol),
      command: ['score', 'submit'],
      options: {
        board: board.id,
        score: '1200',
        evidence: {
          upload: { filename: 'run.txt', data: Buffer.from('log'), contentType: 'text/plain' },
        },
      },
    });
    const message = await world.reviewMessage(handleIn(submitted.message.content));
    expect(fieldsOf(message)['Evidence']).toMatch(/\/ephemeral-attachments\/.*\/run\.txt\?/);
    expect(message.embeds[0]?.image).toBeUndefined();
  });

  it('GIVEN a link that is not http(s) THEN the report is refused ephemerally with the reason and nothing is queued', async () => {
    const board = await ladder();
    for (const link of ['javascript:alert(1)', 'ftp://files.example/run.mp4', 'not a link']) {
      const refused = await report(board, alice, { evidence_link: link });
      expect(refused.ephemeral).toBe(true);
      expect(refused.callback.data?.content).toMatch(
        /evidence_link: (only http|give a full web address)/,
      );
    }
    expect(await submissionsOf(board)).toBe(0);
  });

  it('GIVEN a board that requires evidence THEN /board edit and /board info say so, a bare report is refused saying what to attach, a linked one and an API write go through', async () => {
    const board = await ladder();
    const edited = await world.run({
      ...inGeneral(admin, MANAGE_SERVER),
      command: ['board', 'edit'],
      options: { board: board.id, evidence_required: true },
    });
    expect(edited.message.embeds[0]?.description).toContain('evidence required');
    const info = await world.run({
      ...inGeneral(carol),
      command: ['board', 'info'],
      options: { board: board.id },
    });
    expect(info.message.embeds[0]?.description).toContain('evidence required with chat reports');

    const refused = await report(board, alice);
    expect(refused.ephemeral).toBe(true);
    expect(refused.callback.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(refused.callback.data?.flags).toBe(MessageFlags.Ephemeral);
    expect(refused.callback.data?.content).toMatch(/needs evidence.*`evidence`.*`evidence_link`/s);
    expect(await submissionsOf(board)).toBe(0);

    const linked = await report(board, alice, { evidence_link: VIDEO });
    expect(linked.message.content).toContain('Posted for review');
    // API clients are trusted programs: the board's review applies to them as usual (README).
    const api = await tally.request('POST', `/v1/boards/${board.id}/matches`, {
      key,
      headers: idempotencyHeader(),
      body: JSON.stringify({
        team1: [{ chat_id: carol.id }],
        team2: [{ chat_id: bob.id }],
        winner: 'team1',
      }),
    });
    expect(api.status).toBe(202);
    expect(await submissionsOf(board)).toBe(2);
    // The public API shows no trace of the setting.
    const read = await tally.request('GET', `/v1/boards/${board.id}`, { key });
    expect(JSON.stringify(read.body)).not.toContain('evidence');
  });

  it('GIVEN Decline with a reason THEN the review message and the submitter’s DM say who declined it and why, once', async () => {
    const board = await ladder();
    const handle = handleIn((await report(board, alice)).message.content);
    const message = await world.reviewMessage(handle);
    const before = dmPosts(alice);
    const edited = await decline(message, handle, 'The screenshot shows *another* match');
    expect(buttonsOf(edited)).toEqual([]);
    expect(fieldsOf(edited)['Outcome']).toBe(
      `Declined by <@${admin.id}>: The screenshot shows \\*another\\* match. Nothing was applied.`,
    );
    expect(await row(handle)).toMatchObject({
      status: 'rejected',
      failureReason: 'The screenshot shows *another* match',
    });
    await notified(handle);
    const dm = dmsTo(alice).at(-1)!;
    expect(dm.content).toContain(`on **Ladder** (${handle}) was declined by <@${admin.id}>`);
    expect(dm.content).toContain('The screenshot shows \\*another\\* match');
    // Sent once: later passes of the poster leave it be.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dmPosts(alice) - before).toBe(1);
  });

  it('GIVEN Decline with no reason THEN it is declined all the same and the DM says so without one', async () => {
    const board = await ladder();
    const handle = handleIn((await report(board, carol)).message.content);
    const message = await world.reviewMessage(handle);
    const edited = await decline(message, handle, '   ');
    expect(fieldsOf(edited)['Outcome']).toBe(`Declined by <@${admin.id}>. Nothing was applied.`);
    expect((await row(handle)).failureReason).toBeNull();
    await notified(handle);
    expect(dmsTo(carol).at(-1)?.content).toMatch(
      new RegExp(`\\(${handle}\\) was declined by <@${admin.id}>\\. Nothing was recorded\\.$`),
    );
  });

  it('GIVEN Approve THEN the submitter is told by DM; a member who takes no DMs is given up on quietly, not retried', async () => {
    const board = await ladder();
    const approved = handleIn((await report(board, alice)).message.content);
    const message = await world.reviewMessage(approved);
    const pressed = await world.press(message, `review:approve:${approved}`, {
      user: admin,
      permissions: MANAGE_SERVER,
    });
    await world.editedOriginal(pressed.token);
    await notified(approved);
    expect(dmsTo(alice).at(-1)?.content).toContain(`(${approved}) was approved by <@${admin.id}>`);

    fake.closeDms(carol.id);
    try {
      const closed = handleIn((await report(board, carol)).message.content);
      const again = await world.reviewMessage(closed);
      const before = dmPosts(carol);
      await decline(again, closed, 'duplicate');
      await notified(closed, 'refused');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(dmPosts(carol) - before).toBe(1);
    } finally {
      fake.openDms(carol.id);
    }
  });

  it('GIVEN `tally review decline --reason` THEN the review message shows the reason and the submitter gets it by DM', async () => {
    const board = await ladder();
    const handle = handleIn((await report(board, alice)).message.content);
    const message = await world.reviewMessage(handle);
    const run = await cli(['review', 'decline', handle, '--reason', 'Wrong opponent', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      handle,
      status: 'rejected',
      reason: 'Wrong opponent',
    });
    await eventually(
      () => (fake.messages.get(message.id)!.components?.length === 0 ? true : undefined),
      'the review message to be closed',
    );
    expect(fieldsOf(fake.messages.get(message.id)!)['Outcome']).toBe(
      'Declined from the operator CLI: Wrong opponent. Nothing was applied.',
    );
    await notified(handle);
    expect(dmsTo(alice).at(-1)?.content).toContain(
      'was declined by a server operator: Wrong opponent',
    );

    const tooLong = await cli(['review', 'decline', handle, '--reason', 'x'.repeat(301)]);
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toContain('reason: at most 300 characters');

    // `tally board create --evidence-required`: set, and not in the API's board body it prints.
    const created = await cli([
      'board',
      'create',
      ownerId,
      '--type',
      'Highscore',
      '--evidence-required',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const body = JSON.parse(created.stdout) as { id: string };
    expect(created.stdout).not.toContain('evidence');
    expect(await tally.ctx.repos.boards.byId(ownerId, body.id)).toMatchObject({
      evidenceRequired: true,
    });
    // Three runs of the CLI, each a process that loads Tally: 23 s of a loaded machine's time.
  }, 120_000);

  /** The `tally` binary on this file's database, as an operator runs it. */
  const cli = (args: string[]) => runTally(databaseUrl, args);
});
