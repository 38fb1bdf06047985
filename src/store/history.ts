import type { EntityManager } from 'typeorm';
import type { EntryHistory } from '../../entities/entry-history';
import type { HistoryKind, HistoryRow } from '../domain/history';
import type { Dialect } from './data-source';
import { timeParam } from './raw';
import { Repository } from './repository';
import { read, rowCodec } from './row-codec';

export const HISTORY = rowCodec<EntryHistory>('entry_history', {
  pk: ['pk', read.int],
  boardPk: ['board_pk', read.int],
  playerId: ['player_id', read.text],
  at: ['at', read.date],
  value: ['value', read.intOrNull],
  delta: ['delta', read.intOrNull],
  kind: ['kind', read.as<HistoryKind>()],
  ref: ['ref', read.intOrNull],
  cause: ['cause', read.text],
});

/** 500 rows a statement: SQLite takes at most 32 766 parameters in one. */
const CHUNK = 500;

/** Appends history rows in the caller's transaction (the entries they describe move in it too). */
export async function recordHistory(
  tx: EntityManager,
  dialect: Dialect,
  boardPk: number,
  rows: HistoryRow[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await tx.query(
      `INSERT INTO entry_history (board_pk, player_id, at, value, delta, kind, ref, cause)
         VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      chunk.flatMap((r) => [
        boardPk,
        r.playerId,
        timeParam(dialect, r.at),
        r.value,
        r.delta,
        r.kind,
        r.ref,
        r.cause,
      ]),
    );
  }
}

/** Reads of the value-over-time series (profiles, charts, /rank's last cause). */
export class HistoryRepository extends Repository {
  /**
   * A cleared value for every entry of a board that has one, in one statement (a season's hard
   * reset, before its entries go): no read of a million entries into memory.
   */
  async recordClear(
    tx: EntityManager,
    board: { pk: number; type: string },
    at: Date,
    cause: string,
  ): Promise<void> {
    const value = board.type === 'ELO' ? 'elo' : 'score';
    await tx.query(
      `INSERT INTO entry_history (board_pk, player_id, at, value, delta, kind, ref, cause)
         SELECT board_pk, player_id, ?, NULL, NULL, 'season', NULL, ? FROM entries
         WHERE board_pk = ? AND ${value} IS NOT NULL`,
      [timeParam(this.dialect, at), cause.slice(0, 200), board.pk],
    );
  }

  /** A player's changes since `since` (all when null), oldest first, the newest `limit` of them. */
  async series(
    boardPk: number,
    playerId: string,
    since: Date | null,
    limit: number,
  ): Promise<EntryHistory[]> {
    const rows: Record<string, unknown>[] = await this.db.run((m) =>
      m.query(
        `SELECT ${HISTORY.columns} FROM entry_history
           WHERE board_pk = ? AND player_id = ?${since ? ' AND at >= ?' : ''}
           ORDER BY pk DESC LIMIT ?`,
        [boardPk, playerId, ...(since ? [timeParam(this.dialect, since)] : []), limit],
      ),
    );
    return rows.map((row) => HISTORY.fromObject(row)).reverse();
  }

  /** The latest change no result made (decay, a season's reset), if any. */
  async lastWithoutResult(boardPk: number, playerId: string): Promise<EntryHistory | null> {
    const rows: Record<string, unknown>[] = await this.db.run((m) =>
      m.query(
        `SELECT ${HISTORY.columns} FROM entry_history
           WHERE board_pk = ? AND player_id = ? AND kind IN ('decay', 'season')
           ORDER BY pk DESC LIMIT 1`,
        [boardPk, playerId],
      ),
    );
    return rows[0] ? HISTORY.fromObject(rows[0]) : null;
  }

  /** The best value a player ever held on a board: the highest, or the lowest on `asc` boards. */
  async peak(boardPk: number, playerId: string, lowestIsBest: boolean): Promise<number | null> {
    const rows: { best: unknown }[] = await this.db.run((m) =>
      m.query(
        `SELECT ${lowestIsBest ? 'MIN' : 'MAX'}(value) AS best FROM entry_history
           WHERE board_pk = ? AND player_id = ?`,
        [boardPk, playerId],
      ),
    );
    return read.intOrNull(rows[0]?.best);
  }
}
