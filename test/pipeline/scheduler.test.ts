import { In } from 'typeorm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ScheduledJobEntity } from '../../entities/schedule';
import { loadConfig } from '../../src/config';
import type { Context } from '../../src/pipeline/context';
import { EXPIRY_EVERY_MS, expiryJob } from '../../src/pipeline/expiry';
import { Scheduler } from '../../src/pipeline/scheduler';
import { LocalSignals } from '../../src/pipeline/signals';
import { openDatabase } from '../../src/store/data-source';
import { Database } from '../../src/store/database';
import { createRepositories } from '../../src/store/repositories';
import {
  backendName,
  createTestDatabase,
  mysqlServerUrl,
  sqliteFileUrl,
} from '../support/backends';
import { customPlayer, startPipeline } from '../support/pipeline';
import { EntryHistoryEntity } from '../../entities/entry-history';
import { parseMatchWrite } from '../../src/domain/write-request';
import { createBoard } from '../../src/pipeline/boards';
import { OfflineChat } from '../../src/pipeline/chat-port';
import { setDecay } from '../../src/pipeline/decay';
import { enqueueWrite } from '../../src/pipeline/enqueue';
import { addOwner } from '../../src/pipeline/owners';
import { startSeason } from '../../src/pipeline/seasons';
import { standingsPage } from '../../src/pipeline/standings';
import { Worker } from '../../src/pipeline/worker';
import { at, dailyJob, T0 } from '../support/scheduled-job';
import { childScript } from '../support/child-script';
import { within } from '../support/serve';

/**
 * The one scheduler: each step of a job is taken exactly once, whichever of several processes
 * polls, in due order after downtime, and a step whose work fails is taken again, not skipped.
 * Two "processes" are two contexts with connections of their own on one database (a file on
 * SQLite); each has its own clock, moved by the test.
 */
describe(`scheduler (${backendName})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  /** The database the last `processes` call opened, for the spawned ones. */
  const urlOf = { current: '' };
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** `n` processes on one fresh database, each with a clock of its own at `start`. */
  async function processes(n: number, start: Date) {
    let url: string;
    if (mysqlServerUrl) {
      const db = await createTestDatabase();
      cleanups.push(() => db.drop());
      url = db.url;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'tally-scheduler-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      url = sqliteFileUrl(dir);
    }
    const opened = [];
    for (let i = 0; i < n; i++) {
      const config = loadConfig({ DATABASE_URL: url, PUBLIC_URL: 'http://tally.test' });
      const db = new Database(await openDatabase(config.database));
      cleanups.push(() => db.close());
      let now = start;
      const ctx: Context = {
        config,
        repos: createRepositories(db),
        now: () => now,
        signals: new LocalSignals(),
      };
      opened.push({ ctx, setNow: (d: Date) => (now = d) });
    }
    urlOf.current = url;
    return opened;
  }

  /** The steps taken so far, as the due times they ran for, in order. */
  async function effects(ctx: Context): Promise<string[]> {
    const rows = await ctx.repos.db.run((m) =>
      m.find(ScheduledJobEntity, { where: { kind: 'test-effect' } }),
    );
    return rows.map((r) => r.subject.replace(/#.*$/, '')).sort();
  }
  /**
   * `n` scheduler processes (test/support/scheduler-process.ts) on `args`, ticking from one
   * moment: each says when it is ready, and all are told to go once all are, so their passes
   * overlap however slowly each started. Resolves with the steps each took.
   */
  async function together(n: number, args: string[]): Promise<number[]> {
    const started = Array.from({ length: n }, () => schedulerProcess(args));
    try {
      await within(
        60_000,
        'the scheduler processes to start',
        Promise.all(started.map((p) => p.ready)),
      );
      for (const p of started) p.go();
      return await within(
        120_000,
        'the scheduler processes to finish',
        Promise.all(started.map((p) => p.taken)),
      );
    } finally {
      for (const p of started) p.kill();
    }
  }

  const expected = (subject: string, days: number[]) =>
    days.map((d) => `${subject}@${at(d).toISOString()}`);

  it('GIVEN downtime across three due steps THEN one pass takes each missed step once, in order, for its own due time', async () => {
    const [p] = await processes(1, T0);
    await p!.ctx.repos.schedules.plan('test-daily', 'board:1', T0);
    const scheduler = new Scheduler(p!.ctx, [dailyJob()]);
    p!.setNow(at(3.5));
    expect(await scheduler.tick()).toBe(4);
    expect(await effects(p!.ctx)).toEqual(expected('board:1', [0, 1, 2, 3]));
    expect((await p!.ctx.repos.schedules.get('test-daily', 'board:1'))?.dueAt).toEqual(at(4));
    expect(await scheduler.tick()).toBe(0);
    p!.setNow(at(4));
    expect(await scheduler.tick()).toBe(1);
  });

  it('GIVEN a step whose work fails THEN it rolls back with the step and is taken again after a restart; none is doubled', async () => {
    const [p] = await processes(1, at(5.5));
    await p!.ctx.repos.schedules.plan('test-daily', 'board:2', T0);
    let broken = true;
    const first = new Scheduler(p!.ctx, [dailyJob((d) => broken && d >= at(3))]);
    expect(await first.tick()).toBe(3); // days 0, 1, 2; day 3 fails
    expect(await effects(p!.ctx)).toEqual(expected('board:2', [0, 1, 2]));
    broken = false;
    // A restart: a new scheduler (as a new process would have) picks up at day 3.
    const second = new Scheduler(p!.ctx, [dailyJob()]);
    expect(await second.tick()).toBe(3);
    expect(await effects(p!.ctx)).toEqual(expected('board:2', [0, 1, 2, 3, 4, 5]));
  });

  it('GIVEN two processes polling at once THEN every step is taken exactly once', async () => {
    const [a] = await processes(1, T0);
    for (let board = 1; board <= 5; board++) {
      await a!.ctx.repos.schedules.plan('test-daily', `board:${board}`, T0);
    }
    const taken = await together(2, [urlOf.current, '30']);
    const all = await effects(a!.ctx);
    expect(all).toHaveLength(5 * 30);
    expect(new Set(all).size).toBe(5 * 30);
    expect(taken[0]! + taken[1]!).toBe(5 * 30);
  });

  it('GIVEN two processes running Tally’s own jobs for a month THEN every season end and decay step happens once', async () => {
    const [a] = await processes(1, T0);
    const ctx = a!.ctx;
    const worker = new Worker(ctx, new OfflineChat(), ctx.signals);
    const ownerId = (await addOwner(ctx, 'guild:424242424242424242')).id;
    const boards = [];
    for (let i = 0; i < 3; i++) {
      const board = await createBoard(ctx, { ownerId, type: 'ELO', windowHours: 0 });
      const write = parseMatchWrite(
        { team1: [customPlayer('Ann')], team2: [customPlayer('Bo')], winner: 'team1' },
        { ...board, ownerKind: 'guild' },
      );
      await enqueueWrite(ctx, board, write, 'api');
      await worker.runOnce(); // Ann 1016, Bo 984, last played at T0
      // Daily seasons that keep ratings, and a point of decay a day after a day without play.
      await startSeason(ctx, ownerId, board.id, { days: 1, repeat: true, reset: 'keep' });
      await setDecay(ctx, ownerId, board.id, { amount: 1, afterDays: 1, everyHours: 24, floor: 0 });
      boards.push(board);
    }
    const taken = await together(2, [urlOf.current, '30', 'real']);
    // Per board: season ends at days 1 … 30 (the last tick is at day 29.875: 29 of them) and
    // decay steps at days 1 … 29. Nothing planned the expiry sweep here.
    expect(taken[0]! + taken[1]!).toBe(3 * (29 + 29));
    for (const board of boards) {
      expect((await ctx.repos.seasons.open(board.pk))?.number).toBe(30);
      expect(await ctx.repos.seasons.ended(board.pk, 1000, 100)).toHaveLength(29);
      const changes = await ctx.repos.db.run((m) =>
        m.find(EntryHistoryEntity, { where: { boardPk: board.pk, kind: In(['decay', 'season']) } }),
      );
      const steps = changes.map((c) => `${c.playerId}@${c.at.toISOString()}`);
      expect(new Set(steps).size).toBe(steps.length);
      expect(steps).toHaveLength(2 * 29);
      const standings = await standingsPage(ctx, board, { limit: 5 });
      expect(standings.entries.map((e) => e.elo)).toEqual([1016 - 29, 984 - 29]);
    }
  });
});

/** One scheduler process: ready once it opened the database; `go` starts its ticks. */
function schedulerProcess(args: string[]) {
  const child = childScript('test/support/scheduler-process.ts', args, Number);
  return { ...child, taken: child.result };
}

describe(`validation-window expiry on the scheduler (${backendName})`, () => {
  it('GIVEN an overdue submission and a missed sweep THEN one pass expires it once and plans the next sweep from now', async () => {
    const p = await startPipeline();
    try {
      const { ctx } = p;
      const board = await p.board({ type: 'ELO', windowHours: 1 });
      const { submission } = await p.submitMatch(board, {
        team1: [customPlayer('Ann')],
        team2: [customPlayer('Bo')],
        winner: 'team1',
      });
      await p.worker.runOnce();
      expect(await p.status(submission.id)).toBe('pending_review');
      await ctx.repos.schedules.plan(expiryJob.kind, 'all', ctx.now());
      const scheduler = new Scheduler(ctx, [expiryJob]);
      p.setNow(new Date(ctx.now().getTime() + 2 * 3_600_000)); // the window ran out an hour ago
      expect(await scheduler.tick()).toBe(1);
      expect(await ctx.repos.submissions.byId(submission.id)).toMatchObject({
        status: 'rejected',
        failureReason: 'the validation window ran out with no decision',
      });
      expect((await ctx.repos.schedules.get(expiryJob.kind, 'all'))?.dueAt).toEqual(
        new Date(ctx.now().getTime() + EXPIRY_EVERY_MS),
      );
      expect(await scheduler.tick()).toBe(0);
    } finally {
      await p.close();
    }
  });
});
