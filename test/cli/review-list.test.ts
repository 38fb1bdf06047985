import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { loadConfig } from '../../src/config';
import { closeContext, openContext } from '../../src/main';
import { createBoard, type BoardInput } from '../../src/pipeline/boards';
import { OfflineChat } from '../../src/pipeline/chat-port';
import type { Context } from '../../src/pipeline/context';
import { enqueueWrite } from '../../src/pipeline/enqueue';
import { addOwner } from '../../src/pipeline/owners';
import { processSubmission } from '../../src/pipeline/process';
import { reviewQueue } from '../../src/pipeline/review-queue';
import { parseMatchWrite, parseScoreWrite } from '../../src/domain/write-request';
import { formatHandle, ownerKind } from '../../src/domain/ids';
import {
  backendName,
  createTestDatabase,
  mysqlServerUrl,
  sqliteFileUrl,
} from '../support/backends';
import { PUBLIC_URL, runTally } from '../support/serve';
import { nextSnowflake } from '../support/tally';
import type { PendingJson } from '../../src/cli/review-format';

/**
 * Issue 15: "An operator cannot even list what is waiting." `tally review list` run as a child
 * process, the way an operator runs it, on a database of its own whose review queue this file
 * fills in process: pending matches and scores on two boards of a server, one with its review
 * message posted, and a personal workspace's board whose review went to a DM.
 */
const CALL_TIMEOUT_MS = 30_000;
const TEST_TIMEOUT_MS = 60_000;
const HOUR_MS = 3_600_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const KEYS = [
  'age_seconds',
  'board',
  'board_name',
  'expires_at',
  'handle',
  'kind',
  'message_url',
  'submitted_at',
  'submitted_by',
  'summary',
];

describe(`tally review list (${backendName})`, () => {
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  const guildId = nextSnowflake();
  const guild = `guild:${guildId}`;
  const user = `user:${nextSnowflake()}`;
  const channelId = nextSnowflake();
  const messageId = nextSnowflake();
  const dmChannelId = nextSnowflake();
  const dmMessageId = nextSnowflake();
  let ladder: Board;
  let sprint: Board;
  let open: Board;
  /** The guild's pending handles in the order they were submitted. */
  const pending: string[] = [];
  let applied: string;
  let personal: string;

  /** Queues a write `hoursAgo` and processes it: pending_review on a board with a window. */
  async function submitted(ctx: Context, board: Board, body: object, hoursAgo: number) {
    const at = new Date(Date.now() - hoursAgo * HOUR_MS);
    const shape = { ...board, ownerKind: ownerKind(board.ownerId) };
    const write =
      board.type === 'ELO'
        ? parseMatchWrite(body as Record<string, unknown>, shape)
        : parseScoreWrite(body as Record<string, unknown>, shape);
    const { submission } = await enqueueWrite({ ...ctx, now: () => at }, board, write, 'api');
    await processSubmission({ ...ctx, now: () => at }, new OfflineChat(), submission);
    return submission.id;
  }

  async function withContext<T>(run: (ctx: Context) => Promise<T>): Promise<T> {
    const opened = await openContext(loadConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL }));
    try {
      return await run(opened.ctx);
    } finally {
      await closeContext(opened);
    }
  }

  beforeAll(async () => {
    if (mysqlServerUrl) {
      const db = await createTestDatabase();
      databaseUrl = db.url;
      cleanup = () => db.drop();
    } else {
      const dir = await mkdtemp(join(tmpdir(), 'tally-review-list-'));
      databaseUrl = sqliteFileUrl(dir);
      cleanup = () => rm(dir, { recursive: true, force: true });
    }
    await withContext(async (ctx) => {
      await addOwner(ctx, guild, 'Night Owls');
      await addOwner(ctx, user, 'Robin');
      const board = (input: Omit<BoardInput, 'ownerId'>, ownerId = guild) =>
        createBoard(ctx, { ...input, ownerId });
      ladder = await board({ type: 'ELO', name: 'Ladder', teamSize: 2, windowHours: 24 });
      sprint = await board({ type: 'Time', name: 'Sprint', windowHours: 999 });
      open = await board({ type: 'ELO', name: 'Open ladder', windowHours: 0 });
      const mine = await board({ type: 'Highscore', name: 'Mine', windowHours: 24 }, user);
      const p = (name: string) => ({ name, custom: true });

      // Interleaved boards, so oldest first is not one board after the other.
      const first = await submitted(
        ctx,
        ladder,
        { team1: [p('Ali'), p('Bo')], team2: [p('Cy'), p('Di')], winner: 'team1' },
        5,
      );
      const second = await submitted(ctx, sprint, { player: p('Maya Chen'), score: 62_500 }, 3);
      const third = await submitted(
        ctx,
        ladder,
        { team1: [p('Ali'), p('Cy')], team2: [p('Bo'), p('Di')], winner: 'draw' },
        1,
      );
      pending.push(...[first, second, third].map(formatHandle));
      await ctx.repos.reviewMessages.posted(first, channelId, messageId, new Date());
      applied = formatHandle(
        await submitted(ctx, open, { team1: [p('Ali')], team2: [p('Bo')], winner: 'team2' }, 2),
      );
      const own = await submitted(ctx, mine, { player: p('Robin'), score: 4200 }, 2);
      await ctx.repos.reviewMessages.posted(own, dmChannelId, dmMessageId, new Date());
      personal = formatHandle(own);
    });
  }, TEST_TIMEOUT_MS);
  afterAll(() => cleanup?.());

  const tally = (args: string[]): Promise<Run> => runTally(databaseUrl, args, CALL_TIMEOUT_MS);

  async function listed(args: string[]): Promise<PendingJson[]> {
    const run = await tally(['review', 'list', ...args, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trimEnd().split('\n'), 'one line of output').toHaveLength(1);
    // The envelope every CLI list prints (`key list --json` too): { "data": [...] }.
    const parsed = JSON.parse(run.stdout) as { data: PendingJson[] };
    expect(Object.keys(parsed)).toEqual(['data']);
    expect(Array.isArray(parsed.data)).toBe(true);
    return parsed.data;
  }

  it(
    'GIVEN pending submissions on two boards THEN --json lists them oldest first with stable keys, summaries, expiry and the review message link',
    async () => {
      const items = await listed([guild]);
      expect(items.map((i) => i.handle)).toEqual(pending);
      for (const item of items) expect(Object.keys(item).sort()).toEqual(KEYS);
      expect(items.map((i) => i.handle)).not.toContain(applied);
      expect(items.map((i) => i.handle)).not.toContain(personal);
      const [first, second, third] = items;
      expect(first).toMatchObject({
        board: ladder.id,
        board_name: 'Ladder',
        kind: 'match',
        summary: 'Ali, Bo beat Cy, Di',
        submitted_by: 'api',
        message_url: `https://discord.com/channels/${guildId}/${channelId}/${messageId}`,
      });
      expect(first!.age_seconds).toBeGreaterThanOrEqual(5 * 3600 - 60);
      expect(first!.age_seconds).toBeLessThan(5 * 3600 + 120);
      // 24-hour window from the submission: it runs out 19 hours from now.
      const expires = Date.parse(first!.expires_at!) - Date.now();
      expect(expires).toBeGreaterThan(18 * HOUR_MS);
      expect(expires).toBeLessThan(20 * HOUR_MS);
      expect(second).toMatchObject({
        board: sprint.id,
        kind: 'score',
        summary: 'Maya Chen 1:02.500',
        expires_at: null,
        message_url: null,
      });
      expect(third).toMatchObject({ summary: 'Ali, Cy drew with Bo, Di', message_url: null });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'GIVEN --board THEN only that board is listed; a DM board links to @me',
    async () => {
      const items = await listed([guild, '--board', ladder.id]);
      expect(items.map((i) => i.handle)).toEqual([pending[0], pending[2]]);
      const [own] = await listed([user]);
      expect(own).toMatchObject({
        handle: personal,
        summary: 'Robin 4200',
        message_url: `https://discord.com/channels/@me/${dmChannelId}/${dmMessageId}`,
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'GIVEN no --json THEN a table: a header, one row per submission oldest first, never for no expiry, the link',
    async () => {
      const run = await tally(['review', 'list', guild]);
      expect(run.code, run.stderr).toBe(0);
      const [header, ...rows] = run.stdout.trimEnd().split('\n');
      expect(header).toMatch(/^HANDLE\s+BOARD\s+KIND\s+WHAT\s+BY\s+AGE\s+EXPIRES\s+MESSAGE$/);
      expect(rows).toHaveLength(3);
      expect(rows.map((r) => r.split(/\s+/)[0])).toEqual(pending);
      expect(rows[0]).toContain('Ali, Bo beat Cy, Di');
      expect(rows[0]).toMatch(/\b5h 0\dm\b/);
      expect(rows[0]).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      expect(rows[0]).toContain(
        `https://discord.com/channels/${guildId}/${channelId}/${messageId}`,
      );
      expect(rows[1]).toMatch(/Maya Chen 1:02\.500\s+api\s+3h 0\dm\s+never\s+—$/);
      // Every column starts where its header does.
      const at = header!.indexOf('KIND');
      for (const row of rows) expect(row.slice(at, at + 5)).toMatch(/^(match|score)/);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'GIVEN an unknown owner or board THEN it is refused with exit code 1; a board with nothing pending says so',
    async () => {
      const noOwner = await tally(['review', 'list', `guild:${nextSnowflake()}`]);
      expect(noOwner.code).toBe(1);
      expect(noOwner.stdout).toBe('');
      expect(noOwner.stderr).toMatch(/no owner guild:\d+/);
      const noBoard = await tally(['review', 'list', guild, '--board', 'board_999999']);
      expect(noBoard.code).toBe(1);
      expect(noBoard.stderr).toMatch(/No board "board_999999"/);
      const empty = await tally(['review', 'list', guild, '--board', open.id]);
      expect(empty.code, empty.stderr).toBe(0);
      expect(empty.stdout.trim()).toBe(
        `Nothing is waiting for review on ${guild} board ${open.id}.`,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'GIVEN more pending than the bound THEN the queue lists the oldest and says how many more',
    async () => {
      const queue = await withContext((ctx) => reviewQueue(ctx, { ownerId: guild, limit: 2 }));
      expect(queue.items.map((i) => i.handle)).toEqual(pending.slice(0, 2));
      expect(queue.more).toBe(1);
    },
    TEST_TIMEOUT_MS,
  );
});
