import type { EntityManager } from 'typeorm';
import { afterEach, describe, expect, it } from 'vitest';
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
 */
const START_TIMEOUT_MS = 20_000;
const SETTLE_TIMEOUT_MS = 15_000;
const TEST_TIMEOUT_MS = 60_000;
/** `tally serve`'s SYNC_WAIT_MS here (the default: spawnServe leaves it unset). */
const DEFAULT_SYNC_WAIT_MS = 3000;

interface Setup {
  databaseUrl: string;
  ownerId: string;
  key: string;
  classic: string;
  elo: string;
}

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: Record<string, unknown>;
}

describe(`a SIGKILL at each stage of a write (${backendName})`, () => {
  const children = new Set<Served>();
  const cleanups: (() => Promise<void>)[] = [];

  afterEach(async () => {
    for (const served of children) await endServed(served, 'SIGKILL');
    children.clear();
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /** A fresh database (SQLite file or MariaDB database) with an owner, two boards and a key. */
  async function setup(): Promise<Setup> {
    const database = await createSharedDatabase('tally-crash-');
    cleanups.push(() => database.drop());
    return inDatabase(database.url, async ({ ctx }) => {
      const ownerId = await newOwner(ctx);
      const classic = await createBoard(ctx, { ownerId, type: 'Classic', windowHours: 0 });
      const elo = await createBoard(ctx, { ownerId, type: 'ELO', windowHours: 0 });
      const key = await mintKey(ctx, { ownerId, type: 'live', access: 'read-write' });
      return {
        databaseUrl: database.url,
        ownerId,
        key: key.secret,
        classic: classic.id,
        elo: elo.id,
      };
    });
  }

  /** `tally serve` on the test database, killed after the test if still running. */
  async function serve(databaseUrl: string, crashAt?: CrashPoint): Promise<Served> {
    // Redis buckets of `tally serve` use the fixed prefix `tally:`: no test shares a limit.
    const served = await spawnServe(
      databaseUrl,
      crashAt ? { TALLY_CRASH_AT: crashAt } : {},
      START_TIMEOUT_MS,
    );
    children.add(served);
    return served;
  }

  async function stop(served: Served): Promise<void> {
    served.child.kill('SIGTERM');
    await within(10_000, 'tally serve to stop', served.exited);
  }

  async function request(
    served: Served,
    s: Setup,
    method: string,
    path: string,
    init: { idempotencyKey?: string; body?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { authorization: `Bearer ${s.key}` };
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

  /**
   * The retry of a write whose request died after its commit, as a client following the spec
   * sends it: while the dead request's answer is provisional (its lease, at most the sync wait
   * and IDEMPOTENCY_LEASE_MS) it is in flight, a 409 with Retry-After: 1 (spec 4.11.4); then
   * the stored answer. It never blocks for longer than that lease.
   */
  async function retryAfterCrash(
    served: Served,
    s: Setup,
    path: string,
    init: { idempotencyKey: string; body: string },
  ): Promise<Reply> {
    const deadline = Date.now() + DEFAULT_SYNC_WAIT_MS + IDEMPOTENCY_LEASE_MS + 5000;
    for (;;) {
      const reply = await request(served, s, 'POST', path, init);
      if (reply.status !== 409) return reply;
      expect(reply.body, reply.text).toMatchObject({ code: 'idempotency_conflict' });
      expect(reply.headers.get('retry-after')).toBe('1');
      expect(Date.now(), 'the dead request still holds its key').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  /** The write that the crashing process never answers: the connection just drops. */
  async function writeIntoCrash(served: Served, s: Setup, path: string, key: string, body: string) {
    const answered = await request(served, s, 'POST', path, { idempotencyKey: key, body }).then(
      (reply) => reply,
      () => null,
    );
    const how = await within(10_000, 'the child to die', served.exited);
    expect(how, served.output()).toEqual({ code: null, signal: 'SIGKILL' });
    expect(answered, 'the client never got an answer').toBeNull();
  }

  /** The submission once it is neither queued nor processing (the handle reads 200 throughout). */
  async function settled(served: Served, s: Setup, handle: string): Promise<Reply> {
    const pending = (reply: Reply) =>
      reply.status === 200 &&
      (reply.body.status === 'queued' || reply.body.status === 'processing');
    const reply = await pollUntil(
      () => request(served, s, 'GET', `/v1/submissions/${handle}`),
      (r) => !pending(r),
      { timeoutMs: SETTLE_TIMEOUT_MS, intervalMs: 100 },
    );
    expect(reply.status, reply.text).toBe(200);
    if (pending(reply)) throw new Error(`${handle} is still ${String(reply.body.status)}`);
    return reply;
  }

  /** An EntityManager on the test database for the assertions, opened and closed per call. */
  function onDatabase<T>(s: Setup, run: (m: EntityManager) => Promise<T>): Promise<T> {
    return inDatabase(s.databaseUrl, ({ db }) => db.run(run));
  }

  /** Every row that can show a lost or doubled write, for one board. */
  async function rowsOf(s: Setup, board: string) {
    return onDatabase(s, async (m) => {
      const { pk: boardPk } = await m.findOneByOrFail(BoardEntity, {
        ownerId: s.ownerId,
        id: board,
      });
      const matches = await m.findBy(MatchEntity, { boardPk });
      return {
        submissions: await m.find(SubmissionEntity, { where: { boardPk }, order: { id: 'ASC' } }),
        scores: await m.findBy(ScoreEntity, { boardPk }),
        matches,
        roster: await m.find(MatchParticipantEntity, {
          where: { boardPk },
          order: { side: 'ASC', position: 'ASC' },
        }),
        entries: await m.find(EntryEntity, { where: { boardPk }, order: { playerId: 'ASC' } }),
        records: await m.findBy(IdempotencyRecordEntity, { ownerId: s.ownerId }),
      };
    });
  }

  const SCORE = JSON.stringify({ player: { name: 'Ann', custom: true }, score: 7 });

  /** Exactly one submission, one score, applied once: Classic accumulates, so once is 7 and 1. */
  async function expectScoreAppliedOnce(s: Setup) {
    const rows = await rowsOf(s, s.classic);
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
      async () => {
        const s = await setup();
        const path = `/v1/boards/${s.classic}/scores`;
        const crashing = await serve(s.databaseUrl, stage);
        await writeIntoCrash(crashing, s, path, `crash-${stage}`, SCORE);

        // What the kill left behind: the handle is durable; processing committed all or nothing.
        const left = await rowsOf(s, s.classic);
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

        const restarted = await serve(s.databaseUrl);
        const handle = `sub_${left.submissions[0]?.id}`;
        const retry = await retryAfterCrash(restarted, s, path, {
          idempotencyKey: `crash-${stage}`,
          body: SCORE,
        });
        // spec 4.11.2: the stored response (the 202 committed with the handle), replayed.
        expect(retry.status, retry.text).toBe(202);
        expect(retry.headers.get('idempotent-replayed')).toBe('true');
        expect(retry.body).toMatchObject({ handle, status: 'queued', applied: false });
        expect((await settled(restarted, s, handle)).body).toMatchObject({ status: 'approved' });
        await stop(restarted);

        const submission = await expectScoreAppliedOnce(s);
        expect(submission.attempts).toBe(1);
      },
      TEST_TIMEOUT_MS,
    );
  }

  it(
    'GIVEN a kill at enqueue:before-commit THEN nothing was queued or recorded, and the retry executes at once, exactly once',
    async () => {
      const s = await setup();
      const path = `/v1/boards/${s.classic}/scores`;
      const key = 'crash-enqueue:before-commit';
      const crashing = await serve(s.databaseUrl, 'enqueue:before-commit');
      await writeIntoCrash(crashing, s, path, key, SCORE);

      // The submission and the key's record were one transaction: neither committed, and the
      // key was never claimed before it, so nothing holds it (DESIGN.md 3).
      const left = await rowsOf(s, s.classic);
      expect(left.submissions).toEqual([]);
      expect(left.records).toEqual([]);

      const restarted = await serve(s.databaseUrl);
      const executed = await request(restarted, s, 'POST', path, {
        idempotencyKey: key,
        body: SCORE,
      });
      expect([201, 202], executed.text).toContain(executed.status);
      expect(executed.headers.get('idempotent-replayed')).toBe('false');
      const handle = String(executed.body.handle);
      expect((await settled(restarted, s, handle)).body).toMatchObject({ status: 'approved' });

      // From now on the key replays the stored answer; nothing is enqueued again (spec 4.11.2).
      const replay = await request(restarted, s, 'POST', path, {
        idempotencyKey: key,
        body: SCORE,
      });
      expect(replay.status).toBe(executed.status);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toMatchObject({ handle });
      await stop(restarted);

      const submission = await expectScoreAppliedOnce(s);
      expect(`sub_${submission.id}`).toBe(handle);
      expect((await rowsOf(s, s.classic)).records).toHaveLength(1);
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
      async () => {
        const s = await setup();
        const path = `/v1/boards/${s.elo}/matches`;
        const crashing = await serve(s.databaseUrl, stage);
        await writeIntoCrash(crashing, s, path, `crash-${stage}`, MATCH);
        const left = await rowsOf(s, s.elo);
        expect(left.submissions).toHaveLength(1);
        expect(left.matches).toEqual([]);
        expect(left.entries).toEqual([]);

        const restarted = await serve(s.databaseUrl);
        const handle = `sub_${left.submissions[0]?.id}`;
        const retry = await retryAfterCrash(restarted, s, path, {
          idempotencyKey: `crash-${stage}`,
          body: MATCH,
        });
        expect(retry.status, retry.text).toBe(202);
        expect(retry.headers.get('idempotent-replayed')).toBe('true');
        expect((await settled(restarted, s, handle)).body).toMatchObject({ status: 'approved' });
        await stop(restarted);

        // Both at the start rating 1000 with K 32: E = ½, delta = round(32·½) = 16, once.
        const rows = await rowsOf(s, s.elo);
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
