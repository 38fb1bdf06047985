import type { EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoard } from '../../src/pipeline/boards';
import { addOwner } from '../../src/pipeline/owners';
import type { Database } from '../../src/store/database';
import { EntryRepository, rebuildRankCounts, renameQuery } from '../../src/store/entries';
import { backendName } from '../support/backends';
import { createTestContext } from '../support/context';
import { nextSnowflake } from '../support/tally';

/**
 * Issue 3: entries pages walk the index (board_pk, rank_key, player_id) in order, rank_key
 * folding the direction in (board, value DESC, player_id ASC): no sort step on either backend,
 * and a page after a cursor enters the index at the cursor instead of walking the board from
 * its first row. The statements are those EntryRepository sends, EXPLAINed instead of run.
 */
describe(`entries page query plans (${backendName})`, () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  async function plans(read: (repo: EntryRepository) => Promise<unknown>): Promise<string[][]> {
    const mysql = t.ctx.repos.db.dialect === 'mysql';
    const out: string[][] = [];
    const manager = {
      async query(sql: string, params?: unknown[]) {
        const rows = (await t.dataSource.query(
          `${mysql ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${sql}`,
          params,
        )) as Record<string, unknown>[];
        out.push(
          rows.map((r) =>
            mysql
              ? `table=${r.table} type=${r.type} key=${r.key} extra=${r.Extra ?? ''}`
              : String(r.detail),
          ),
        );
        return [];
      },
    } as unknown as EntityManager;
    const db = {
      dialect: t.ctx.repos.db.dialect,
      run: (fn: (m: EntityManager) => unknown) => fn(manager),
    };
    await read(new EntryRepository(db as unknown as Database));
    return out;
  }

  it('GIVEN a Highscore board of 2 000 entries THEN the first and a deep page need no sort and the deep page seeks to its cursor', async () => {
    const owner = (await addOwner(t.ctx, `guild:${nextSnowflake()}`)).id;
    const board = await createBoard(t.ctx, { ownerId: owner, type: 'Highscore', windowHours: 0 });
    const values: string[] = [];
    const params: unknown[] = [];
    for (let i = 0; i < 2000; i++) {
      const score = (i * 7919) % 500; // ties, as real boards have
      values.push('(?, ?, ?, ?, ?, ?)');
      params.push(board.pk, `chat:1${String(i).padStart(17, '0')}`, `P${i}`, score, -score, 1);
    }
    await t.dataSource.query(
      `INSERT INTO entries (board_pk, player_id, player_name, score, rank_key, submissions) VALUES ${values.join(', ')}`,
      params,
    );
    await rebuildRankCounts(t.dataSource, board.pk);
    if (t.ctx.repos.db.dialect === 'mysql') await t.dataSource.query('ANALYZE TABLE entries');

    const [first] = await plans((r) => r.page(board.pk, null, 51));
    const [deep] = await plans((r) => r.page(board.pk, { rankKey: -50, playerId: 'chat:1' }, 51));
    for (const plan of [first!, deep!]) {
      expect(plan.join('\n')).not.toMatch(/filesort|TEMP B-TREE/i);
      expect(plan[0]).toMatch(/ix_entries_board_pk_rank_key_player_id/);
    }
    // The first page as the API reads it, joined to its board by owner and public id: the board
    // is one row of its unique index, the entries still walk the keyset index with no sort.
    const [joined] = await plans((r) => r.firstPageByBoardId(owner, board.id, 51));
    expect(joined!.join('\n')).not.toMatch(/filesort|TEMP B-TREE|temporary/i);
    expect(joined!.join('\n')).toMatch(/ix_boards_owner_id_public_id/);
    expect(joined!.join('\n')).toMatch(/ix_entries_board_pk_rank_key_player_id/);
    // The entries row of the deep page: a range on rank_key, not board_pk alone.
    if (t.ctx.repos.db.dialect === 'mysql') expect(deep![0]).toMatch(/type=range/);
    else expect(deep![0]).toMatch(/board_pk=\? AND rank_key>\?/);
  });

  it('GIVEN a member renamed on an owner with several boards THEN the update is a primary-key lookup per board, never a walk of every entry', async () => {
    const owner = (await addOwner(t.ctx, `guild:${nextSnowflake()}`)).id;
    const boards = [
      await createBoard(t.ctx, { ownerId: owner, type: 'Highscore', windowHours: 0 }),
      await createBoard(t.ctx, { ownerId: owner, type: 'Highscore', windowHours: 0 }),
    ];
    const values: string[] = [];
    const params: unknown[] = [];
    for (const board of boards) {
      for (let i = 0; i < 500; i++) {
        values.push('(?, ?, ?, ?, ?, ?)');
        params.push(board.pk, `chat:2${String(i).padStart(17, '0')}`, `P${i}`, i, -i, 1);
      }
    }
    await t.dataSource.query(
      `INSERT INTO entries (board_pk, player_id, player_name, score, rank_key, submissions) VALUES ${values.join(', ')}`,
      params,
    );
    const mysql = t.ctx.repos.db.dialect === 'mysql';
    if (mysql) await t.dataSource.query('ANALYZE TABLE entries');
    const [sql, bound] = renameQuery(
      t.dataSource.manager,
      boards.map((b) => b.pk),
      `chat:2${'7'.padStart(17, '0')}`,
      'Renamed',
    ).getQueryAndParameters();
    const plan = (await t.dataSource.query(
      `${mysql ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${sql}`,
      bound,
    )) as Record<string, unknown>[];
    if (mysql) {
      // Was `type=index` over every entry (a dependent subquery on boards): ~10 s on 1M rows.
      expect(plan.map((r) => `${r.type} ${r.key}`)).toEqual(['range PRIMARY']);
    } else {
      expect(plan.map((r) => String(r.detail)).join('\n')).toMatch(
        /SEARCH entries USING INDEX sqlite_autoindex_entries_1 \(board_pk=\? AND player_id=\?\)|USING PRIMARY KEY/,
      );
    }
    // And it renames exactly that member on both boards.
    const renamed = await t.ctx.repos.entries.renamePlayer(
      owner,
      `chat:2${'7'.padStart(17, '0')}`,
      'Renamed',
    );
    expect(renamed).toBe(2);
  });
});
