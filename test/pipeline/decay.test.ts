import { In } from 'typeorm';
import { afterEach, describe, expect, it } from 'vitest';
import { EntryHistoryEntity } from '../../entities/entry-history';
import { setDecay } from '../../src/pipeline/decay';
import { describeDecay } from '../../src/domain/decay';
import { putRankRole } from '../../src/pipeline/rank-roles';
import { standingsPage } from '../../src/pipeline/standings';
import { JOBS } from '../../src/pipeline/jobs';
import { Scheduler } from '../../src/pipeline/scheduler';
import { backendName } from '../support/backends';
import { customPlayer, startPipeline, type TestPipeline } from '../support/pipeline';

/**
 * Inactivity decay on the scheduler: a month of daily steps under a moved clock, with the
 * scheduler replaced halfway (a restart), takes each step once; only players inactive at a
 * step's due time lose rating, never below the floor, and every loss is recorded with its cause.
 */
const DAY = 86_400_000;

describe(`inactivity decay (${backendName})`, () => {
  let p: TestPipeline | undefined;
  afterEach(async () => {
    await p?.close();
    p = undefined;
  });

  it('GIVEN a month of daily steps and a restart in the middle THEN each step applies once, to inactive players only, down to the floor', async () => {
    p = await startPipeline();
    const { ctx } = p;
    const t0 = ctx.now();
    const at = (days: number) => new Date(t0.getTime() + days * DAY);
    const board = await p.board({ type: 'ELO', windowHours: 0 });
    const [ann, bo, cy, di] = ['Ann', 'Bo', 'Cy', 'Di'].map(customPlayer);
    const play = async (won: object, lost: object) => {
      await p!.submitMatch(board, { team1: [won], team2: [lost], winner: 'team1' });
      await p!.worker.runOnce();
    };
    await play(ann!, bo!); // Ann 1016, Bo 984, both last played at day 0
    await setDecay(ctx, board.ownerId, board.id, {
      amount: 10,
      afterDays: 7,
      everyHours: 24,
      floor: 990,
    });

    let scheduler = new Scheduler(ctx, JOBS);
    let steps = 0;
    for (let day = 1; day <= 30; day++) {
      p.setNow(at(day + 0.25));
      if (day === 10) await play(cy!, di!); // Cy and Di arrive at day 10.25 and stay idle
      if (day === 15) scheduler = new Scheduler(ctx, JOBS); // a restart: a fresh scheduler
      steps += await scheduler.tick();
    }
    // One decay step a day from day 1; nothing planned the expiry sweep here.
    expect(steps).toBe(30);

    const elo = async () =>
      Object.fromEntries(
        (await standingsPage(ctx, board, { limit: 10 })).entries.map((e) => [e.playerName, e.elo]),
      );
    // Ann: inactive from day 7: 1016 → 1006 → 996 → 990 (the floor). Bo starts under the floor.
    // Cy (1016) and Di (984) played at day 10.25: inactive from day 18 (steps at 18, 19, 20 …).
    expect(await elo()).toEqual({ Ann: 990, Cy: 990, Bo: 984, Di: 984 });

    const changes = await ctx.repos.db.run((m) =>
      m.find(EntryHistoryEntity, {
        where: { boardPk: board.pk, kind: In(['decay', 'season']) },
        order: { at: 'ASC', pk: 'ASC' },
      }),
    );
    const days = (d: Date) => (d.getTime() - t0.getTime()) / DAY;
    expect(changes.map((c) => [c.playerId, days(c.at), c.delta])).toEqual([
      ['custom:Ann', 7, -10],
      ['custom:Ann', 8, -10],
      ['custom:Ann', 9, -6],
      ['custom:Cy', 18, -10],
      ['custom:Cy', 19, -10],
      ['custom:Cy', 20, -6],
    ]);
    expect(new Set(changes.map((c) => c.cause))).toEqual(new Set(['decay: no result for 7+ days']));
    // The rank counters moved with the ratings: ranks read the same as the order.
    expect((await standingsPage(ctx, board, { limit: 10 })).entries.map((e) => e.rank)).toEqual([
      1, 1, 3, 3,
    ]);
  });

  it('GIVEN a role floor THEN decay stops at the threshold of the rating rank role a player has reached', async () => {
    p = await startPipeline();
    const { ctx } = p;
    const board = await p.board({ type: 'ELO', windowHours: 0 });
    await p.submitMatch(board, {
      team1: [customPlayer('Ann')],
      team2: [customPlayer('Bo')],
      winner: 'team1',
    });
    await p.worker.runOnce(); // Ann 1016, Bo 984
    await putRankRole(ctx, board.ownerId, board.id, {
      roleId: '100000000000000001',
      kind: 'value',
      threshold: 1010,
    });
    const set = await setDecay(ctx, board.ownerId, board.id, {
      amount: 4,
      afterDays: 1,
      everyHours: 24,
      floor: 900,
      roleFloor: true,
    });
    expect(describeDecay(set!.rule)).toBe(
      '4 points every 24 h after 1 days without a result, not below 900 nor below the rank role a rating has reached',
    );
    const scheduler = new Scheduler(ctx, JOBS);
    p.setNow(new Date(ctx.now().getTime() + 5.5 * DAY));
    await scheduler.tick();
    // Steps at days 1 … 5: Ann 1016 → 1012 → 1010 (the role's threshold) and stays; Bo has no
    // role to keep: 984 → 964.
    const elo = (await standingsPage(ctx, board, { limit: 5 })).entries.map((e) => e.elo);
    expect(elo).toEqual([1010, 964]);
  });

  it('GIVEN decay turned off, or asked of a non-ELO board THEN no step is planned and the refusal says why', async () => {
    p = await startPipeline();
    const { ctx } = p;
    const board = await p.board({ type: 'ELO', windowHours: 0 });
    const on = await setDecay(ctx, board.ownerId, board.id, {
      amount: 5,
      afterDays: 1,
      everyHours: 1,
    });
    expect((await ctx.repos.schedules.get('decay', `board:${board.pk}`))?.dueAt).toEqual(on!.next);
    // A changed rule keeps when inactivity began counting and the step already planned.
    p.setNow(new Date(ctx.now().getTime() + 30 * 60_000));
    const edited = await setDecay(ctx, board.ownerId, board.id, {
      amount: 5,
      afterDays: 1,
      everyHours: 6,
      floor: 900,
    });
    expect(edited).toMatchObject({ changed: true, next: on!.next });
    expect(edited!.rule.since).toEqual(on!.rule.since);
    await setDecay(ctx, board.ownerId, board.id, null);
    expect(await ctx.repos.schedules.get('decay', `board:${board.pk}`)).toBeNull();
    expect(await ctx.repos.decay.rule(board.pk)).toBeNull();

    const scores = await p.board({ type: 'Highscore', windowHours: 0 });
    await expect(
      setDecay(ctx, scores.ownerId, scores.id, { amount: 5, afterDays: 1, everyHours: 1 }),
    ).rejects.toThrow(`decay applies to ELO boards; ${scores.id} is Highscore`);
    await expect(
      setDecay(ctx, board.ownerId, board.id, {
        amount: 60,
        percent: true,
        afterDays: 1,
        everyHours: 1,
      }),
    ).rejects.toThrow('percent must be a whole number from 1 to 50');
  });
});
