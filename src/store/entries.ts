import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import { EntryEntity, type Entry } from '../../entities/entry';
import {
  BITS,
  FANOUT,
  LEVELS,
  betterRanges,
  countChanges,
  type RankMove,
} from '../domain/rank-tree';
import { pageRanks, type PageStart } from '../domain/ranking';
import { dateFromColumn } from './columns';
import type { Dialect } from './data-source';
import { BUMP_VERSION } from './board-versions';
import { preparedReader } from './prepared';
import { read, rowCodec } from './row-codec';
import { Repository } from './repository';

const OFFSET = '9007199254740992'; // 2^53: rank_key + OFFSET is never negative

/** The entries columns the fixed SQL reads (src/store/row-codec.ts), in the order of the entity. */
export const ENTRY = rowCodec<Omit<Entry, 'boardPk'>>('entries', {
  playerId: ['player_id', read.text],
  playerName: ['player_name', read.text],
  score: ['score', read.intOrNull],
  elo: ['elo', read.intOrNull],
  rankKey: ['rank_key', read.int],
  wins: ['wins', read.intOrNull],
  draws: ['draws', read.intOrNull],
  losses: ['losses', read.intOrNull],
  submissions: ['submissions', read.intOrNull],
  lastSub: [
    'last_sub',
    (v) => (v === null || v === undefined ? null : lastSubOf(v as Date | string)),
  ],
});
/** Where the values after the entry's own columns start in an array row (better, tied, …). */
const AFTER_ENTRY = ENTRY.fields.length;

export interface RankedEntry extends Omit<Entry, 'boardPk'> {
  rank: number;
}

export interface EntryPosition {
  rankKey: number;
  playerId: string;
}

/**
 * One level's left siblings, as a scalar subquery; `key` is an SQL expression for rank_key.
 * MariaDB shifts in unsigned arithmetic, so shifted values are cast back before any subtraction.
 */
function levelSum(level: number, key: string): string {
  const shifted = (bits: number) => `CAST(((${key} + ${OFFSET}) >> ${bits}) AS SIGNED)`;
  const own = level === 0 ? key : shifted(BITS * level);
  const firstSibling = `(${shifted(BITS * (level + 1))} * ${FANOUT})`;
  const first = level === 0 ? `(${firstSibling} - ${OFFSET})` : firstSibling;
  return `(SELECT COALESCE(SUM(c.n), 0) FROM entry_rank_counts c
     WHERE c.board_pk = e.board_pk AND c.level = ${level} AND c.bucket >= ${first} AND c.bucket < ${own})`;
}

/** The number of entries strictly better than row e, from the counters, in SQL. */
const BETTER_SQL = Array.from({ length: LEVELS }, (_, level) => levelSum(level, 'e.rank_key')).join(
  ' + ',
);

/**
 * The read model of standings: keyset pages on (rank_key, player_id) and live ranks from the
 * order-statistics counters (src/domain/rank-tree.ts), which every entry write keeps in step in
 * the same transaction. Each read is one statement, so it sees one consistent state.
 */
export class EntryRepository extends Repository {
  /** Pages and ranks are read on every entries request: prepared once, no query runner. */
  private readonly read = preparedReader(this.db);

  /**
   * Up to `limit` entries after `after` in board order, each with its competition rank. Without a
   * cursor the first row is rank 1; with one, the counters at the cursor's key say how many
   * entries are better than it and how many share it, which is all a page needs. The redundant
   * `rank_key >= ?` gives the index a start: SQLite cannot seek on the OR alone and would walk
   * the board from its first row (a page 90 % down a 1M board: 900 000 rows per request).
   */
  async page(boardPk: number, after: EntryPosition | null, limit: number): Promise<RankedEntry[]> {
    // Arrays in ENTRY order (then better, tied): half the cost of row objects on SQLite.
    let rows: unknown[][];
    if (!after) {
      rows = await this.read.arrays(
        `SELECT ${ENTRY.columns} FROM entries WHERE board_pk = ? ORDER BY rank_key, player_id LIMIT ?`,
        [boardPk, limit],
      );
    } else {
      const ranges = betterRanges(after.rankKey)
        .map(
          (r) =>
            `(SELECT COALESCE(SUM(n), 0) FROM entry_rank_counts WHERE board_pk = ${boardPk} AND level = ${r.level} AND bucket >= ${r.from} AND bucket < ${r.to})`,
        )
        .join(' + ');
      rows = await this.read.arrays(
        `SELECT ${ENTRY.columns}, ${ranges || '0'} AS better,
             (SELECT COALESCE(SUM(n), 0) FROM entry_rank_counts WHERE board_pk = ? AND level = 0 AND bucket = ?) AS tied
           FROM entries WHERE board_pk = ? AND rank_key >= ?
             AND (rank_key > ? OR (rank_key = ? AND player_id > ?))
           ORDER BY rank_key, player_id LIMIT ?`,
        [
          boardPk,
          after.rankKey,
          boardPk,
          after.rankKey,
          after.rankKey,
          after.rankKey,
          after.playerId,
          limit,
        ],
      );
    }
    const head = rows[0];
    if (!head) return [];
    // The counters' columns are the same on every row; the first row's are as good as any.
    return rankedPage(
      rows,
      after && {
        afterKey: after.rankKey,
        better: Number(head[AFTER_ENTRY]),
        tied: Number(head[AFTER_ENTRY + 1]),
      },
    );
  }

  /**
   * The first page of a board named by its owner and public id, with the board's pk, type and
   * sort, in one statement: one round trip instead of two on the hot path (GET entries without
   * a cursor). The board is a const lookup on its unique index and the entries follow the
   * covering index in order (an inner join: a LEFT JOIN makes MariaDB sort the whole board).
   * Null when there is no row: no such board for this owner, or a board without entries.
   */
  async firstPageByBoardId(
    ownerId: string,
    boardId: string,
    limit: number,
  ): Promise<{ board: Pick<Board, 'pk' | 'id' | 'type' | 'sort'>; entries: RankedEntry[] } | null> {
    const rows = await this.read.arrays(
      `SELECT ${ENTRY.aliased('e')}, b.pk, b.type, b.sort FROM boards b
         JOIN entries e ON e.board_pk = b.pk
       WHERE b.owner_id = ? AND b.public_id = ?
       ORDER BY e.rank_key, e.player_id LIMIT ?`,
      [ownerId, boardId, limit],
    );
    const head = rows[0];
    if (!head) return null;
    const board = {
      pk: Number(head[AFTER_ENTRY]),
      id: boardId,
      type: head[AFTER_ENTRY + 1] as Board['type'],
      sort: head[AFTER_ENTRY + 2] as Board['sort'],
    };
    return { board, entries: rankedPage(rows, null) };
  }

  /**
   * Issue 5.5: a chat member's current display name on every board of one owner, so standings
   * follow a nickname change. Match rosters keep the name at submission time, as history does.
   * Returns how many entries changed.
   */
  async renamePlayer(ownerId: string, playerId: string, name: string): Promise<number> {
    // The owner's boards first, then one primary-key lookup per board: with the boards as a
    // subquery MariaDB ran a dependent subquery over every entry of every board (seconds on a
    // 1M board, holding row locks, on a member's first command after each restart).
    const boards = await this.read.all<{ pk: number }>('SELECT pk FROM boards WHERE owner_id = ?', [
      ownerId,
    ]);
    if (boards.length === 0) return 0;
    const boardPks = boards.map((b) => Number(b.pk));
    // Only the boards whose entry shows another name are written, each with its version moved on
    // first (board-versions.ts), in the order a worker's batch locks: the board, then entries.
    const stale = await this.read.arrays(
      `SELECT board_pk FROM entries WHERE board_pk IN (${boardPks.map(() => '?').join(', ')})
         AND player_id = ? AND player_name <> ?`,
      [...boardPks, playerId, name],
    );
    if (stale.length === 0) return 0;
    const pks = stale.map((row) => Number(row[0])).sort((a, b) => a - b);
    return this.db.transaction(async (tx) => {
      for (const pk of pks) await tx.query(BUMP_VERSION, [pk]);
      const result = await renameQuery(tx, pks, playerId, name).execute();
      return result.affected ?? 0;
    });
  }

  /** One entry with its live rank against the whole board, in one statement. */
  async get(boardPk: number, playerId: string): Promise<RankedEntry | null> {
    const rows = await this.read.arrays(
      `SELECT ${ENTRY.columns}, ${BETTER_SQL} AS better FROM entries e WHERE e.board_pk = ? AND e.player_id = ?`,
      [boardPk, playerId],
    );
    const row = rows[0];
    return row ? ranked(row, Number(row[AFTER_ENTRY]) + 1) : null;
  }

  /** How many entries a board has: the top level of its rank counters (fewer than FANOUT rows). */
  async size(boardPk: number): Promise<number> {
    const rows = await this.read.arrays(
      'SELECT SUM(n) FROM entry_rank_counts WHERE board_pk = ? AND level = ?',
      [boardPk, LEVELS - 1],
    );
    return Number(rows[0]?.[0] ?? 0);
  }
}

/**
 * Keeps the rank counters in step with entries that moved (`from` null for a new entry). Called
 * inside the transaction that writes the entries, so counters and entries never disagree.
 */
export async function recordRankMoves(
  tx: EntityManager,
  dialect: Dialect,
  boardPk: number,
  moves: RankMove[],
): Promise<void> {
  const changes = countChanges(moves);
  if (changes.length === 0) return;
  const values = changes.map(() => '(?, ?, ?, ?)').join(', ');
  const params = changes.flatMap((c) => [boardPk, c.level, c.bucket, c.delta]);
  const upsert =
    dialect === 'mysql'
      ? 'ON DUPLICATE KEY UPDATE n = n + VALUES(n)'
      : 'ON CONFLICT (board_pk, level, bucket) DO UPDATE SET n = n + excluded.n';
  await tx.query(
    `INSERT INTO entry_rank_counts (board_pk, level, bucket, n) VALUES ${values} ${upsert}`,
    params,
  );
}

/** Page rows with their ranks by the one page-rank rule (src/domain/ranking.ts pageRanks). */
function rankedPage(rows: unknown[][], start: PageStart | null): RankedEntry[] {
  const entries = rows.map((row) => ranked(row, 0));
  const ranks = pageRanks(
    entries.map((e) => e.rankKey),
    start,
  );
  entries.forEach((entry, i) => (entry.rank = ranks[i]!));
  return entries;
}

/** An array row in ENTRY order as an entry with its rank. */
function ranked(row: readonly unknown[], rank: number): RankedEntry {
  const entry = ENTRY.fromArray(row) as RankedEntry;
  entry.rank = rank;
  return entry;
}

/**
 * dateFromColumn, with SQLite's 'YYYY-MM-DD HH:MM:SS.mmm' read by digits: 51 of these per page,
 * and parsing the text as an ISO date costs several times more.
 */
function lastSubOf(value: Date | string): Date {
  if (typeof value !== 'string' || !SQLITE_TIME.test(value)) return dateFromColumn(value);
  const n = digits;
  return new Date(
    Date.UTC(
      n(value, 0, 4),
      n(value, 5, 7) - 1,
      n(value, 8, 10),
      n(value, 11, 13),
      n(value, 14, 16),
      n(value, 17, 19),
      n(value, 20, 23),
    ),
  );
}
/** The decimal number in text[from, to), which holds only digits. */
function digits(text: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) v = v * 10 + text.charCodeAt(i) - 48;
  return v;
}
const SQLITE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/;

/**
 * Recomputes the rank counters of one board (or all) from its entries: used by the migration that
 * introduced them and by bulk loads that write entries with plain INSERTs.
 */
export async function rebuildRankCounts(
  run: { query(sql: string, params?: unknown[]): Promise<unknown> },
  boardPk?: number,
): Promise<void> {
  const where = boardPk === undefined ? '' : `WHERE board_pk = ${Number(boardPk)}`;
  await run.query(`DELETE FROM entry_rank_counts ${where}`);
  for (let level = 0; level < LEVELS; level++) {
    const bucket = level === 0 ? 'rank_key' : `((rank_key + ${OFFSET}) >> ${BITS * level})`;
    await run.query(
      `INSERT INTO entry_rank_counts (board_pk, level, bucket, n)
       SELECT board_pk, ${level}, ${bucket}, COUNT(*) FROM entries ${where} GROUP BY board_pk, ${bucket}`,
    );
  }
}

/** A player's name on these boards: one primary-key row per board (test/store/entries-plan). */
export function renameQuery(m: EntityManager, boardPks: number[], playerId: string, name: string) {
  return m
    .createQueryBuilder()
    .update(EntryEntity)
    .set({ playerName: name })
    .where('board_pk IN (:...boardPks)', { boardPks })
    .andWhere('player_id = :playerId AND player_name <> :name', { playerId, name });
}
