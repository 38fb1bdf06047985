import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardInput } from '../../src/pipeline/boards';
import { enqueueWrite } from '../../src/pipeline/enqueue';
import { adjust, expireOverdue, review } from '../../src/pipeline/review';
import { backendName } from '../support/backends';
import { chatPlayer, customPlayer, startPipeline, type TestPipeline } from '../support/pipeline';
import { nextSnowflake } from '../support/tally';

const HOUR = 3_600_000;

describe(`the write pipeline (${backendName})`, () => {
  let t: TestPipeline;

  beforeAll(async () => {
    t = await startPipeline();
  });
  afterAll(() => t.close());

  const board = (input: Partial<BoardInput>) => t.board(input);
  const submitMatch: TestPipeline['submitMatch'] = (b, body) => t.submitMatch(b, body);
  const submitScore: TestPipeline['submitScore'] = (b, player, score) =>
    t.submitScore(b, player, score);
  const entries: TestPipeline['entries'] = (b) => t.entries(b);
  const status = (id: number) => t.status(id);

  it('GIVEN an auto-applying score board THEN the worker applies at once: keep_highest, submissions counted', async () => {
    const b = await board({ type: 'Highscore', windowHours: 0 });
    const ann = customPlayer('Ann');
    const first = await submitScore(b, ann, 50);
    await submitScore(b, ann, 40);
    await submitScore(b, ann, 70);
    expect(await t.worker.runOnce()).toBe(true);
    expect(await status(first.submission.id)).toBe('approved');
    const [entry] = await entries(b);
    expect(entry).toMatchObject({
      playerId: 'custom:Ann',
      playerName: 'Ann',
      score: 70,
      submissions: 3,
      elo: null,
      wins: null,
    });
  });

  it('GIVEN Time and Classic boards THEN keep_lowest and accumulate', async () => {
    const time = await board({ type: 'Time', windowHours: 0 });
    const classic = await board({ type: 'Classic', windowHours: 0 });
    const p = chatPlayer();
    for (const v of [90_000, 85_250, 99_000]) await submitScore(time, p, v);
    for (const v of [5, -2, 10]) await submitScore(classic, p, v);
    await t.worker.runOnce();
    expect((await entries(time))[0]).toMatchObject({ score: 85_250, submissions: 3 });
    expect((await entries(classic))[0]).toMatchObject({ score: 13, submissions: 3 });
  });

  it('GIVEN a total that would pass 2^53−1 THEN that submission fails with a reason and nothing moves', async () => {
    const classic = await board({ type: 'Classic', windowHours: 0 });
    const p = customPlayer('Max');
    await submitScore(classic, p, Number.MAX_SAFE_INTEGER);
    const overflow = await submitScore(classic, p, 1);
    await t.worker.runOnce();
    await t.worker.runOnce();
    const failed = await t.ctx.repos.submissions.byId(overflow.submission.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.failureReason).toMatch(/outside/);
    expect((await entries(classic))[0]).toMatchObject({
      score: Number.MAX_SAFE_INTEGER,
      submissions: 1,
    });
  });

  it('GIVEN a board with a window THEN the submission waits for review; approve applies, decline does not', async () => {
    const b = await board({ type: 'ELO', windowHours: 24 });
    const [a, c, d] = [chatPlayer(), chatPlayer(), chatPlayer()];
    const approved = await submitMatch(b, { team1: [a], team2: [c], winner: 'team1' });
    const declined = await submitMatch(b, { team1: [a], team2: [d], winner: 'team2' });
    await t.worker.runOnce();
    expect(await status(approved.submission.id)).toBe('pending_review');
    expect(await entries(b)).toEqual([]);
    const sub = await t.ctx.repos.submissions.byId(approved.submission.id);
    expect(sub?.expiresAt?.getTime()).toBe(t.ctx.now().getTime() + 24 * HOUR);
    await review(t.ctx, approved.handle, 'approve', 'cli', 'operator');
    await review(t.ctx, declined.handle, 'decline', 'cli', 'operator');
    const rows = await entries(b);
    expect(rows.map((e) => [e.playerId, e.elo, e.wins, e.losses])).toEqual([
      [`chat:${a.chat_id}`, 1016, 1, 0],
      [`chat:${c.chat_id}`, 984, 0, 1],
    ]);
    await expect(
      review(t.ctx, approved.handle, 'approve', 'cli', 'operator'),
    ).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await expect(
      review(t.ctx, declined.handle, 'approve', 'cli', 'operator'),
    ).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect((await entries(b)).map((e) => e.elo)).toEqual([1016, 984]);
  });

  it("GIVEN another owner's moderator THEN the decision is refused as not found and nothing applies", async () => {
    const b = await board({ type: 'ELO', windowHours: 24 });
    const pending = await submitMatch(b, {
      team1: [chatPlayer()],
      team2: [chatPlayer()],
      winner: 'team1',
    });
    await t.worker.runOnce();
    const stranger = { ownerId: `guild:${nextSnowflake()}` };
    await expect(
      review(t.ctx, pending.handle, 'approve', 'chat:1', stranger),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      adjust(t.ctx, pending.handle, { winner: 'team2' }, 'chat:1', stranger),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(await status(pending.submission.id)).toBe('pending_review');
    expect(await entries(b)).toEqual([]);
    // The board's own owner may.
    await review(t.ctx, pending.handle, 'approve', 'chat:1', { ownerId: b.ownerId });
    expect(await status(pending.submission.id)).toBe('approved');
  });

  it('GIVEN two pending matches submitted back to back THEN either approval order gives the same ratings (spec 1.6)', async () => {
    const finals: number[][] = [];
    for (const order of [
      [0, 1],
      [1, 0],
    ]) {
      const b = await board({ type: 'ELO', windowHours: 999 });
      const x = { chat_id: '111111111111111111' };
      const y = { chat_id: '222222222222222222' };
      const first = await submitMatch(b, { team1: [x], team2: [y], winner: 'team1' });
      const second = await submitMatch(b, { team1: [x], team2: [y], winner: 'team1' });
      await t.worker.runOnce();
      const handles = [first.handle, second.handle];
      for (const i of order) await review(t.ctx, handles[i]!, 'approve', 'mod', 'operator');
      finals.push((await entries(b)).map((e) => e.elo!));
      // Both snapshots are the start rating: each was taken before either was approved.
      const roster = await t.ctx.repos.results.roster(
        (await t.ctx.repos.submissions.byId(second.submission.id))!.matchPk!,
      );
      expect(roster.map((s) => [s.eloBefore, s.eloDelta])).toEqual([
        [1000, 16],
        [1000, -16],
      ]);
    }
    expect(finals[0]).toEqual([1032, 968]);
    expect(finals[1]).toEqual(finals[0]);
  });

  it('GIVEN an applied match THEN the next match snapshots the new ratings', async () => {
    const b = await board({ type: 'ELO', windowHours: 0 });
    const x = chatPlayer();
    const y = chatPlayer();
    await submitMatch(b, { team1: [x], team2: [y], winner: 'team1' });
    const second = await submitMatch(b, { team1: [x], team2: [y], winner: 'draw' });
    await t.worker.runOnce();
    const roster = await t.ctx.repos.results.roster(
      (await t.ctx.repos.submissions.byId(second.submission.id))!.matchPk!,
    );
    expect(roster.map((s) => s.eloBefore)).toEqual([1016, 984]);
    expect(roster.map((s) => s.eloDelta)).toEqual([-1, 1]);
  });

  it('GIVEN a League board THEN the winner comes from the scoreline and points are awarded', async () => {
    const b = await board({ type: 'League', windowHours: 0, teamSize: 2 });
    const [p1, p2, p3, p4] = [1, 2, 3, 4].map(() => chatPlayer());
    await submitMatch(b, { team1: [p1, p2], team2: [p3, p4], team1_score: 2, team2_score: 3 });
    await submitMatch(b, { team1: [p1, p2], team2: [p3, p4], team1_score: 1, team2_score: 1 });
    await t.worker.runOnce();
    const rows = await entries(b);
    expect(rows.map((e) => [e.score, e.wins, e.draws, e.losses])).toEqual([
      [4, 1, 1, 0],
      [4, 1, 1, 0],
      [1, 0, 1, 1],
      [1, 0, 1, 1],
    ]);
    expect(rows.every((e) => e.elo === null && e.submissions === null)).toBe(true);
  });

  it('GIVEN a window that runs out THEN the submission is rejected as expired; 999 never expires', async () => {
    // Expiry sweeps every board of the database and the test moves the clock: a pipeline of its own.
    const own = await startPipeline();
    try {
      const short = await own.board({ type: 'Highscore', windowHours: 1 });
      const never = await own.board({ type: 'Highscore', windowHours: 999 });
      const a = await own.submitScore(short, customPlayer('A'), 1);
      const b = await own.submitScore(never, customPlayer('B'), 1);
      await own.worker.runOnce();
      expect((await own.ctx.repos.submissions.byId(b.submission.id))?.expiresAt).toBeNull();
      const start = own.ctx.now();
      own.setNow(new Date(start.getTime() + HOUR - 1));
      expect(await expireOverdue(own.ctx)).toEqual([]);
      own.setNow(new Date(start.getTime() + HOUR));
      const expired = await expireOverdue(own.ctx);
      expect(expired.map((o) => o.handle)).toEqual([a.handle]);
      expect(await own.status(a.submission.id)).toBe('rejected');
      own.setNow(new Date(start.getTime() + 1000 * 24 * HOUR));
      expect(await expireOverdue(own.ctx)).toEqual([]);
      expect(await own.status(b.submission.id)).toBe('pending_review');
      expect(await own.entries(short)).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('GIVEN a team that was removed before processing THEN the submission fails with a reason', async () => {
    const b = await board({ type: 'ELO', fixedTeams: true, windowHours: 0 });
    const submitted = await enqueueWrite(
      t.ctx,
      b,
      {
        kind: 'match',
        team1: [{ kind: 'team', id: 'team:987654', teamPk: 987654 }],
        team2: [{ kind: 'team', id: 'team:987655', teamPk: 987655 }],
        winner: 'team1',
        team1Score: null,
        team2Score: null,
      },
      'api',
    );
    await t.worker.runOnce();
    const failed = await t.ctx.repos.submissions.byId(submitted.submission.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.failureReason).toMatch(/team:987654/);
  });
});
