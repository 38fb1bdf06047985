import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { EntryEntity } from '../../entities/entry';
import { MatchEntity } from '../../entities/match';
import { MatchParticipantEntity } from '../../entities/match-participant';
import { ScoreEntity } from '../../entities/score';
import { SubmissionEntity } from '../../entities/submission';
import { OfflineChat, type ChatPort } from '../../src/pipeline/chat-port';
import { eloDeltas } from '../../src/domain/elo';
import { createBoard } from '../../src/pipeline/boards';
import { mintKey } from '../../src/pipeline/keys';
import { MAX_ATTEMPTS, Worker } from '../../src/pipeline/worker';
import { backendName } from '../support/backends';
import { customPlayer, newOwner, startPipeline } from '../support/pipeline';
import { spawnServe, type Served } from '../support/serve';
import { createSharedDatabase, endServed, inDatabase } from '../support/shared-database';
import { pollUntil } from '../support/wait';

/**
 * DESIGN.md 1–2: any process may claim queue rows; scoring on one board is serialised and in
 * submission order; nothing is applied twice. Two real `tally serve` processes (each with its
 * own HTTP server, worker and connection pool) share one database: MariaDB when TEST_MYSQL_URL
 * is set (board row locks with SKIP LOCKED), otherwise one SQLite file (WAL, one writer at a
 * time across processes). Both take writes and both work the queue; then every row is counted.
 */
const TOTAL = 200;
const IN_FLIGHT = 12;
const PLAYERS = ['Ann', 'Bob', 'Cid', 'Dee'];
interface Sent {
  board: 'classicA' | 'classicB' | 'elo';
  handle: string;
  status: number;
  /** The reply's body, to show with a refused write. */
  reply: string;
  score?: { player: string; value: number };
  match?: { team1: string; team2: string; winner: 'team1' | 'team2' | 'draw' };
}

describe(`two worker processes on one database (${backendName})`, () => {
  let database: Awaited<ReturnType<typeof createSharedDatabase>>;
  let key: string;
  const boards = {} as Record<Sent['board'], Board>;
  const servers: Served[] = [];
  /** What the two processes were sent, what was left queued once they were done, every row. */
  let sent: Sent[];
  let queuedAfterDrain: number;
  let rows: Awaited<ReturnType<typeof loadRows>>;

  // The run every test below looks at, from its own angle: TOTAL writes through both processes,
  // then the rows they left. No test changes anything, so each passes alone and in any order.
  beforeAll(async () => {
    database = await createSharedDatabase('tally-workers-');
    await inDatabase(database.url, async ({ ctx }) => {
      const ownerId = await newOwner(ctx);
      boards.classicA = await createBoard(ctx, { ownerId, type: 'Classic', windowHours: 0 });
      boards.classicB = await createBoard(ctx, { ownerId, type: 'Classic', windowHours: 0 });
      boards.elo = await createBoard(ctx, { ownerId, type: 'ELO', windowHours: 0 });
      key = (await mintKey(ctx, { ownerId, type: 'live', access: 'read-write' })).secret;
    });
    servers.push(...(await Promise.all([serve(), serve()])));
    sent = await sendAll();
    queuedAfterDrain = await pollUntil(countQueued, (left) => left === 0, {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    rows = await loadRows();
  }, 90_000);

  afterAll(async () => {
    for (const served of servers) await endServed(served);
    await database?.drop();
  });

  // Short sync wait: without Redis a write applied by the other process is only seen by polling.
  const serve = () => spawnServe(database.url, { SYNC_WAIT_MS: '250' });

  /** The i-th write: Classic scores on two boards and 1v1 ELO matches, in a fixed mix. */
  function writeOf(i: number): { board: Sent['board']; body: object; sent: Partial<Sent> } {
    const board = i % 10 < 7 ? (i % 2 === 0 ? 'classicA' : 'classicB') : 'elo';
    if (board !== 'elo') {
      const player = PLAYERS[i % 3] ?? 'Ann';
      const value = ((i * 37) % 101) - 20;
      return {
        board,
        body: { player: customPlayer(player), score: value },
        sent: { score: { player: `custom:${player}`, value } },
      };
    }
    const a = PLAYERS[i % 4] ?? 'Ann';
    const b = PLAYERS[(i + 1 + (i % 3)) % 4] ?? 'Bob';
    const winner = (['team1', 'team2', 'draw'] as const)[(i * 7) % 3] ?? 'draw';
    return {
      board,
      body: { team1: [customPlayer(a)], team2: [customPlayer(b)], winner },
      sent: { match: { team1: `custom:${a}`, team2: `custom:${b}`, winner } },
    };
  }

  async function sendAll(): Promise<Sent[]> {
    const done: Sent[] = [];
    let next = 0;
    const sender = async () => {
      for (let i = next++; i < TOTAL; i = next++) {
        const { board, body, sent: what } = writeOf(i);
        const kind = board === 'elo' ? 'matches' : 'scores';
        const res = await fetch(`${servers[i % 2]!.url}/v1/boards/${boards[board].id}/${kind}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            'idempotency-key': `two-workers-${i}`,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        });
        const reply = await res.text();
        const { handle } = JSON.parse(reply) as { handle: string };
        done.push({ ...what, board, handle, status: res.status, reply });
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
    return done;
  }

  const countQueued = () =>
    inDatabase(database.url, ({ ctx }) =>
      ctx.repos.db.run((m) => m.countBy(SubmissionEntity, { status: 'queued' })),
    );

  function loadRows() {
    return inDatabase(database.url, ({ ctx }) =>
      ctx.repos.db.run(async (m) => ({
        submissions: await m.find(SubmissionEntity, { order: { id: 'ASC' } }),
        scores: await m.find(ScoreEntity, { order: { pk: 'ASC' } }),
        matches: await m.find(MatchEntity, { order: { pk: 'ASC' } }),
        roster: await m.find(MatchParticipantEntity, { order: { matchPk: 'ASC', side: 'ASC' } }),
        entries: await m.find(EntryEntity),
      })),
    );
  }

  it(`GIVEN ${TOTAL} writes through both APIs at once THEN every one is accepted with its own handle and none stays queued`, () => {
    for (const s of sent) expect([201, 202], s.reply).toContain(s.status);
    const mix = { classicA: 0, classicB: 0, elo: 0 };
    for (const s of sent) mix[s.board]++;
    expect(mix).toEqual({ classicA: 80, classicB: 60, elo: 60 });
    expect(new Set(sent.map((s) => s.handle)).size).toBe(TOTAL);
    expect(queuedAfterDrain, 'submissions still queued').toBe(0);
  });

  it('THEN every submission is approved with exactly one result row, created on the first try', () => {
    expect(rows.submissions).toHaveLength(TOTAL);
    expect(rows.submissions.filter((s) => s.status !== 'approved')).toEqual([]);
    expect(rows.scores.length + rows.matches.length).toBe(TOTAL);
    const resultOf = new Map<number, number>();
    for (const r of [...rows.scores, ...rows.matches]) {
      expect(resultOf.has(r.submissionId!), `two results for sub_${r.submissionId}`).toBe(false);
      resultOf.set(r.submissionId!, r.pk);
    }
    for (const s of rows.submissions) {
      expect(resultOf.get(s.id)).toBe(s.scorePk ?? s.matchPk);
      expect(s.attempts).toBe(1);
    }
  });

  it('THEN each Classic board took its scores in queue order and its totals are the sums sent', () => {
    for (const name of ['classicA', 'classicB'] as const) {
      const board = boards[name];
      const ids = rows.scores.filter((r) => r.boardPk === board.pk).map((r) => r.submissionId!);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const expected = new Map<string, { score: number; submissions: number }>();
      for (const { score } of sent.filter((x) => x.board === name)) {
        const e = expected.get(score!.player) ?? { score: 0, submissions: 0 };
        expected.set(score!.player, {
          score: e.score + score!.value,
          submissions: e.submissions + 1,
        });
      }
      const actual = rows.entries
        .filter((e) => e.boardPk === board.pk)
        .map((e) => [e.playerId, { score: Number(e.score), submissions: e.submissions }] as const);
      expect(new Map(actual)).toEqual(expected);
    }
  });

  it('THEN the ELO board replays exactly: matches in queue order, each snapshot the ratings before it', () => {
    const matches = rows.matches.filter((r) => r.boardPk === boards.elo.pk);
    expect(matches.map((m) => m.number)).toEqual(matches.map((_, i) => i + 1));
    const ids = matches.map((m) => m.submissionId!);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const byHandle = new Map(sent.map((s) => [s.handle, s]));
    const rating = new Map<string, number>();
    const expectedRoster: [number, string, number, number][] = [];
    for (const match of matches) {
      const s = byHandle.get(`sub_${match.submissionId}`)!.match!;
      const r1 = rating.get(s.team1) ?? 1000;
      const r2 = rating.get(s.team2) ?? 1000;
      const delta = eloDeltas({ team1: [r1], team2: [r2] }, s.winner, 32);
      const loss = delta === 0 ? 0 : -delta; // never −0
      expectedRoster.push([match.pk, s.team1, r1, delta], [match.pk, s.team2, r2, loss]);
      rating.set(s.team1, r1 + delta);
      rating.set(s.team2, r2 + loss);
    }
    const roster = rows.roster.filter((r) => r.boardPk === boards.elo.pk);
    expect(roster.map((r) => [r.matchPk, r.playerId, r.eloBefore, r.eloDelta])).toEqual(
      expectedRoster,
    );
    const entries = rows.entries.filter((e) => e.boardPk === boards.elo.pk);
    expect(new Map(entries.map((e) => [e.playerId, e.elo]))).toEqual(rating);
  });

  it('THEN a handle reads approved through either process', async () => {
    for (const [i, s] of sent.slice(0, 6).entries()) {
      const res = await fetch(`${servers[i % 2]!.url}/v1/submissions/${s.handle}`, {
        headers: { authorization: `Bearer ${key}` },
        signal: AbortSignal.timeout(10_000),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ handle: s.handle, status: 'approved' });
    }
  });
});

/**
 * What the run above provoked by chance, made certain: a worker that loses a lock race (on
 * MariaDB a deadlock victim, on SQLite a busy database) more often than MAX_ATTEMPTS. The race is
 * lost in the chat port, the first step of processing, with the errors the drivers raise.
 */
describe(`a worker losing lock races to another worker (${backendName})`, () => {
  /** Errors shaped as mysql2 and better-sqlite3 raise them (TypeORM copies code and errno). */
  const driverError = (message: string, fields: { code: string; errno?: number }) =>
    Object.assign(new Error(message), fields);
  const races = {
    'a MariaDB deadlock': () =>
      driverError('Deadlock found when trying to get lock; try restarting transaction', {
        code: 'ER_LOCK_DEADLOCK',
        errno: 1213,
      }),
    'a busy SQLite database': () =>
      driverError('database is locked', { code: 'SQLITE_BUSY_SNAPSHOT' }),
  };

  for (const [name, raceLost] of Object.entries(races)) {
    it(`GIVEN ${name} on more than MAX_ATTEMPTS tries THEN the write is retried, never failed, and applied once`, async () => {
      const t = await startPipeline();
      try {
        const board = await t.board({ type: 'Classic', windowHours: 0 });
        const { submission } = await t.submitScore(board, customPlayer('Ann'), 5);
        let lost = 0;
        const offline = new OfflineChat();
        const chat: ChatPort = {
          resolveNames(...args) {
            if (lost++ < MAX_ATTEMPTS + 2) return Promise.reject(raceLost());
            return offline.resolveNames(...args);
          },
        };
        const worker = new Worker(t.ctx, chat, t.ctx.signals);
        for (let pass = 0; pass < MAX_ATTEMPTS + 3; pass++) await worker.runOnce();

        expect(lost).toBe(MAX_ATTEMPTS + 3);
        const after = await t.ctx.repos.submissions.byId(submission.id);
        expect(after).toMatchObject({ status: 'approved', failureReason: null, attempts: 1 });
        const rows = await t.ctx.repos.db.run(async (m) => ({
          scores: await m.findBy(ScoreEntity, { boardPk: board.pk }),
          entries: await m.findBy(EntryEntity, { boardPk: board.pk }),
        }));
        expect(rows.scores).toHaveLength(1);
        expect(rows.entries.map((e) => [e.playerId, Number(e.score), e.submissions])).toEqual([
          ['custom:Ann', 5, 1],
        ]);
      } finally {
        await t.close();
      }
    });
  }
});
