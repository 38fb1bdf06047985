import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardInput } from '../../src/pipeline/boards';
import { adjust, review } from '../../src/pipeline/review';
import { backendName } from '../support/backends';
import { chatPlayer, customPlayer, startPipeline, type TestPipeline } from '../support/pipeline';

/** DESIGN.md 3 `adjusted`: the moderator's corrected result is checked like a write and applied. */
describe(`adjusting a pending submission (${backendName})`, () => {
  let t: TestPipeline;

  beforeAll(async () => {
    t = await startPipeline();
  });
  afterAll(() => t.close());

  /** A reviewed board (ELO unless `input` says otherwise) of an owner of its own. */
  const board = (input: Partial<BoardInput>) => t.board({ windowHours: 24, ...input });
  /** A queued write, processed: it now waits for review. */
  const pending = async (queuing: ReturnType<TestPipeline['submitMatch']>) => {
    const queued = await queuing;
    await t.worker.runOnce();
    expect(await t.status(queued.submission.id)).toBe('pending_review');
    return queued;
  };
  const entries: TestPipeline['entries'] = (b) => t.entries(b);
  const matchOf = async (id: number) => {
    const sub = (await t.ctx.repos.submissions.byId(id))!;
    return (await t.ctx.repos.results.match(sub.matchPk!))!;
  };

  it('GIVEN an ELO match reported as a team1 win THEN adjusting to team2 applies the corrected result as adjusted', async () => {
    const b = await board({});
    const [p1, p2] = [chatPlayer(), chatPlayer()];
    const { handle, submission } = await pending(
      t.submitMatch(b, { team1: [p1], team2: [p2], winner: 'team1' }),
    );
    const outcome = await adjust(t.ctx, handle, { winner: 'team2' }, 'chat:1', {
      ownerId: b.ownerId,
    });
    expect(outcome.status).toBe('approved');
    expect(await matchOf(submission.id)).toMatchObject({
      status: 'adjusted',
      winner: 'team2',
      reviewedBy: 'chat:1',
    });
    expect((await entries(b)).map((e) => [e.playerId, e.elo, e.wins, e.losses])).toEqual([
      [`chat:${p2.chat_id}`, 1016, 1, 0],
      [`chat:${p1.chat_id}`, 984, 0, 1],
    ]);
    await expect(review(t.ctx, handle, 'approve', 'cli', 'operator')).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });

  it('GIVEN a League match THEN the corrected scoreline decides the winner and the points', async () => {
    const b = await board({ type: 'League' });
    const [p1, p2] = [chatPlayer(), chatPlayer()];
    const body = { team1: [p1], team2: [p2], team1_score: 3, team2_score: 0 };
    const { handle, submission } = await pending(t.submitMatch(b, body));
    await adjust(t.ctx, handle, { team1Score: 1, team2Score: 1 }, 'cli', 'operator');
    expect(await matchOf(submission.id)).toMatchObject({
      status: 'adjusted',
      winner: 'draw',
      team1Score: 1,
      team2Score: 1,
    });
    expect((await entries(b)).map((e) => [e.score, e.draws])).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });

  it('GIVEN a score THEN the corrected score is stored and applied', async () => {
    const b = await board({ type: 'Time' });
    const { handle, submission } = await pending(t.submitScore(b, customPlayer('Ann'), 95_000));
    await adjust(t.ctx, handle, { score: 90_250 }, 'cli', 'operator');
    const sub = (await t.ctx.repos.submissions.byId(submission.id))!;
    expect(await t.ctx.repos.results.score(sub.scorePk!)).toMatchObject({
      status: 'adjusted',
      score: 90_250,
    });
    expect((await entries(b))[0]).toMatchObject({ playerId: 'custom:Ann', score: 90_250 });
  });

  it.each([
    [{ winner: 'team3' }, /winner/],
    [{}, /winner/],
  ])('GIVEN an ELO correction %j THEN it is refused and nothing changes', async (fix, why) => {
    const b = await board({});
    const body = { team1: [chatPlayer()], team2: [chatPlayer()] };
    const { handle, submission } = await pending(t.submitMatch(b, { ...body, winner: 'team1' }));
    await expect(adjust(t.ctx, handle, fix, 'cli', 'operator')).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(why),
    });
    expect((await t.ctx.repos.submissions.byId(submission.id))!.status).toBe('pending_review');
    expect(await entries(b)).toEqual([]);
  });

  it.each([
    [{ team1Score: -1, team2Score: 0 }, /team1_score/],
    [{ team1Score: 1.5, team2Score: 0 }, /team1_score/],
    [{ team1Score: 1 }, /team2_score: required/],
  ])('GIVEN a League correction %j THEN it is refused', async (fix, why) => {
    const b = await board({ type: 'League' });
    const body = { team1: [chatPlayer()], team2: [chatPlayer()] };
    const { handle } = await pending(t.submitMatch(b, { ...body, team1_score: 1, team2_score: 0 }));
    await expect(adjust(t.ctx, handle, fix, 'cli', 'operator')).rejects.toMatchObject({
      message: expect.stringMatching(why),
    });
  });
});
