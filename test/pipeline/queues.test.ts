import { afterEach, describe, expect, it } from 'vitest';
import { guildOf } from '../../src/domain/ids';
import { JOBS } from '../../src/pipeline/jobs';
import {
  closeQueue,
  declineReady,
  joinQueue,
  leaveQueue,
  openMatchOfMember,
  openQueue,
  pressReady,
  queueMatchView,
  queueView,
  reportQueueMatch,
  waitingByBoard,
} from '../../src/pipeline/queues';
import { Scheduler } from '../../src/pipeline/scheduler';
import { createTeam } from '../../src/pipeline/boards';
import { backendName } from '../support/backends';
import { putEntries, startPipeline, type TestPipeline } from '../support/pipeline';
import { nextSnowflake } from '../support/tally';

/**
 * Matchmaking queues in the pipeline (issue 28): joining and its refusals, the scheduled step
 * forming matches under a moved clock as windows widen, the team split, the ready check, the
 * report through the one submit use case, cancellation, and two schedulers taking each step once.
 */
const member = () => `chat:${nextSnowflake()}`;
const SECOND = 1000;

describe(`matchmaking queues (${backendName})`, () => {
  let p: TestPipeline | undefined;
  afterEach(async () => {
    await p?.close();
    p = undefined;
  });

  async function world(boardInput: Parameters<TestPipeline['board']>[0] = {}) {
    p = await startPipeline();
    const board = await p.board({ windowHours: 0, ...boardInput });
    await openQueue(p.ctx, board, { channelId: nextSnowflake() });
    const scheduler = new Scheduler(p.ctx, JOBS);
    const later = (ms: number) => p!.setNow(new Date(p!.ctx.now().getTime() + ms));
    return { p, board, scheduler, later };
  }

  const matchOf = async (pl: TestPipeline, who: string) => openMatchOfMember(pl.ctx, who);

  it('GIVEN members join THEN each waits once, in one queue, and leaving takes them out; refusals change nothing', async () => {
    const { p, board } = await world();
    const other = await p.board({ ownerId: board.ownerId, windowHours: 0, id: 'other' });
    await openQueue(p.ctx, other, {});
    const ann = member();
    await joinQueue(p.ctx, { board, member: ann });
    await expect(joinQueue(p.ctx, { board, member: ann })).rejects.toMatchObject({
      code: 'invalid_request',
      detail: expect.stringMatching(/already waiting in the queue of/),
    });
    await expect(joinQueue(p.ctx, { board: other, member: ann })).rejects.toMatchObject({
      detail: expect.stringMatching(/already waiting/),
    });
    const view = await queueView(p.ctx, (await p.ctx.repos.queues.forBoard(board.pk))!.pk);
    expect(view!.waiting.map((w) => [w.entrant, w.rating, w.window])).toEqual([[ann, 1000, 50]]);
    expect(await waitingByBoard(p.ctx, [board, other])).toEqual(
      new Map([
        [board.pk, 1],
        [other.pk, 0],
      ]),
    );
    await leaveQueue(p.ctx, ann);
    await expect(leaveQueue(p.ctx, ann)).rejects.toMatchObject({ code: 'invalid_request' });
    const highscore = await p.board({ ownerId: board.ownerId, type: 'Highscore', id: 'hs' });
    await expect(openQueue(p.ctx, highscore, {})).rejects.toMatchObject({
      code: 'board_type_mismatch',
    });
  });

  it('GIVEN one member joining twice at the same moment THEN one join counts and the other is refused, never an error', async () => {
    const { p, board } = await world();
    const ann = member();
    const tries = await Promise.allSettled([
      joinQueue(p.ctx, { board, member: ann }),
      joinQueue(p.ctx, { board, member: ann }),
    ]);
    expect(tries.map((t) => t.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = tries.find((t) => t.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'invalid_request' });
    const queue = (await p.ctx.repos.queues.forBoard(board.pk))!;
    expect((await queueView(p.ctx, queue.pk))!.waiting.map((w) => w.entrant)).toEqual([ann]);
  });

  it('GIVEN two players 120 apart THEN they are paired only once the window has widened to 120 (2.8 min at 50 +25/min)', async () => {
    const { p, board, scheduler, later } = await world();
    const [ann, bo] = [member(), member()];
    await putEntries(p.ctx, board, { [ann]: { elo: 1000 }, [bo]: { elo: 1120 } });
    await joinQueue(p.ctx, { board, member: ann });
    await joinQueue(p.ctx, { board, member: bo });
    await scheduler.tick();
    expect(await matchOf(p, ann)).toBeNull();
    later(2.7 * 60 * SECOND); // window 117.5
    await scheduler.tick();
    expect(await matchOf(p, ann)).toBeNull();
    later(0.1 * 60 * SECOND); // window 120
    await scheduler.tick();
    const formed = await matchOf(p, ann);
    expect(formed?.players.map((pl) => [pl.entrant, pl.side, pl.rating])).toEqual([
      [ann, 1, 1000],
      [bo, 2, 1120],
    ]);
    expect(formed?.predicted).toBeCloseTo(1 / (1 + 10 ** (120 / 400)), 6);
    // Matched: they left the queue and cannot join again until the match is over.
    const queuePk = formed!.match.queuePk;
    expect((await queueView(p.ctx, queuePk))!.waiting).toEqual([]);
    await expect(joinQueue(p.ctx, { board, member: ann })).rejects.toMatchObject({
      detail: expect.stringMatching(/queue match that is not over/),
    });
  });

  it('GIVEN four for a 2v2 THEN the split is the most even one, not the join order', async () => {
    const { p, board, scheduler } = await world({ teamSize: 2 });
    const players = [member(), member(), member(), member()];
    const [a, b, c, d] = players as [string, string, string, string];
    // Join order a b c d; a and b are the two strongest: a+b vs c+d would be lopsided.
    await putEntries(p.ctx, board, {
      [a]: { elo: 1040 },
      [b]: { elo: 1030 },
      [c]: { elo: 1000 },
      [d]: { elo: 990 },
    });
    for (const who of players) await joinQueue(p.ctx, { board, member: who });
    await scheduler.tick();
    const formed = await matchOf(p, a);
    const side = (n: number) =>
      formed!.players
        .filter((pl) => pl.side === n)
        .map((pl) => pl.entrant)
        .sort();
    expect(side(1)).toEqual([a, d].sort());
    expect(side(2)).toEqual([b, c].sort());
    expect(formed!.predicted).toBeCloseTo(0.5, 6);
  });

  it('GIVEN a ready check with a no-show THEN the no-show goes out and the other goes back in at their place', async () => {
    const { p, board, scheduler, later } = await world();
    const [ann, bo, cy] = [member(), member(), member()];
    await joinQueue(p.ctx, { board, member: ann });
    const annSince = p.ctx.now();
    later(10 * SECOND);
    await joinQueue(p.ctx, { board, member: bo });
    await scheduler.tick();
    const formed = (await matchOf(p, ann))!;
    await pressReady(p.ctx, formed.match.pk, ann);
    await expect(pressReady(p.ctx, formed.match.pk, ann)).rejects.toMatchObject({
      detail: 'you are ready already',
    });
    await expect(pressReady(p.ctx, formed.match.pk, cy)).rejects.toMatchObject({
      code: 'permission_denied',
    });
    later(61 * SECOND);
    await expect(pressReady(p.ctx, formed.match.pk, bo)).rejects.toMatchObject({
      detail: expect.stringMatching(/ready check is over/),
    });
    await scheduler.tick();
    const after = (await queueMatchView(p.ctx, formed.match.pk))!;
    expect(after.match.state).toBe('cancelled');
    expect(after.match.reason).toBe(`not ready: ${bo}`);
    const view = (await queueView(p.ctx, formed.match.queuePk))!;
    expect(view.waiting.map((w) => [w.entrant, w.since.toISOString()])).toEqual([
      [ann, annSince.toISOString()],
    ]);
    // The no-show may queue again; a newcomer waits behind the one who kept their place.
    await joinQueue(p.ctx, { board, member: bo });
  });

  it('GIVEN a player who cannot play THEN their decline ends the check at once and the other goes back in', async () => {
    const { p, board, scheduler } = await world();
    const [ann, bo] = [member(), member()];
    await joinQueue(p.ctx, { board, member: ann });
    await joinQueue(p.ctx, { board, member: bo });
    await scheduler.tick();
    const formed = (await matchOf(p, ann))!;
    await declineReady(p.ctx, formed.match.pk, bo);
    const view = (await queueView(p.ctx, formed.match.queuePk))!;
    expect(view.waiting.map((w) => w.entrant)).toEqual([ann]);
    expect(await matchOf(p, bo)).toBeNull();
  });

  async function playing(boardInput: Parameters<TestPipeline['board']>[0] = {}) {
    const w = await world(boardInput);
    const [ann, bo] = [member(), member()];
    await joinQueue(w.p.ctx, { board: w.board, member: ann });
    await joinQueue(w.p.ctx, { board: w.board, member: bo });
    await w.scheduler.tick();
    const formed = (await matchOf(w.p, ann))!;
    await pressReady(w.p.ctx, formed.match.pk, bo);
    const on = await pressReady(w.p.ctx, formed.match.pk, ann);
    expect(on.state).toBe('playing');
    return { ...w, ann, bo, matchPk: formed.match.pk };
  }

  it('GIVEN a played match on an opponents board THEN the loser’s report waits for the winner to confirm, with both sides filled in; a second report is refused', async () => {
    const { p, bo, ann, matchPk, board } = await playing({ reviewMode: 'opponents' });
    const reportedIn = { guildId: guildOf(board.ownerId), channelId: nextSnowflake() };
    const sent = await reportQueueMatch(p.ctx, {
      matchPk,
      member: bo,
      report: { result: 'lost' },
      reportedIn,
    });
    expect(sent.submission.confirmState).toBe('awaiting');
    const payload = sent.submission.payload as unknown as Record<string, unknown>;
    expect(payload).toMatchObject({ winner: 'team2' });
    expect(JSON.stringify(payload)).toContain(bo.slice(5));
    expect(JSON.stringify(payload)).toContain(ann.slice(5));
    await expect(
      reportQueueMatch(p.ctx, { matchPk, member: ann, report: { result: 'won' }, reportedIn }),
    ).rejects.toMatchObject({ detail: expect.stringMatching(/already reported/) });
    const view = (await queueMatchView(p.ctx, matchPk))!;
    expect(view.match).toMatchObject({ state: 'reported', submissionId: sent.submission.id });
    // Reported: both may queue again.
    await joinQueue(p.ctx, { board, member: ann });
  });

  it('GIVEN a report that fails validation THEN the match can still be reported', async () => {
    const { p, ann, matchPk } = await playing({ type: 'League' });
    const reportedIn = { guildId: null, channelId: null };
    await expect(
      reportQueueMatch(p.ctx, { matchPk, member: ann, report: { result: 'won' }, reportedIn }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    const sent = await reportQueueMatch(p.ctx, {
      matchPk,
      member: ann,
      report: { score: [3, 1] },
      reportedIn,
    });
    expect(sent.submission.id).toBeGreaterThan(0);
  });

  it('GIVEN nobody reports in time THEN the match is cancelled and its players are free', async () => {
    const { p, ann, matchPk, scheduler, later, board } = await playing();
    later(121 * 60 * SECOND);
    await scheduler.tick();
    expect((await queueMatchView(p.ctx, matchPk))!.match).toMatchObject({
      state: 'cancelled',
      reason: 'unreported',
    });
    await joinQueue(p.ctx, { board, member: ann });
  });

  it('GIVEN two schedulers over one queue THEN each pair is formed once and nobody is in two matches', async () => {
    const { p, board, later } = await world();
    const schedulers = [new Scheduler(p.ctx, JOBS), new Scheduler(p.ctx, JOBS)];
    const people = Array.from({ length: 12 }, member);
    await putEntries(
      p.ctx,
      board,
      Object.fromEntries(people.map((who, i) => [who, { elo: 1000 + i * 10 }])),
    );
    for (const who of people) {
      await joinQueue(p.ctx, { board, member: who });
      await Promise.all(schedulers.map((s) => s.tick()));
      later(3 * SECOND);
    }
    await Promise.all(schedulers.map((s) => s.tick()));
    const matches = await p.ctx.repos.db.run((m) =>
      m.query('SELECT match_pk, entrant FROM queue_players'),
    );
    const entrants = (matches as { entrant: string }[]).map((r) => r.entrant);
    expect(entrants.length).toBe(12);
    expect(new Set(entrants).size).toBe(12);
  });

  it('GIVEN a fixed-teams board THEN members queue their teams, a team of another board is refused, and two teams are paired', async () => {
    const { p, board, scheduler } = await world({ fixedTeams: true });
    const elsewhere = await p.board({ ownerId: board.ownerId, fixedTeams: true, id: 'elsewhere' });
    const reds = await createTeam(p.ctx, board.ownerId, board.id, 'Reds');
    const blues = await createTeam(p.ctx, board.ownerId, board.id, 'Blues');
    const strangers = await createTeam(p.ctx, board.ownerId, elsewhere.id, 'Strangers');
    const [ann, bo] = [member(), member()];
    await expect(joinQueue(p.ctx, { board, member: ann })).rejects.toMatchObject({
      detail: expect.stringMatching(/say which team/),
    });
    await expect(
      joinQueue(p.ctx, { board, member: ann, team: `team:${strangers.pk}` }),
    ).rejects.toMatchObject({ detail: expect.stringMatching(/not a team of/) });
    await joinQueue(p.ctx, { board, member: ann, team: `team:${reds.pk}` });
    await expect(
      joinQueue(p.ctx, { board, member: bo, team: `team:${reds.pk}` }),
    ).rejects.toMatchObject({ detail: expect.stringMatching(/is already waiting/) });
    await joinQueue(p.ctx, { board, member: bo, team: `team:${blues.pk}` });
    await scheduler.tick();
    const formed = (await matchOf(p, bo))!;
    expect(formed.players.map((pl) => [pl.entrant, pl.joinedBy])).toEqual([
      [`team:${reds.pk}`, ann],
      [`team:${blues.pk}`, bo],
    ]);
  });

  it('GIVEN the queue is closed while a match is played THEN that match is cancelled too and its players may queue elsewhere', async () => {
    const { p, ann, matchPk, board } = await playing();
    await closeQueue(p.ctx, board);
    expect((await queueMatchView(p.ctx, matchPk))!.match).toMatchObject({
      state: 'cancelled',
      reason: 'closed',
    });
    const other = await p.board({ ownerId: board.ownerId, windowHours: 0, id: 'other' });
    await openQueue(p.ctx, other, {});
    await joinQueue(p.ctx, { board: other, member: ann });
  });

  it('GIVEN the queue is closed THEN waiting members leave it and a ready check is called off', async () => {
    const { p, board, scheduler } = await world();
    const [ann, bo, cy] = [member(), member(), member()];
    for (const who of [ann, bo, cy]) await joinQueue(p.ctx, { board, member: who });
    await scheduler.tick();
    const formed = (await matchOf(p, ann)) ?? (await matchOf(p, bo));
    expect(await closeQueue(p.ctx, board)).toBe(true);
    expect((await queueMatchView(p.ctx, formed!.match.pk))!.match.state).toBe('cancelled');
    await expect(joinQueue(p.ctx, { board, member: cy })).rejects.toMatchObject({
      code: 'not_found',
    });
    // Its message stays, to say it is closed; opening it again reuses it with its settings.
    const closed = (await p.ctx.repos.queues.anyForBoard(board.pk))!;
    expect(closed.closedAt).toEqual(p.ctx.now());
    expect((await queueView(p.ctx, closed.pk))!.waiting).toEqual([]);
    const reopened = await openQueue(p.ctx, board, { settings: { windowStart: 80 } });
    expect(reopened).toMatchObject({ pk: closed.pk, closedAt: null, windowStart: 80 });
    expect(reopened.version).toBeGreaterThan(closed.version);
    await joinQueue(p.ctx, { board, member: cy });
  });
});
