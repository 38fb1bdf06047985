import type { EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { ScoreEntity } from '../../entities/score';
import { createBoard } from '../../src/pipeline/boards';
import { addOwner } from '../../src/pipeline/owners';
import { backendName, describeWhen, mysqlServerUrl } from '../support/backends';
import { createTestContext } from '../support/context';
import { nextSnowflake } from '../support/tally';

/**
 * The statements a worker batch sends for all of its submissions at once (src/store/results.ts):
 * the players' entries looked up by key, and the batch's scores inserted in one statement with
 * each pk given back to its own submission.
 */
describe(`a worker batch's statements (${backendName})`, () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  let board: Board;
  const player = (i: number) => `custom:P${i}`;

  beforeAll(async () => {
    t = await createTestContext();
    const ownerId = (await addOwner(t.ctx, `guild:${nextSnowflake()}`)).id;
    board = await createBoard(t.ctx, { ownerId, type: 'Highscore', windowHours: 0 });
    // Enough entries that reading the whole board would be the expensive plan.
    await t.ctx.repos.db.run(async (m) => {
      for (let from = 0; from < 3000; from += 500) {
        const rows = Array.from({ length: 500 }, (_, k) => from + k);
        await m.query(
          `INSERT INTO entries (board_pk, player_id, player_name, score, rank_key, submissions)
           VALUES ${rows.map(() => '(?, ?, ?, ?, ?, 1)').join(', ')}`,
          rows.flatMap((i) => [board.pk, player(i), `P${i}`, i, -i]),
        );
      }
    });
  });
  afterAll(() => t.close());

  it('GIVEN a few players of a large board THEN their entries are read by key, not off the whole board', async () => {
    const mysql = t.ctx.repos.db.dialect === 'mysql';
    const plans: string[] = [];
    const explaining = {
      async query(sql: string, params?: unknown[]) {
        const rows = (await t.dataSource.query(
          `${mysql ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${sql}`,
          params,
        )) as Record<string, unknown>[];
        plans.push(...rows.map((r) => (mysql ? `${r.table} key=${r.key}` : String(r.detail))));
        return [];
      },
    } as unknown as EntityManager;
    await t.ctx.repos.results.entries(explaining, board.pk, [player(1), player(2), player(3)]);
    if (mysql) expect(plans).toEqual(['entries key=PRIMARY']);
    else
      expect(plans).toContain(
        'SEARCH e USING INDEX sqlite_autoindex_entries_1 (board_pk=? AND player_id=?)',
      );
  });

  it('GIVEN players named twice or without an entry THEN each entry comes once', async () => {
    const found = await t.ctx.repos.db.transaction((tx) =>
      t.ctx.repos.results.entries(tx, board.pk, [player(7), 'custom:nobody', player(7), player(9)]),
    );
    expect(found.map((e) => [e.playerId, Number(e.score)]).sort()).toEqual([
      [player(7), 7],
      [player(9), 9],
    ]);
  });

  it('GIVEN a batch of scores THEN one statement inserts them and each gets the pk of its own row', async () => {
    const at = new Date('2026-11-01T12:00:00.000Z');
    const scores = [501, 502, 503, 504].map((submissionId, i) => ({
      boardPk: board.pk,
      playerId: player(i % 2),
      playerName: `P${i % 2}`,
      score: 100 + i,
      status: 'approved' as const,
      submittedAt: at,
      submittedBy: 'api',
      submissionId,
      reviewedAt: at,
      reviewedBy: 'auto',
    }));
    const inserted = await t.ctx.repos.db.transaction((tx) =>
      t.ctx.repos.results.insertScores(tx, scores),
    );
    expect(inserted.map((s) => s.submissionId)).toEqual([501, 502, 503, 504]);
    const rows = await t.ctx.repos.db.run((m) =>
      m.find(ScoreEntity, { where: { boardPk: board.pk }, order: { pk: 'ASC' } }),
    );
    for (const score of inserted) {
      const row = rows.find((r) => r.pk === score.pk);
      expect(row).toMatchObject({ submissionId: score.submissionId, playerId: score.playerId });
      expect(Number(row?.score)).toBe(score.score);
    }
    // In queue order: the batch's scores are numbered as they were submitted.
    expect(inserted.map((s) => s.pk)).toEqual([...inserted.map((s) => s.pk)].sort((a, b) => a - b));
  });

  describeWhen(Boolean(mysqlServerUrl))('GIVEN MariaDB', () => {
    const queued = (boardPk: number) => ({
      ownerId: board.ownerId,
      boardPk,
      kind: 'score' as const,
      payload: { kind: 'score', player: { custom: 'Q' }, score: 1 },
      status: 'queued' as const,
      matchPk: null,
      scorePk: null,
      failureReason: null,
      submittedBy: 'api',
      queuedAt: t.ctx.now(),
      claimedAt: null,
      attempts: 0,
      expiresAt: null,
    });

    it('GIVEN a submission inserted and not yet committed WHEN the worker marks the rows queued before it THEN the worker waits for no lock of that insert', async () => {
      const submissions = t.ctx.repos.submissions;
      const batch = await t.ctx.repos.db.transaction(async (tx) => [
        await submissions.insert(queued(board.pk), tx),
        await submissions.insert(queued(board.pk), tx),
        await submissions.insert(queued(board.pk), tx),
      ]);
      // An API request's transaction, between its INSERT and its COMMIT.
      const request = t.dataSource.createQueryRunner();
      await request.connect();
      await request.startTransaction();
      const inserted = await submissions.insert(queued(board.pk), request.manager);
      expect(inserted.id).toBeGreaterThan(batch[2]!.id);
      try {
        const marked = t.ctx.repos.db.transaction((tx) =>
          submissions.markProcessed(
            tx,
            batch.map((s) => ({
              id: s.id,
              status: 'pending_review',
              claimedAt: t.ctx.now(),
              attempts: 1,
              expiresAt: null,
              matchPk: null,
              scorePk: null,
            })),
          ),
        );
        // Waiting for the request's row here is half a deadlock: the request waits in turn for
        // the worker's lock on the board's queue (test/reliability/fault-mariadb.test.ts). Such a
        // wait lasts until innodb_lock_wait_timeout (50 s); 10 s is far from it and far beyond
        // what three updates take on a loaded machine.
        const outcome = await Promise.race([
          marked.then(() => 'marked'),
          new Promise((resolve) => setTimeout(() => resolve('waiting for the insert'), 10_000)),
        ]);
        expect(outcome).toBe('marked');
      } finally {
        await request.rollbackTransaction();
        await request.release();
      }
      const statuses = await Promise.all(batch.map((s) => submissions.byId(s.id)));
      expect(statuses.map((s) => s?.status)).toEqual([
        'pending_review',
        'pending_review',
        'pending_review',
      ]);
    });
  });
});
