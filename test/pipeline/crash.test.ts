import type { EntityManager } from 'typeorm';
import { describe, it, type TestContext } from 'vitest';
import { BoardEntity } from '../../entities/board';
import { EntryEntity } from '../../entities/entry';
import { IdempotencyRecordEntity } from '../../entities/idempotency-record';
import { MatchEntity } from '../../entities/match';
import { MatchParticipantEntity } from '../../entities/match-participant';
import { ScoreEntity } from '../../entities/score';
import { SubmissionEntity } from '../../entities/submission';
import { createBoard } from '../../src/pipeline/boards';
import type { CrashPoint } from '../../src/pipeline/crash-points';
import { IDEMPOTENCY_LEASE_MS } from '../../src/pipeline/idempotency';
import { mintKey } from '../../src/pipeline/keys';
import { backendName } from '../support/backends';
import { newOwner } from '../support/pipeline';
import { spawnServe, within, type Served } from '../support/serve';
import { createSharedDatabase, endServed, inDatabase } from '../support/shared-database';
import { pollUntil } from '../support/wait';

/**
 * DESIGN.md 1: "a crash at any point loses nothing; processing a row twice must not apply it
 * twice". Each test runs the real `tally serve` binary as a child process with TALLY_CRASH_AT
 * naming one stage (src/pipeline/crash-points.ts), sends one write on an auto-applying board,
 * sees the process SIGKILL itself mid-request, restarts it without the crash point, retries the
 * same request with the same Idempotency-Key (spec 4.11) and then counts rows in the database.
 *
 * Each test has a database and processes of its own, so they run side by side: most of a test is
 * waiting for the dead request's lease to run out (the crashing process's sync wait and
 * IDEMPOTENCY_LEASE_MS, 10 s), and waits overlap.
 */
const START_TIMEOUT_MS = 20_000;
const SETTLE_TIMEOUT_MS = 15_000;
const TEST_TIMEOUT_MS = 90_000;
/**
 * SYNC_WAIT_MS of the process that kills itself: its request must still be waiting when the
 * worker reaches the crash point. With the default 3 s a loaded CI machine once answered the
 * 202 first (a fresh process's first ELO match on MariaDB, beside the whole suite).
 */
const CRASH_SYNC_WAIT_MS = 8000;
/** How long a write's provisional answer holds its key after its commit (src/pipeline/idempotency.ts). */
const LEASE_MS = CRASH_SYNC_WAIT_MS + IDEMPOTENCY_LEASE_MS;

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: Record<string, unknown>;
}

/** When the write that crashed its process was sent, and when the test saw the process dead. */
interface Crash {
  sentAt: number;
  diedAt: number;
}

type Board = 'classic' | 'elo';

/**
 * One test's world: a fresh database (SQLite file or MariaDB database) with an owner, two boards
 * and a key, the `tally serve` processes on it, all ended when the test finishes. Assertions go
 * through the test's own `expect`, as concurrent tests need.
 */
class Scenario {
  private constructor(
    private readonly t: TestContext,
    private readonly children: Set<Served>,
    readonly databaseUrl: string,
    readonly ownerId: string,
    readonly key: string,
    readonly boards: Record<Board, string>,
  ) {}

  static async open(t: TestContext): Promise<Scenario> {
    const database = await createSharedDatabase('tally-crash-');
    const children = new Set<Served>();
    t.onTestFinished(async () => {
      for (const served of children) await endServed(served, 'SIGKILL');
      await database.drop();
    });
    return inDatabase(database.url, async ({ ctx }) => {
      const ownerId = await newOwner(ctx);
      const classic = await createBoard(ctx, { ownerId, type: 'Classic', windowHours: 0 });
      const elo = await createBoard(ctx, { ownerId, type: 'ELO', windowHours: 0 });
      const key = await mintKey(ctx, { ownerId, type: 'live', access: 'read-write' });
      return new Scenario(t, children, database.url, ownerId, key.secret, {
        classic: classic.id,
        elo: elo.id,
      });
    });
  }

  /** `tally serve` on the scenario's database, killed after the test if still running. */
  async serve(crashAt?: CrashPoint): Promise<Served> {
    // Redis buckets of `tally serve` use the fixed prefix `tally:`; limits are raised out of the way.
    const served = await spawnServe(
      this.databaseUrl,
      crashAt ? { TALLY_CRASH_AT: crashAt, SYNC_WAIT_MS: String(CRASH_SYNC_WAIT_MS) } : {},
      START_TIMEOUT_MS,
    );
    this.children.add(served);
    return served;
  }

  async stop(served: Served): Promise<void> {
    served.child.kill('SIGTERM');
    await within(10_000, 'tally serve to stop', served.exited);
  }

  async request(
    served: Served,
    method: string,
    path: string,
    init: { idempotencyKey?: string; body?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}` };
    if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${served.url}${path}`, {
      method,
      headers,
      body: init.body,
      signal: AbortSignal.timeout(SETTLE_TIMEOUT_MS),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
  }

  /** The write that the crashing process never answers: the connection just drops. */
  async writeIntoCrash(served: Served, path: string, key: string, body: string): Promise<Crash> {
    const { expect } = this.t;
    const sentAt = Date.now();
    const answered = await this.request(served, 'POST', path, { idempotencyKey: key, body }).then(
      (reply) => reply,
      () => null,
    );
    const how = await within(10_000, 'the child to die', served.exited);
    const diedAt = Date.now();
    expect(how, served.output()).toEqual({ code: null, signal: 'SIGKILL' });
    expect(answered, 'the client never got an answer').toBeNull();
    return { sentAt, diedAt };
  }

  /**
   * The retry of a write whose request died after its commit, as a client following the spec
   * sends it: while the dead request's answer is provisional (its lease, LEASE_MS from its
   * commit) it is in flight, a 409 with Retry-After: 1 (spec 4.11.4); then the stored answer.
   * The commit came after the write was sent and before the process died, so a retry answered
   * before `sentAt + LEASE_MS` must be a 409 and none sent after `diedAt + LEASE_MS` may be: both
   * bounds hold however slowly a loaded machine restarts the process. `final`: the worker had
   * already stored the write's final answer with what it applied (a kill after its commit), so
   * nothing is in flight and even a retry inside the lease is that answer, replayed.
   */
  async retryAfterCrash(
    served: Served,
    path: string,
    init: { idempotencyKey: string; body: string },
    crash: Crash,
    final = false,
  ): Promise<Reply> {
    const { expect } = this.t;
    for (;;) {
      const sentAt = Date.now();
      const reply = await this.request(served, 'POST', path, init);
      if (final) expect(reply.status, `a final answer: ${reply.text}`).not.toBe(409);
      else if (Date.now() < crash.sentAt + LEASE_MS) {
        expect(reply.status, `inside the dead request's lease: ${reply.text}`).toBe(409);
      }
      if (reply.status !== 409) return reply;
      expect(reply.body, reply.text).toMatchObject({ code: 'idempotency_conflict' });
      expect(reply.headers.get('retry-after')).toBe('1');
      expect(sentAt, 'the dead request held its key past its lease').toBeLessThanOrEqual(
        crash.diedAt + LEASE_MS,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  /** The submission once it is neither queued nor processing (the handle reads 200 throughout). */
  async settled(served: Served, handle: string): Promise<Reply> {
    const pending = (reply: Reply) =>
      reply.status === 200 &&
      (reply.body.status === 'queued' || reply.body.status === 'processing');
    const reply = await pollUntil(
      () => this.request(served, 'GET', `/v1/submissions/${handle}`),
      (r) => !pending(r),
      { timeoutMs: SETTLE_TIMEOUT_MS, intervalMs: 100 },
    );
    this.t.expect(reply.status, reply.text).toBe(200);
    if (pending(reply)) throw new Error(`${handle} is still ${String(reply.body.status)}`);
    return reply;
  }

  /** Every row that can show a lost or doubled write, for one board. */
  async rowsOf(board: Board) {
    return inDatabase(this.databaseUrl, ({ db }) =>
      db.run(async (m: EntityManager) => {
        const { pk: boardPk } = await m.findOneByOrFail(BoardEntity, {
          ownerId: this.ownerId,
          id: this.boards[board],
        });
        return {
          submissions: await m.find(SubmissionEntity, { where: { boardPk }, order: { id: 'ASC' } }),
          scores: await m.findBy(ScoreEntity, { boardPk }),
          matches: await m.findBy(MatchEntity, { boardPk }),
          roster: await m.find(MatchParticipantEntity, {
            where: { boardPk },
            order: { side: 'ASC', position: 'ASC' },
          }),
          entries: await m.find(EntryEntity, { where: { boardPk }, order: { playerId: 'ASC' } }),
          records: await m.findBy(IdempotencyRecordEntity, { ownerId: this.ownerId }),
        };
      }),
    );
  }

  /** Exactly one submission, one score, applied once: Classic accumulates, so once is 7 and 1. */
  async expectScoreAppliedOnce() {
    const { expect } = this.t;
    const rows = await this.rowsOf('classic');
    expect(rows.submissions).toHaveLength(1);
    const [submission] = rows.submissions;
    expect(submission?.status).toBe('approved');
    expect(rows.scores).toHaveLength(1);
    expect(rows.scores[0]).toMatchObject({ submissionId: submission?.id, status: 'approved' });
    expect(submission?.scorePk).toBe(rows.scores[0]?.pk);
    expect(rows.entries).toHaveLength(1);
    expect(rows.entries[0]).toMatchObject({ playerId: 'custom:Ann', submissions: 1 });
    expect(Number(rows.entries[0]?.score)).toBe(7);
    expect(rows.records).toHaveLength(1);
    expect(rows.records[0]).toMatchObject({ state: 'done', submissionId: submission?.id });
    return submission!;
  }
}

describe.concurrent(`a SIGKILL at each stage of a write (${backendName})`, () => {
  const SCORE = JSON.stringify({ player: { name: 'Ann', custom: true }, score: 7 });

  // After the enqueue committed, the record holds the 202: once the dead request's lease ran out
  // the retry is its replay and nothing more.
  const committedStages: CrashPoint[] = [
    'enqueue:after-commit',
    'process:after-claim',
    'process:after-record',
    'process:after-apply',
    'process:after-commit',
  ];

  for (const stage of committedStages) {
    it(
      `GIVEN a kill at ${stage} THEN the restarted worker applies the score once and the retry is a replay`,
      async (t) => {
        const { expect } = t;
        const s = await Scenario.open(t);
        const path = `/v1/boards/${s.boards.classic}/scores`;
        const crashing = await s.serve(stage);
        const crash = await s.writeIntoCrash(crashing, path, `crash-${stage}`, SCORE);

        // What the kill left behind: the handle is durable; processing committed all or nothing.
        const left = await s.rowsOf('classic');
        expect(left.submissions).toHaveLength(1);
        expect(left.records[0]).toMatchObject({ state: 'done' });
        if (stage === 'process:after-commit') {
          expect(left.submissions[0]?.status).toBe('approved');
          expect(left.scores).toHaveLength(1);
        } else {
          expect(left.submissions[0]).toMatchObject({ status: 'queued', scorePk: null });
          expect(left.scores).toEqual([]);
          expect(left.entries).toEqual([]);
        }

        const restarted = await s.serve();
        const handle = `sub_${left.submissions[0]?.id}`;
        const retry = await s.retryAfterCrash(
          restarted,
          path,
          { idempotencyKey: `crash-${stage}`, body: SCORE },
          crash,
          stage === 'process:after-commit',
        );
        expect(retry.headers.get('idempotent-replayed')).toBe('true');
        if (stage === 'process:after-commit') {
          // spec 4.11.2: the 201 the worker stored with the write it applied, replayed.
          expect(retry.status, retry.text).toBe(201);
          expect(retry.body).toMatchObject({ handle, status: 'approved', applied: true });
        } else {
          // spec 4.11.2: the stored response (the 202 committed with the handle), replayed.
          expect(retry.status, retry.text).toBe(202);
          expect(retry.body).toMatchObject({ handle, status: 'queued', applied: false });
        }
        expect((await s.settled(restarted, handle)).body).toMatchObject({ status: 'approved' });
        await s.stop(restarted);

        const submission = await s.expectScoreAppliedOnce();
        expect(submission.attempts).toBe(1);
      },
      TEST_TIMEOUT_MS,
    );
  }

  it(
    'GIVEN a kill at enqueue:before-commit THEN nothing was queued or recorded, and the retry executes at once, exactly once',
    async (t) => {
      const { expect } = t;
      const s = await Scenario.open(t);
      const path = `/v1/boards/${s.boards.classic}/scores`;
      const key = 'crash-enqueue:before-commit';
      const crashing = await s.serve('enqueue:before-commit');
      await s.writeIntoCrash(crashing, path, key, SCORE);

      // The submission and the key's record were one transaction: neither committed, and the
      // key was never claimed before it, so nothing holds it (DESIGN.md 3).
      const left = await s.rowsOf('classic');
      expect(left.submissions).toEqual([]);
      expect(left.records).toEqual([]);

      const restarted = await s.serve();
      const executed = await s.request(restarted, 'POST', path, {
        idempotencyKey: key,
        body: SCORE,
      });
      expect([201, 202], executed.text).toContain(executed.status);
      expect(executed.headers.get('idempotent-replayed')).toBe('false');
      const handle = String(executed.body.handle);
      expect((await s.settled(restarted, handle)).body).toMatchObject({ status: 'approved' });

      // From now on the key replays the stored answer; nothing is enqueued again (spec 4.11.2).
      const replay = await s.request(restarted, 'POST', path, { idempotencyKey: key, body: SCORE });
      expect(replay.status).toBe(executed.status);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toMatchObject({ handle });
      await s.stop(restarted);

      const submission = await s.expectScoreAppliedOnce();
      expect(`sub_${submission.id}`).toBe(handle);
      expect((await s.rowsOf('classic')).records).toHaveLength(1);
    },
    TEST_TIMEOUT_MS,
  );

  const MATCH = JSON.stringify({
    team1: [{ name: 'Ann', custom: true }],
    team2: [{ name: 'Bob', custom: true }],
    winner: 'team1',
  });

  for (const stage of ['apply:after-entries', 'process:after-apply'] as const) {
    it(
      `GIVEN an ELO match and a kill at ${stage} THEN the rating delta is applied exactly once`,
      async (t) => {
        const { expect } = t;
        const s = await Scenario.open(t);
        const path = `/v1/boards/${s.boards.elo}/matches`;
        const crashing = await s.serve(stage);
        const crash = await s.writeIntoCrash(crashing, path, `crash-${stage}`, MATCH);
        const left = await s.rowsOf('elo');
        expect(left.submissions).toHaveLength(1);
        expect(left.matches).toEqual([]);
        expect(left.entries).toEqual([]);

        const restarted = await s.serve();
        const handle = `sub_${left.submissions[0]?.id}`;
        const retry = await s.retryAfterCrash(
          restarted,
          path,
          { idempotencyKey: `crash-${stage}`, body: MATCH },
          crash,
        );
        expect(retry.status, retry.text).toBe(202);
        expect(retry.headers.get('idempotent-replayed')).toBe('true');
        expect((await s.settled(restarted, handle)).body).toMatchObject({ status: 'approved' });
        await s.stop(restarted);

        // Both at the start rating 1000 with K 32: E = ½, delta = round(32·½) = 16, once.
        const rows = await s.rowsOf('elo');
        expect(rows.submissions).toHaveLength(1);
        expect(rows.matches).toHaveLength(1);
        expect(rows.matches[0]).toMatchObject({
          number: 1,
          status: 'approved',
          submissionId: rows.submissions[0]?.id,
        });
        expect(rows.roster.map((slot) => [slot.playerId, slot.eloBefore, slot.eloDelta])).toEqual([
          ['custom:Ann', 1000, 16],
          ['custom:Bob', 1000, -16],
        ]);
        expect(
          rows.entries.map((e) => [e.playerId, Number(e.elo), e.wins, e.losses, e.draws]),
        ).toEqual([
          ['custom:Ann', 1016, 1, 0, 0],
          ['custom:Bob', 984, 0, 1, 0],
        ]);
      },
      TEST_TIMEOUT_MS,
    );
  }
});
