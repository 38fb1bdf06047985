import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { EntryEntity } from '../../entities/entry';
import { OfflineChat } from '../../src/pipeline/chat-port';
import { ownerKind } from '../../src/domain/ids';
import { parseMatchWrite, parseScoreWrite } from '../../src/domain/write-request';
import { createBoard, type BoardInput } from '../../src/pipeline/boards';
import { enqueueWrite } from '../../src/pipeline/enqueue';
import { addOwner } from '../../src/pipeline/owners';
import { adjust, review } from '../../src/pipeline/review';
import { Worker } from '../../src/pipeline/worker';
import { backendName } from '../support/backends';
import { createTestContext } from '../support/context';
import { nextSnowflake } from '../support/tally';

/** DESIGN.md 3 `adjusted`: the moderator's corrected result is checked like a write and applied. */
describe(`adjusting a pending submission (${backendName})`, () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  let worker: Worker;
  let owner: string;

  beforeAll(async () => {
    t = await createTestContext();
    worker = new Worker(t.ctx, new OfflineChat(), t.ctx.signals);
    owner = (await addOwner(t.ctx, `guild:${nextSnowflake()}`)).id;
  });
  afterAll(() => t.close());

  const board = (input: Partial<BoardInput>) =>
    createBoard(t.ctx, { ownerId: owner, type: 'ELO', windowHours: 24, ...input });
  const shape = (b: Board) => ({ ...b, ownerKind: ownerKind(b.ownerId) });
  const pending = async (b: Board, body: Record<string, unknown>, kind = 'match') => {
    const write =
      kind === 'match' ? parseMatchWrite(body, shape(b)) : parseScoreWrite(body, shape(b));
    const queued = await enqueueWrite(t.ctx, b, write, 'api');
    await worker.runOnce();
    expect((await t.ctx.repos.submissions.byId(queued.submission.id))!.status).toBe(
      'pending_review',
    );
    return queued;
  };
  const entries = (b: Board) =>
    t.ctx.repos.db.run((m) =>
      m.find(EntryEntity, { where: { boardPk: b.pk }, order: { rankKey: 'ASC', playerId: 'ASC' } }),
    );
  const matchOf = async (id: number) => {
    const sub = (await t.ctx.repos.submissions.byId(id))!;
    return (await t.ctx.repos.results.match(sub.matchPk!))!;
  };

  it('GIVEN an ELO match reported as a team1 win THEN adjusting to team2 applies the corrected result as adjusted', async () => {
    const b = await board({});
    const [p1, p2] = [{ chat_id: nextSnowflake() }, { chat_id: nextSnowflake() }];
    const { handle, submission } = await pending(b, { team1: [p1], team2: [p2], winner: 'team1' });
    const outcome = await adjust(t.ctx, handle, { winner: 'team2' }, 'chat:1', { ownerId: owner });
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
    await expect(review(t.ctx, handle, 'approve', 'cli')).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });

  it('GIVEN a League match THEN the corrected scoreline decides the winner and the points', async () => {
    const b = await board({ type: 'League' });
    const [p1, p2] = [{ chat_id: nextSnowflake() }, { chat_id: nextSnowflake() }];
    const body = { team1: [p1], team2: [p2], team1_score: 3, team2_score: 0 };
    const { handle, submission } = await pending(b, body);
    await adjust(t.ctx, handle, { team1Score: 1, team2Score: 1 }, 'cli');
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
    const { handle, submission } = await pending(
      b,
      { player: { name: 'Ann', custom: true }, score: 95_000 },
      'score',
    );
    await adjust(t.ctx, handle, { score: 90_250 }, 'cli');
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
    const body = { team1: [{ chat_id: nextSnowflake() }], team2: [{ chat_id: nextSnowflake() }] };
    const { handle, submission } = await pending(b, { ...body, winner: 'team1' });
    await expect(adjust(t.ctx, handle, fix, 'cli')).rejects.toMatchObject({
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
    const body = { team1: [{ chat_id: nextSnowflake() }], team2: [{ chat_id: nextSnowflake() }] };
    const { handle } = await pending(b, { ...body, team1_score: 1, team2_score: 0 });
    await expect(adjust(t.ctx, handle, fix, 'cli')).rejects.toMatchObject({
      message: expect.stringMatching(why),
    });
  });
});
