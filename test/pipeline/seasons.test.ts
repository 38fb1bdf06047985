import { In } from 'typeorm';
import { afterEach, describe, expect, it } from 'vitest';
import { EntryHistoryEntity } from '../../entities/entry-history';
import { formatHandle } from '../../src/domain/ids';
import { setDecay } from '../../src/pipeline/decay';
import { review } from '../../src/pipeline/review';
import { JOBS } from '../../src/pipeline/jobs';
import { Scheduler } from '../../src/pipeline/scheduler';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { standingsPage } from '../../src/pipeline/standings';
import { backendName } from '../support/backends';
import { customPlayer, startPipeline, type TestPipeline } from '../support/pipeline';

/**
 * Seasons on the scheduler under a moved clock: a season ends once at its time, archives its
 * final standings with ranks, resets by its policy, and the boundary rules of
 * src/domain/season.ts decide which season a result counts in, whichever path gets there first.
 */
const DAY = 86_400_000;
type Player = ReturnType<typeof customPlayer>;
const [ann, bo, cy, di] = ['Ann', 'Bo', 'Cy', 'Di'].map(customPlayer) as [
  Player,
  Player,
  Player,
  Player,
];

describe(`seasons (${backendName})`, () => {
  let p: TestPipeline | undefined;
  afterEach(async () => {
    await p?.close();
    p = undefined;
  });

  const later = (days: number) => new Date(p!.ctx.now().getTime() + days * DAY);
  const play = async (
    board: Parameters<TestPipeline['submitMatch']>[0],
    won: object,
    lost: object,
  ) => {
    const handle = await p!.submitMatch(board, { team1: [won], team2: [lost], winner: 'team1' });
    await p!.worker.runOnce();
    return handle;
  };
  const current = async (board: Parameters<TestPipeline['entries']>[0]) =>
    (await standingsPage(p!.ctx, board, { limit: 50 })).entries.map((e) => ({
      name: e.playerName,
      elo: e.elo,
      wld: [e.wins, e.draws, e.losses],
    }));
  const archived = async (boardPk: number, number: number) => {
    const season = await p!.ctx.repos.seasons.byNumber(boardPk, number);
    const rows = await p!.ctx.repos.seasons.standings(season!.pk, 0, 50);
    return rows.map((r) => [r.rank, r.playerName, r.value, r.wins, r.draws, r.losses]);
  };

  it('GIVEN a 7-day season with a soft reset WHEN the clock passes its end THEN one step archives the final standings, moves ratings halfway back and records why', async () => {
    p = await startPipeline();
    const { ctx } = p;
    const board = await p.board({ type: 'ELO', windowHours: 0 });
    await play(board, ann, bo); // Ann 1016, Bo 984
    const { season } = await startSeason(ctx, board.ownerId, board.id, {
      name: 'Winter',
      days: 7,
      reset: 'soft',
      softPercent: 50,
    });
    await play(board, ann, cy); // Ann 1031 (+15 against 1000), Cy 985
    await play(board, di, bo); // Di 1015 (+15 against 984), Bo 969
    const scheduler = new Scheduler(ctx, JOBS);
    p.setNow(later(6.9));
    expect(await scheduler.tick()).toBe(0);
    p.setNow(later(0.2)); // day 7.1
    expect(await scheduler.tick()).toBe(1);
    expect(await scheduler.tick()).toBe(0);

    const ended = await ctx.repos.seasons.byPk(season.pk);
    expect(ended?.endedAt).toEqual(season.endsAt);
    expect(await archived(board.pk, 1)).toEqual([
      [1, 'Ann', 1031, 2, 0, 0],
      [2, 'Di', 1015, 1, 0, 0],
      [3, 'Cy', 985, 0, 0, 1],
      [4, 'Bo', 969, 0, 0, 2],
    ]);
    // The API reads the fresh season: halfway back to 1000, records at zero.
    expect(await current(board)).toEqual([
      { name: 'Ann', elo: 1016, wld: [0, 0, 0] },
      { name: 'Di', elo: 1008, wld: [0, 0, 0] },
      { name: 'Cy', elo: 992, wld: [0, 0, 0] }, // 1000 − 7.5 → 992 (half away from zero)
      { name: 'Bo', elo: 984, wld: [0, 0, 0] }, // 1000 − 15.5 → 984
    ]);
    const changes = await ctx.repos.db.run((m) =>
      m.find(EntryHistoryEntity, {
        where: { boardPk: board.pk, kind: In(['decay', 'season']) },
        order: { playerId: 'ASC' },
      }),
    );
    expect(changes.map((c) => [c.playerId, c.delta, c.at])).toEqual([
      ['custom:Ann', -15, season.endsAt],
      ['custom:Bo', 15, season.endsAt],
      ['custom:Cy', 7, season.endsAt],
      ['custom:Di', -7, season.endsAt],
    ]);
    expect(changes[0]?.cause).toBe('Season 1 “Winter” ended: 50% back toward 1000');
    // Not repeating: nothing is open and nothing more is planned.
    expect(await ctx.repos.seasons.open(board.pk)).toBeNull();
    expect(await ctx.repos.schedules.get('season-end', `board:${board.pk}`)).toBeNull();
  });

  it('GIVEN each reset policy THEN hard empties, keep holds ratings with records reset, and a score board always starts again; tied players share a rank in the archive', async () => {
    p = await startPipeline();
    const { ctx } = p;
    const run = async (type: 'ELO' | 'Highscore', reset?: 'hard' | 'keep') => {
      const board = await p!.board({ type, windowHours: 0 });
      if (type === 'ELO') {
        await play(board, ann, bo);
        await play(board, cy, di); // Ann and Cy tie at 1016, Bo and Di at 984
      } else {
        for (const [who, score] of [
          [ann, 50],
          [bo, 70],
          [cy, 50],
        ] as const) {
          await p!.submitScore(board, who, score);
        }
        await p!.worker.runOnce();
      }
      await startSeason(ctx, board.ownerId, board.id, reset ? { reset } : {});
      const { closed } = await endSeason(ctx, board.ownerId, board.id);
      expect(closed).toBe(true);
      return board;
    };
    const hard = await run('ELO', 'hard');
    expect(await archived(hard.pk, 1)).toEqual([
      [1, 'Ann', 1016, 1, 0, 0],
      [1, 'Cy', 1016, 1, 0, 0],
      [3, 'Bo', 984, 0, 0, 1],
      [3, 'Di', 984, 0, 0, 1],
    ]);
    expect(await current(hard)).toEqual([]);
    const keep = await run('ELO', 'keep');
    expect(await current(keep)).toEqual([
      { name: 'Ann', elo: 1016, wld: [0, 0, 0] },
      { name: 'Cy', elo: 1016, wld: [0, 0, 0] },
      { name: 'Bo', elo: 984, wld: [0, 0, 0] },
      { name: 'Di', elo: 984, wld: [0, 0, 0] },
    ]);
    const scores = await run('Highscore');
    expect((await archived(scores.pk, 1)).map((r) => r.slice(0, 3))).toEqual([
      [1, 'Bo', 70],
      [2, 'Ann', 50],
      [2, 'Cy', 50],
    ]);
    expect(await current(scores)).toEqual([]);
    // The ranks still read from the counters on the emptied board: a new score is rank 1.
    await p.submitScore(scores, di, 10);
    await p.worker.runOnce();
    expect((await standingsPage(ctx, scores, { limit: 5 })).entries.map((e) => e.rank)).toEqual([
      1,
    ]);
    await expect(startSeason(ctx, scores.ownerId, scores.id, { reset: 'soft' })).rejects.toThrow(
      'only ELO ratings can be kept or softly reset',
    );
  });

  it('GIVEN results around the end THEN queued before it counts in the old season, queued after it in the new one, and a review decided after it in the new one with its snapshot (spec 1.6)', async () => {
    p = await startPipeline();
    const { ctx } = p;
    const board = await p.board({ type: 'ELO', windowHours: 0 });
    const reviewed = await p.board({ type: 'ELO', windowHours: 999 });
    for (const b of [board, reviewed]) {
      await startSeason(ctx, b.ownerId, b.id, { days: 7, reset: 'hard' });
    }
    // Reviewed board: Ann beats Bo (approved in season 1); then Bo beats Ann, still pending at the end.
    const first = await play(reviewed, ann, bo);
    await review(ctx, formatHandle(first.submission.id), 'approve', 'mod', 'operator');
    p.setNow(later(6));
    const pending = await play(reviewed, bo, ann); // snapshot: Bo 984, Ann 1016

    // Board: queued a minute before the end, recorded only after it (no worker meanwhile).
    p.setNow(later(1 - 1 / 1440));
    await p.submitMatch(board, { team1: [ann], team2: [bo], winner: 'team1' });
    p.setNow(later(2 / 1440)); // a minute past the end
    const scheduler = new Scheduler(ctx, JOBS);
    await scheduler.tick(); // the board's end waits for its queued result; the other closes
    expect((await ctx.repos.seasons.open(board.pk))?.number).toBe(1);
    expect(await ctx.repos.seasons.open(reviewed.pk)).toBeNull();
    await p.worker.runOnce();
    await scheduler.tick();
    expect(await ctx.repos.seasons.open(board.pk)).toBeNull();
    expect(await archived(board.pk, 1)).toEqual([
      [1, 'Ann', 1016, 1, 0, 0],
      [2, 'Bo', 984, 0, 0, 1],
    ]);

    // Queued after the end, before any scheduler pass: the worker closes the season first.
    const other = await p.board({ type: 'ELO', windowHours: 0 });
    await startSeason(ctx, other.ownerId, other.id, { days: 1, reset: 'hard' });
    await play(other, ann, bo);
    p.setNow(later(1.5));
    await play(other, cy, di);
    expect(await archived(other.pk, 1)).toEqual([
      [1, 'Ann', 1016, 1, 0, 0],
      [2, 'Bo', 984, 0, 0, 1],
    ]);
    expect((await current(other)).map((e) => e.name)).toEqual(['Cy', 'Di']);

    // The pending review, approved in the new season: counts there, from its snapshot.
    await review(ctx, formatHandle(pending.submission.id), 'approve', 'mod', 'operator');
    expect(await archived(reviewed.pk, 1)).toEqual([
      [1, 'Ann', 1016, 1, 0, 0],
      [2, 'Bo', 984, 0, 0, 1],
    ]);
    // Bo (984) beat Ann (1016): E = 1/(1+10^(32/400)) = 0.4541, delta = round(32·0.5459) = 17,
    // added to the reset ratings (1000), not recomputed from them.
    expect(await current(reviewed)).toEqual([
      { name: 'Bo', elo: 1017, wld: [1, 0, 0] },
      { name: 'Ann', elo: 983, wld: [0, 0, 1] },
    ]);
  });

  it('GIVEN a repeating 1-day season and three days of downtime THEN each end is taken once, in order, by whichever of two schedulers gets it, and the fourth season runs', async () => {
    p = await startPipeline();
    const { ctx } = p;
    const board = await p.board({ type: 'Highscore', windowHours: 0 });
    const t0 = ctx.now();
    await startSeason(ctx, board.ownerId, board.id, { days: 1, repeat: true });
    await p.submitScore(board, ann, 10);
    await p.worker.runOnce();
    p.setNow(new Date(t0.getTime() + 3.5 * DAY));
    const a = new Scheduler(ctx, JOBS);
    const b = new Scheduler(ctx, JOBS);
    let steps = 0;
    for (let i = 0; i < 4; i++) steps += (await a.tick()) + (await b.tick());
    expect(steps).toBe(3); // three season ends (nothing planned the expiry sweep here)
    const open = await ctx.repos.seasons.open(board.pk);
    expect(open).toMatchObject({ number: 4, name: 'Season 4', repeat: true });
    expect(open?.startedAt).toEqual(new Date(t0.getTime() + 3 * DAY));
    expect(open?.endsAt).toEqual(new Date(t0.getTime() + 4 * DAY));
    expect(await archived(board.pk, 1)).toEqual([[1, 'Ann', 10, null, null, null]]);
    expect(await archived(board.pk, 2)).toEqual([]);
    expect((await ctx.repos.schedules.get('season-end', `board:${board.pk}`))?.dueAt).toEqual(
      open?.endsAt,
    );
  });

  it('GIVEN an ended season still waiting for a result queued before its end THEN an approval, the end and /season end wait for it', async () => {
    p = await startPipeline();
    const { ctx } = p;
    const board = await p.board({ type: 'ELO', windowHours: 999 });
    await startSeason(ctx, board.ownerId, board.id, { days: 1, reset: 'keep', repeat: true });
    const pending = await play(board, ann, bo); // pending review
    p.setNow(later(1 - 1 / 1440)); // a minute before the end a result is queued; no worker runs
    await p.submitMatch(board, { team1: [cy], team2: [di], winner: 'team1' });
    p.setNow(later(0.5));
    await expect(
      review(ctx, formatHandle(pending.submission.id), 'approve', 'mod', 'operator'),
    ).rejects.toMatchObject({ code: 'board_locked' });
    const scheduler = new Scheduler(ctx, JOBS);
    await scheduler.tick();
    expect((await ctx.repos.seasons.open(board.pk))?.number).toBe(1); // the end waits
    // /season end on the overdue season keeps its end and its series.
    const ended = await endSeason(ctx, board.ownerId, board.id);
    expect(ended).toMatchObject({ closed: false, season: { repeat: true } });
    expect(ended.season.endsAt).toEqual((await ctx.repos.seasons.byNumber(board.pk, 1))!.endsAt);

    await p.worker.runOnce(); // Cy–Di recorded (pending, snapshotted in season 1)
    await scheduler.tick();
    expect((await ctx.repos.seasons.open(board.pk))?.number).toBe(2);
    await review(ctx, formatHandle(pending.submission.id), 'approve', 'mod', 'operator');
    expect(await archived(board.pk, 1)).toEqual([]);
    expect((await current(board)).map((e) => e.name)).toEqual(['Ann', 'Bo']);
  });

  it('GIVEN decay steps due before an end that closed first THEN they are skipped, and the step at the end decays the new season', async () => {
    p = await startPipeline();
    const { ctx } = p;
    const board = await p.board({ type: 'ELO', windowHours: 0 });
    await play(board, ann, bo); // at day 0
    await startSeason(ctx, board.ownerId, board.id, { days: 2, reset: 'keep', repeat: true });
    await setDecay(ctx, board.ownerId, board.id, {
      amount: 5,
      afterDays: 1,
      everyHours: 12,
      floor: 0,
    });
    const t0 = ctx.now();
    p.setNow(later(2.2)); // steps at 0.5 … 2.0 are due; none ran
    await play(board, cy, di); // the worker closes season 1 (at day 2) first
    expect(await archived(board.pk, 1)).toEqual([
      [1, 'Ann', 1016, 1, 0, 0],
      [2, 'Bo', 984, 0, 0, 1],
    ]);
    await new Scheduler(ctx, JOBS).tick();
    const changes = await ctx.repos.db.run((m) =>
      m.find(EntryHistoryEntity, {
        where: { boardPk: board.pk, kind: In(['decay', 'season']) },
        order: { playerId: 'ASC' },
      }),
    );
    const days = (d: Date) => (d.getTime() - t0.getTime()) / DAY;
    expect(changes.map((c) => [c.playerId, days(c.at), c.delta])).toEqual([
      ['custom:Ann', 2, -5],
      ['custom:Bo', 2, -5],
    ]);
  });

  it('GIVEN /season start and end misused THEN each refusal says why and nothing changes', async () => {
    p = await startPipeline();
    const { ctx } = p;
    const board = await p.board({ type: 'ELO', windowHours: 0 });
    await expect(endSeason(ctx, board.ownerId, board.id)).rejects.toThrow(
      `${board.id} has no season running; start one with /season start (or tally season start)`,
    );
    await expect(startSeason(ctx, board.ownerId, board.id, { repeat: true })).rejects.toThrow(
      'a repeating season needs a length or an end date',
    );
    await expect(startSeason(ctx, board.ownerId, board.id, { endsAt: later(-1) })).rejects.toThrow(
      'the end must be in the future and within ten years',
    );
    await startSeason(ctx, board.ownerId, board.id, { name: 'Spring', days: 30 });
    await expect(startSeason(ctx, board.ownerId, board.id, {})).rejects.toThrow(
      'Season 1 is running until 2026-12-01 12:00 UTC; end it first (/season end, or tally season end)',
    );
    expect(await ctx.repos.seasons.latest(board.pk)).toMatchObject({ number: 1, name: 'Spring' });
  });
});
