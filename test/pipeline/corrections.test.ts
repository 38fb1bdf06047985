import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { correctResult, type CorrectionChange } from '../../src/pipeline/corrections';
import { review } from '../../src/pipeline/review';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { viewOf } from '../../src/pipeline/submission-view';
import { submissionIdOf } from '../../src/domain/ids';
import { backendName } from '../support/backends';
import { chatPlayer, customPlayer, startPipeline, type TestPipeline } from '../support/pipeline';

/**
 * Corrections after approval (issue 15 item 2, README "Corrections"): a correction re-rates only
 * the match it corrects, from the snapshot its players held when it was submitted; later matches
 * keep their changes. Scores are recounted from the player's applied scores.
 */
describe(`corrections after approval (${backendName})`, () => {
  let t: TestPipeline;

  beforeAll(async () => {
    t = await startPipeline();
  });
  afterAll(() => t.close());

  const operator = { by: 'cli', actor: 'operator' as const };
  /** A write queued and processed on a board that applies at once (window 0). */
  const applied = async (queuing: ReturnType<TestPipeline['submitMatch']>) => {
    const queued = await queuing;
    await t.worker.runOnce();
    expect(await t.status(queued.submission.id)).toBe('approved');
    return queued.handle;
  };
  const values = async (b: Board) =>
    Object.fromEntries(
      (await t.entries(b)).map((e) => [
        e.playerId,
        [b.type === 'ELO' ? e.elo : e.score, e.wins ?? e.submissions, e.losses],
      ]),
    );
  /** The handle as the API reads it (spec 2.8). */
  const handleView = async (handle: string) =>
    viewOf(t.ctx, (await t.ctx.repos.submissions.byId(submissionIdOf(handle)!))!);
  const correct = (handle: string, change: CorrectionChange, reason?: string) =>
    correctResult(t.ctx, { handle }, change, { ...operator, reason });

  it('GIVEN an ELO match and a later one WHEN the first winner is corrected THEN only its deltas change, recorded as set, with history', async () => {
    const b = await t.board({ type: 'ELO', windowHours: 0 });
    const [a, c, d] = [chatPlayer(), chatPlayer(), chatPlayer()];
    const first = await applied(t.submitMatch(b, { team1: [a], team2: [c], winner: 'team1' }));
    await applied(t.submitMatch(b, { team1: [a], team2: [d], winner: 'team1' }));
    // a: 1000 +16 (vs c), then 1016 snapshot vs 1000: +15 → 1031; c 984; d 985.
    const id = (p: { chat_id: string }) => `chat:${p.chat_id}`;
    expect(await values(b)).toMatchObject({
      [id(a)]: [1031, 2, 0],
      [id(c)]: [984, 0, 1],
      [id(d)]: [985, 0, 1],
    });

    const outcome = await correct(first, { winner: 'team2' }, 'reported the wrong way round');
    expect(outcome).toMatchObject({ kind: 'match', label: 'Match #1', action: 'change' });
    // Match #1 from its snapshot (1000 v 1000): a −16, c +16; match #2 keeps a's +15.
    expect(await values(b)).toMatchObject({
      [id(a)]: [999, 1, 1],
      [id(c)]: [1016, 1, 0],
      [id(d)]: [985, 0, 1],
    });
    const match = await t.ctx.repos.matches.byNumber(b.pk, 1);
    expect(match).toMatchObject({ status: 'set', winner: 'team2' });
    expect(match!.roster.map((s) => [s.eloBefore, s.eloDelta])).toEqual([
      [1000, -16],
      [1000, 16],
    ]);
    // The handle stays approved (spec 3.1: terminal); the API reads the match as set.
    expect(await handleView(first)).toMatchObject({
      status: 'approved',
      match: { id: 1, applied: true },
    });
    const history = await t.ctx.repos.history.series(b.pk, id(a), null, 10);
    expect(history.at(-1)).toMatchObject({
      value: 999,
      delta: -32,
      kind: 'match',
      ref: 1,
      cause: 'Match #1 corrected by a moderator: team 2 won (was team 1 won)',
    });
    const [record] = await t.ctx.repos.corrections.list({ matchPk: match!.pk });
    expect(record).toMatchObject({
      action: 'change',
      before: { winner: 'team1' },
      after: { winner: 'team2' },
      by: 'cli',
      reason: 'reported the wrong way round',
    });
    expect(record!.changes).toEqual(
      expect.arrayContaining([
        { playerId: id(a), before: 1031, after: 999 },
        { playerId: id(c), before: 984, after: 1016 },
      ]),
    );
  });

  it('GIVEN a removed match THEN its changes come off, a player with nothing left leaves the board, and it cannot be corrected again', async () => {
    const b = await t.board({ type: 'ELO', windowHours: 0 });
    const [a, c, d] = [chatPlayer(), chatPlayer(), chatPlayer()];
    await applied(t.submitMatch(b, { team1: [a], team2: [c], winner: 'team1' }));
    const second = await applied(t.submitMatch(b, { team1: [a], team2: [d], winner: 'draw' }));
    await correct(second, 'remove');
    const id = (p: { chat_id: string }) => `chat:${p.chat_id}`;
    expect(await values(b)).toEqual({ [id(a)]: [1016, 1, 0], [id(c)]: [984, 0, 1] });
    const match = await t.ctx.repos.matches.byNumber(b.pk, 2);
    expect(match).toMatchObject({ status: 'set', winner: null });
    expect(await handleView(second)).toMatchObject({ status: 'approved' });
    const gone = await t.ctx.repos.history.series(b.pk, id(d), null, 10);
    expect(gone.at(-1)).toMatchObject({
      value: null,
      cause: 'Match #2 removed by a moderator (was a draw)',
    });
    // Nobody's profile counts it any more.
    expect(await t.ctx.repos.matches.played(b.pk, id(a), null, 10)).toHaveLength(1);
    await expect(correct(second, { winner: 'team1' })).rejects.toMatchObject({
      code: 'invalid_request',
      detail: 'Match #2 was removed by a moderator already',
    });
  });

  it('GIVEN a League match THEN a corrected scoreline moves points and records', async () => {
    const b = await t.board({ type: 'League', windowHours: 0 });
    const [a, c] = [chatPlayer(), chatPlayer()];
    const handle = await applied(
      t.submitMatch(b, { team1: [a], team2: [c], team1_score: 2, team2_score: 1 }),
    );
    await correctResult(t.ctx, { handle }, { text: { scoreline: '1-1' } }, operator);
    const entries = await t.entries(b);
    expect(entries.map((e) => [e.score, e.wins, e.draws, e.losses])).toEqual([
      [1, 0, 1, 0],
      [1, 0, 1, 0],
    ]);
  });

  it('GIVEN a Time board WHEN the best time is removed THEN the next best counts; removing the last takes the player off', async () => {
    const b = await t.board({ type: 'Time', windowHours: 0 });
    const ann = customPlayer('Ann');
    const slow = await applied(t.submitScore(b, ann, 95_000));
    const best = await applied(t.submitScore(b, ann, 90_000));
    expect(await values(b)).toEqual({ 'custom:Ann': [90_000, 2, null] });
    const outcome = await correct(best, 'remove', 'spliced run');
    expect(outcome.changes).toEqual([
      { playerId: 'custom:Ann', name: 'Ann', before: 90_000, after: 95_000 },
    ]);
    expect(await values(b)).toEqual({ 'custom:Ann': [95_000, 1, null] });
    await correctResult(t.ctx, { handle: slow }, { text: { value: '1:31.500' } }, operator);
    expect(await values(b)).toEqual({ 'custom:Ann': [91_500, 1, null] });
    await correct(slow, 'remove');
    expect(await values(b)).toEqual({});
    const history = await t.ctx.repos.history.series(b.pk, 'custom:Ann', null, 10);
    expect(history.map((h) => h.value)).toEqual([95_000, 90_000, 95_000, 91_500, null]);
    expect(history.at(-1)!.cause).toBe('Score 1:31.500 removed by a moderator');
  });

  it('GIVEN a Classic board THEN a corrected score changes the total by the difference', async () => {
    const b = await t.board({ type: 'Classic', windowHours: 0 });
    const bo = customPlayer('Bo');
    await applied(t.submitScore(b, bo, 10));
    const typo = await applied(t.submitScore(b, bo, 500));
    await correctResult(
      t.ctx,
      { ownerId: b.ownerId, boardId: b.id, playerId: 'custom:Bo', score: 500 },
      { score: 50 },
      operator,
    );
    expect(await values(b)).toEqual({ 'custom:Bo': [60, 2, null] });
    await expect(correct(typo, { score: 50 })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('refuses what is not an applied result of the running season, and changes nothing', async () => {
    const pendingBoard = await t.board({ type: 'ELO', windowHours: 24 });
    const [a, c] = [chatPlayer(), chatPlayer()];
    const queued = await t.submitMatch(pendingBoard, { team1: [a], team2: [c], winner: 'team1' });
    await t.worker.runOnce();
    await expect(correct(queued.handle, 'remove')).rejects.toMatchObject({
      detail: 'Match #1 is still pending review: approve, adjust or decline it instead',
    });
    await review(t.ctx, queued.handle, 'decline', 'cli', 'operator');
    await expect(correct(queued.handle, { winner: 'team2' })).rejects.toMatchObject({
      detail: 'Match #1 was declined and never counted; there is nothing to correct',
    });

    const b = await t.board({ type: 'ELO', windowHours: 0 });
    await startSeason(t.ctx, b.ownerId, b.id, { reset: 'keep' });
    const old = await applied(t.submitMatch(b, { team1: [a], team2: [c], winner: 'team1' }));
    t.setNow(new Date(t.ctx.now().getTime() + 60_000));
    await endSeason(t.ctx, b.ownerId, b.id);
    const before = await values(b);
    await expect(correct(old, { winner: 'team2' })).rejects.toMatchObject({
      code: 'invalid_request',
      detail:
        "Match #1 counted in a season that has ended; that season's final standings are archived and stay as they are",
    });
    expect(await values(b)).toEqual(before);
    await expect(
      correctResult(t.ctx, { handle: old }, 'remove', {
        by: 'chat:1',
        actor: { ownerId: 'guild:1' },
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
