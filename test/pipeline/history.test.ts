import { afterEach, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { EntryHistoryEntity, type EntryHistory } from '../../entities/entry-history';
import { rankedValue } from '../../src/domain/history';
import { formatHandle } from '../../src/domain/ids';
import { setDecay } from '../../src/pipeline/decay';
import { playerProfile, profileChart } from '../../src/pipeline/profile';
import { adjust, review } from '../../src/pipeline/review';
import { JOBS } from '../../src/pipeline/jobs';
import { Scheduler } from '../../src/pipeline/scheduler';
import { startSeason } from '../../src/pipeline/seasons';
import { backendName } from '../support/backends';
import { customPlayer, startPipeline, type TestPipeline } from '../support/pipeline';

/**
 * Entry history (issue 14 item 1): every change of a participant's value, by a result, a
 * moderator's correction, decay or a season's reset, is recorded with its time and cause in the
 * transaction that makes it; the migration backfills the same series from what boards recorded.
 */
const DAY = 86_400_000;
const [ann, bo, cy] = ['Ann', 'Bo', 'Cy'].map(customPlayer) as [object, object, object];

describe(`entry history (${backendName})`, () => {
  let p: TestPipeline | undefined;
  afterEach(async () => {
    await p?.close();
    p = undefined;
  });

  const rows = (board: Board) =>
    p!.ctx.repos.db.run((m) =>
      m.find(EntryHistoryEntity, { where: { boardPk: board.pk }, order: { pk: 'ASC' } }),
    );
  const series = (history: EntryHistory[], playerId: string) =>
    history.filter((h) => h.playerId === playerId).map((h) => [h.kind, h.value, h.delta, h.cause]);
  /** The last value in history is the entry's value, for every player who has one. */
  const agreesWithEntries = async (board: Board) => {
    const history = await rows(board);
    for (const entry of await p!.entries(board)) {
      const last = history.filter((h) => h.playerId === entry.playerId).at(-1);
      expect(last?.value, entry.playerId).toBe(rankedValue(board, entry));
    }
  };

  /** Results, a moderator's adjustment, decay and a soft season reset on one ELO board. */
  async function eloBoardWithEverything() {
    p = await startPipeline();
    const { ctx } = p;
    const t0 = ctx.now();
    const board = await p.board({ type: 'ELO', windowHours: 0 });
    const play = async (won: object, lost: object) => {
      await p!.submitMatch(board, { team1: [won], team2: [lost], winner: 'team1' });
      await p!.worker.runOnce();
    };
    await play(ann, bo); // Ann 1016, Bo 984
    await play(ann, cy); // Ann 1031 (+15), Cy 985
    await setDecay(ctx, board.ownerId, board.id, {
      amount: 10,
      afterDays: 7,
      everyHours: 24,
      floor: 0,
    });
    await startSeason(ctx, board.ownerId, board.id, { days: 30, reset: 'soft', softPercent: 50 });
    const scheduler = new Scheduler(ctx, JOBS);
    for (let day = 1; day <= 8; day++) {
      p.setNow(new Date(t0.getTime() + (day + 0.25) * DAY));
      await scheduler.tick();
    }
    const moderated = await p.board({ type: 'ELO', windowHours: 24, ownerId: board.ownerId });
    return { ctx, board, moderated, scheduler, t0 };
  }

  it('GIVEN results, decay and a soft season end THEN each participant has one row per change with its value after, delta and cause', async () => {
    const { ctx, board, scheduler, t0 } = await eloBoardWithEverything();
    p!.setNow(new Date(t0.getTime() + 30.5 * DAY));
    await scheduler.tick();

    const history = await rows(board);
    // Ann played at day 0: decay from day 7 (steps at 7.25 and 8.25), then every day until the
    // season's end at day 30 moved her halfway back to 1000.
    const ann = series(history, 'custom:Ann');
    expect(ann.slice(0, 4)).toEqual([
      ['match', 1016, null, 'Match #1'],
      ['match', 1031, 15, 'Match #2'],
      ['decay', 1021, -10, 'decay: no result for 7+ days'],
      ['decay', 1011, -10, 'decay: no result for 7+ days'],
    ]);
    const reset = history.filter((h) => h.kind === 'season');
    expect(reset.map((h) => h.cause)).toEqual(
      reset.map(() => 'Season 1 ended: 50% back toward 1000'),
    );
    expect(reset.map((h) => h.at.getTime())).toEqual(
      reset.map(() => t0.getTime() + 30 * DAY + (ctx.now().getTime() - t0.getTime() - 30.5 * DAY)),
    );
    await agreesWithEntries(board);
    // The first value of a player has no delta; every later one is the step from the one before.
    for (const id of ['custom:Ann', 'custom:Bo', 'custom:Cy']) {
      const own = history.filter((h) => h.playerId === id);
      expect(own[0]?.delta).toBeNull();
      own.slice(1).forEach((h, i) => expect(h.delta).toBe(h.value! - own[i]!.value!));
    }
  });

  it('GIVEN a moderator adjusts a result on review THEN its rows say so; a declined one leaves none', async () => {
    p = await startPipeline();
    const board = await p.board({ type: 'ELO', windowHours: 24 });
    const first = await p.submitMatch(board, { team1: [ann], team2: [bo], winner: 'team1' });
    const second = await p.submitMatch(board, { team1: [ann], team2: [cy], winner: 'team1' });
    await p.worker.runOnce();
    await adjust(
      p.ctx,
      formatHandle(first.submission.id),
      { winner: 'team2' },
      'chat:1',
      'operator',
    );
    await review(p.ctx, formatHandle(second.submission.id), 'decline', 'chat:1', 'operator');
    const history = await rows(board);
    expect(history.map((h) => [h.playerId, h.kind, h.ref, h.value, h.cause])).toEqual([
      ['custom:Ann', 'match', 1, 984, 'Match #1 (adjusted by a moderator)'],
      ['custom:Bo', 'match', 1, 1016, 'Match #1 (adjusted by a moderator)'],
    ]);
  });

  it('GIVEN a Highscore board THEN every applied score is a row, improving or not, and a hard season end clears the values', async () => {
    p = await startPipeline();
    const board = await p.board({ type: 'Highscore', sort: 'desc', windowHours: 0 });
    for (const score of [100, 80, 120]) {
      await p.submitScore(board, { name: 'Ann', custom: true }, score);
      await p.worker.runOnce();
    }
    await agreesWithEntries(board);
    const { season } = await startSeason(p.ctx, board.ownerId, board.id, { days: 1 });
    p.setNow(new Date(season.endsAt!.getTime() + 1000));
    await new Scheduler(p.ctx, JOBS).tick();
    expect(series(await rows(board), 'custom:Ann')).toEqual([
      ['score', 100, null, 'Score 100'],
      ['score', 100, 0, 'Score 80'],
      ['score', 120, 20, 'Score 120'],
      ['season', null, null, 'Season 1 ended: standings start again'],
    ]);
    expect(await p.entries(board)).toEqual([]);
  });

  it('GIVEN boards recorded before history existed WHEN the migration runs THEN it backfills the series history records live', async () => {
    const { ctx, board, moderated, t0 } = await eloBoardWithEverything();
    const league = await p!.board({ type: 'League', windowHours: 0, ownerId: board.ownerId });
    for (const [s1, s2] of [
      [3, 1],
      [2, 2],
      [0, 1],
    ] as const) {
      await p!.submitMatch(league, { team1: [ann], team2: [bo], team1_score: s1, team2_score: s2 });
    }
    const scores = await p!.board({
      type: 'Time',
      sort: 'asc',
      windowHours: 0,
      ownerId: board.ownerId,
    });
    for (const ms of [62_500, 61_000, 64_000])
      await p!.submitScore(scores, { name: 'Cy', custom: true }, ms);
    const pending = await p!.submitMatch(moderated, { team1: [bo], team2: [cy], winner: 'team1' });
    await p!.worker.runOnce();
    await review(ctx, formatHandle(pending.submission.id), 'approve', 'chat:1', 'operator');
    p!.setNow(new Date(t0.getTime() + 31 * DAY));
    await new Scheduler(ctx, JOBS).tick(); // the season ends: a soft reset

    const boards = [board, moderated, league, scores];
    const shape = (h: EntryHistory) => [
      h.playerId,
      h.at.toISOString(),
      h.kind,
      h.ref,
      h.value,
      h.delta,
      h.cause,
    ];
    const live = await Promise.all(boards.map(async (b) => (await rows(b)).map(shape)));
    expect(live.map((l) => l.length)).toEqual([expect.any(Number), 2, 6, 3]);

    const dataSource = ctx.repos.db.dataSource;
    await dataSource.undoLastMigration({ transaction: 'each' });
    await dataSource.runMigrations({ transaction: 'each' });
    const backfilled = await Promise.all(boards.map(async (b) => (await rows(b)).map(shape)));
    // The same rows; within one instant the backfill orders by result, then change.
    const sorted = (list: unknown[][]) =>
      [...list].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
    expect(backfilled.map(sorted)).toEqual(live.map(sorted));
    for (const b of boards) await agreesWithEntries(b);
  });

  it('GIVEN a score queued just before a hard season end and applied after it THEN it counts in the ending season, live and in the backfill, and the new season’s series starts clean', async () => {
    p = await startPipeline();
    const { ctx } = p;
    const board = await p.board({ type: 'Classic', windowHours: 0 });
    const ann = { name: 'Ann', custom: true };
    await p.submitScore(board, ann, 100);
    await p.worker.runOnce();
    const { season } = await startSeason(ctx, board.ownerId, board.id, { days: 1 });
    p.setNow(new Date(season.endsAt!.getTime() - 100));
    await p.submitScore(board, ann, 50); // queued 100 ms before the end
    p.setNow(new Date(season.endsAt!.getTime() + 50));
    await p.worker.runOnce(); // applied after the end: the season closes after it
    await p.submitScore(board, ann, 10); // the next season
    await p.worker.runOnce();
    const live = (await rows(board)).map((h) => [h.kind, h.value, h.delta, h.at.toISOString()]);
    expect(live.map(([kind, value]) => [kind, value])).toEqual([
      ['score', 100],
      ['score', 150],
      ['season', null],
      ['score', 10],
    ]);
    // This season's series begins at the reset (cleared), without the late result before it.
    const profile = await playerProfile(ctx, board, 'custom:Ann');
    expect(profile.history.map((h) => h.value)).toEqual([null, 10]);
    expect(profileChart(profile).points.map((point) => point.value)).toEqual([10]);

    await ctx.repos.db.dataSource.undoLastMigration({ transaction: 'each' });
    await ctx.repos.db.dataSource.runMigrations({ transaction: 'each' });
    const backfilled = (await rows(board)).map((h) => [
      h.kind,
      h.value,
      h.delta,
      h.at.toISOString(),
    ]);
    expect(backfilled).toEqual(live);
    await agreesWithEntries(board);
  });
});
