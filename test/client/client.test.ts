import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TallyApiError,
  TallyClient,
  TallyWaitTimeoutError,
  type Written,
} from '../../src/client/index';
import { review } from '../../src/pipeline/review';
import { backendName } from '../support/backends';
import { startTestTally, type TestTally } from '../support/tally';
import { eventually } from '../support/wait';
import { recordingFetch, type Sent } from './support';

/**
 * The typed client (src/client, `tally/client`) against a real Tally in this process: every
 * operation, a replay, a 202 polled to its outcome and cursor pages over ties.
 */
describe(`the API client (${backendName})`, () => {
  let tally: TestTally;
  let ownerId: string;
  let key: string;
  const boards = { elo: '', classic: '', highscore: '', moderated: '' };

  beforeAll(async () => {
    tally = await startTestTally();
    ownerId = await tally.owner();
    key = await tally.key({ ownerId });
    boards.elo = (await tally.board({ ownerId, type: 'ELO', windowHours: 0 })).id;
    boards.classic = (await tally.board({ ownerId, type: 'Classic', windowHours: 0 })).id;
    boards.highscore = (await tally.board({ ownerId, type: 'Highscore', windowHours: 0 })).id;
    boards.moderated = (await tally.board({ ownerId, type: 'Classic', windowHours: 24 })).id;
  });
  afterAll(() => tally.stop());

  const client = (sent: Sent[] = [], options: { apiKey?: string } = {}) =>
    new TallyClient({
      baseUrl: tally.url,
      apiKey: options.apiKey ?? key,
      fetch: recordingFetch(sent),
    });
  const custom = (name: string) => ({ name, custom: true as const });

  it('GIVEN a read-write key THEN all nine operations answer with their typed documents', async () => {
    const api = client();
    const listed = await api.listBoards();
    expect(listed.data.map((b) => b.id)).toEqual(
      expect.arrayContaining([boards.elo, boards.classic, boards.highscore, boards.moderated]),
    );
    expect(listed.has_more).toBe(false);
    const board = await api.getBoard(boards.elo);
    expect(board).toMatchObject({ id: boards.elo, type: 'ELO' });

    const match = await api.createMatch(boards.elo, {
      team1: [custom('Ada')],
      team2: [custom('Bo')],
      winner: 'team1',
    });
    expect([201, 202]).toContain(match.status);
    expect(match.accepted.board).toBe(boards.elo);
    const settled = await api.waitForSubmission(match.accepted.handle, { timeout: 10_000 });
    expect(settled.status).toBe('approved');
    const matchId = settled.match!.id;
    const got = await api.getMatch(boards.elo, matchId);
    expect(got.team1.map((p) => p.player_name)).toEqual(['Ada']);
    expect(got.winner).toBe('team1');
    expect((await api.listMatches(boards.elo)).data.map((m) => m.id)).toEqual([matchId]);
    const entries = await api.listEntries(boards.elo);
    expect(entries.data.map((e) => e.player_name)).toEqual(['Ada', 'Bo']);
    const ada = await api.getEntry(boards.elo, entries.data[0]!.player_id);
    expect(ada).toMatchObject({ rank: 1, player_name: 'Ada', wins: 1 });

    const score = await api.createScore(boards.highscore, { player: custom('Cy'), score: 42 });
    const submission = await api.getSubmission(score.accepted.handle);
    expect(submission.handle).toBe(score.accepted.handle);
    expect(submission.board).toBe(boards.highscore);
  });

  it('GIVEN a write sent twice with one Idempotency-Key THEN the second is the replay of the first and it counts once', async () => {
    const api = client();
    const body = { player: custom('Replayed'), score: 10 };
    const first = await api.createScore(boards.classic, body, { idempotencyKey: 'client-replay' });
    const again = await api.createScore(boards.classic, body, { idempotencyKey: 'client-replay' });
    expect(first.replayed).toBe(false);
    expect(again).toMatchObject({ replayed: true, idempotencyKey: 'client-replay' });
    expect(again.accepted).toEqual(first.accepted);
    await api.waitForSubmission(first.accepted.handle, { timeout: 10_000 });
    const entry = (await api.listEntries(boards.classic)).data.find(
      (e) => e.player_name === 'Replayed',
    );
    expect(entry).toMatchObject({ score: 10, submissions: 1 });
  });

  it('GIVEN writes without a key of their own THEN each gets a fresh one', async () => {
    const sent: Sent[] = [];
    const api = client(sent);
    const a = await api.createScore(boards.classic, { player: custom('Keyless'), score: 1 });
    const b = await api.createScore(boards.classic, { player: custom('Keyless'), score: 1 });
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(sent.map((s) => s.idempotencyKey)).toEqual([a.idempotencyKey, b.idempotencyKey]);
    expect(a.accepted.handle).not.toBe(b.accepted.handle);
  });

  it('GIVEN failures THEN each is a TallyApiError carrying the Problem and its code, and none is retried', async () => {
    const sent: Sent[] = [];
    const api = client(sent);
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => expect.unreachable('answered'),
        (err: unknown) => err as TallyApiError,
      );

    const missing = await refusal(api.getBoard('no_such_board'));
    expect(missing).toBeInstanceOf(TallyApiError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
    expect(missing.problem).toMatchObject({
      status: 404,
      code: 'not_found',
      instance: '/v1/boards/no_such_board',
    });
    expect(missing.requestId).toBe(sent.at(-1)!.requestId);

    const mismatch = await refusal(api.listMatches(boards.classic));
    expect(mismatch).toMatchObject({ status: 422, code: 'board_type_mismatch' });

    const unknown = await refusal(
      api.createScore(boards.classic, { player: { name: 'x' } as never, score: 1 }),
    );
    expect(unknown).toMatchObject({ status: 422, code: 'unknown_player' });
    expect(unknown.idempotencyKey).toBe(sent.at(-1)!.idempotencyKey);

    await api.createScore(
      boards.classic,
      { player: custom('Once'), score: 1 },
      { idempotencyKey: 'client-conflict' },
    );
    const before = sent.length;
    const conflict = await refusal(
      api.createScore(
        boards.classic,
        { player: custom('Once'), score: 2 },
        { idempotencyKey: 'client-conflict' },
      ),
    );
    expect(conflict).toMatchObject({
      status: 409,
      code: 'idempotency_conflict',
      retryAfterMs: null,
    });
    // A key reused with another body is final: sent once, not retried.
    expect(sent.length - before).toBe(1);

    const stranger = await refusal(client([], { apiKey: 'sk_live_nope' }).listBoards());
    expect(stranger).toMatchObject({ status: 401, code: 'authentication_failed' });
    expect(sent.filter((s) => s.status >= 400).map((s) => s.status)).toEqual([404, 422, 422, 409]);
  });

  it('GIVEN a moderated board THEN the write is a 202 and waitForSubmission polls with growing pauses until a moderator decides', async () => {
    const sent: Sent[] = [];
    const api = client(sent);
    const written: Written = await api.createScore(boards.moderated, {
      player: custom('Mod'),
      score: 5,
    });
    expect(written.status).toBe(202);
    expect(written.accepted).toMatchObject({ status: 'queued', applied: false });
    const { handle } = written.accepted;
    // The worker puts it up for review (a moment, or longer on a loaded machine); nothing decides it.
    await eventually(
      async () =>
        (await api.getSubmission(handle)).status === 'pending_review' ? true : undefined,
      'the write to wait for review',
      { timeoutMs: 15_000 },
    );

    // Not decided within a short wait: a timeout naming the status it was left in.
    const early = await api
      .waitForSubmission(handle, { timeout: 600, initialDelayMs: 100 })
      .catch((e: unknown) => e);
    expect(early).toBeInstanceOf(TallyWaitTimeoutError);
    expect(early).toMatchObject({ handle, lastStatus: 'pending_review' });

    const polls = () => sent.filter((s) => s.path === `/v1/submissions/${handle}`);
    const from = polls().length;
    const waiting = api.waitForSubmission(handle, {
      timeout: 10_000,
      initialDelayMs: 100,
      maxDelayMs: 800,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await review(tally.ctx, handle, 'approve', 'chat:1', 'operator');
    const decided = await waiting;
    expect(decided).toMatchObject({ handle, status: 'approved' });

    // The pauses: from each answer to the next poll, so a slow answer (a loaded machine) does
    // not count as pause.
    const mine = polls().slice(from);
    const gaps = mine.slice(1).map((s, i) => s.at - mine[i]!.answeredAt);
    // 100 ms doubling to 800 ms, each at least half its nominal length (jitter) and no more.
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    gaps.forEach((gap, i) => {
      const nominal = Math.min(100 * 2 ** i, 800);
      expect(gap).toBeGreaterThanOrEqual(nominal / 2 - 5);
    });
    expect(Math.max(...gaps.slice(-2))).toBeGreaterThan(gaps[0]! * 2);
  });

  it('GIVEN a wait that is aborted THEN it stops at once with the abort reason', async () => {
    const api = client();
    const { accepted } = await api.createScore(boards.moderated, {
      player: custom('Abort'),
      score: 1,
    });
    const stop = new AbortController();
    // A first pause of 10 to 20 s (jitter): ended by the abort, or not, the difference is plain
    // however loaded the machine.
    const waiting = api.waitForSubmission(accepted.handle, {
      signal: stop.signal,
      initialDelayMs: 20_000,
    });
    setTimeout(() => stop.abort(new Error('enough')), 200);
    const started = Date.now();
    await expect(waiting).rejects.toThrow('enough');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('GIVEN a board whose standings tie across page boundaries THEN iterating its entries yields each once, in rank order, page by page', async () => {
    const sent: Sent[] = [];
    const api = client(sent);
    const tied = (await tally.board({ ownerId, type: 'Highscore', windowHours: 0 })).id;
    const names = Array.from({ length: 23 }, (_, i) => `T${String(i).padStart(2, '0')}`);
    for (const [i, name] of names.entries()) {
      // Three scores only: long runs of ties.
      const w = await api.createScore(tied, { player: custom(name), score: (i % 3) * 100 });
      if (w.status === 202) await api.waitForSubmission(w.accepted.handle, { timeout: 10_000 });
    }
    const seen = [];
    for await (const entry of api.entries(tied, { limit: 4 })) seen.push(entry);
    const pages = sent.filter((s) => s.path.startsWith(`/v1/boards/${tied}/entries`));
    expect(pages).toHaveLength(Math.ceil(names.length / 4));
    expect(new Set(seen.map((e) => e.player_id)).size).toBe(names.length);
    const whole = (await api.listEntries(tied, { limit: 200 })).data;
    expect(seen).toEqual(whole);
    expect(seen.map((e) => e.score)).toEqual([...seen.map((e) => e.score)].sort((a, b) => b! - a!));
    expect(seen.map((e) => e.rank)).toEqual([...seen.map((e) => e.rank)].sort((a, b) => a - b));

    const everyBoard = [];
    for await (const b of api.boards({ limit: 2 })) everyBoard.push(b.id);
    expect(everyBoard).toEqual((await api.listBoards({ limit: 200 })).data.map((b) => b.id));
    const matches = [];
    for await (const m of api.matches(boards.elo, { limit: 1 })) matches.push(m.id);
    expect(matches).toEqual((await api.listMatches(boards.elo)).data.map((m) => m.id));
  });
});
