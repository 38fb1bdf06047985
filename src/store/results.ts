import { In, type EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import type { Entry } from '../../entities/entry';
import { MatchEntity, type Match } from '../../entities/match';
import { MatchParticipantEntity, type MatchParticipant } from '../../entities/match-participant';
import { ScoreEntity, type Score } from '../../entities/score';
import { TeamEntity } from '../../entities/team';
import { historyRows, rankedValue, type HistoryCause, type HistoryRow } from '../domain/history';
import { entryRankKey } from '../domain/ranking';
import type { EntryState } from '../domain/scoring';
import { BUMP_VERSION } from './board-versions';
import { ENTRY, recordRankMoves } from './entries';
import { recordHistory } from './history';
import { read, rowCodec } from './row-codec';
import { execute, timeParam } from './raw';
import { preparedReader, type Reader } from './prepared';
import { Repository } from './repository';

/** The scores columns the fixed SQL reads (src/store/row-codec.ts). */
export const SCORE = rowCodec<Score>('scores', {
  pk: ['pk', read.int],
  boardPk: ['board_pk', read.int],
  playerId: ['player_id', read.text],
  playerName: ['player_name', read.text],
  score: ['score', read.int],
  status: ['status', read.as<Score['status']>()],
  submittedAt: ['submitted_at', read.date],
  submittedBy: ['submitted_by', read.textOrNull],
  submissionId: ['submission_id', read.intOrNull],
  reviewedAt: ['reviewed_at', read.dateOrNull],
  reviewedBy: ['reviewed_by', read.textOrNull],
});

/**
 * State a worker batch carries across its submissions, inside its one transaction: the entries
 * of its players as the batch has left them (null: known to have none), read once up front, and
 * the rank counter moves, written once at the end (nothing reads the counters in between: the
 * transaction is uncommitted until then).
 */
export class EntryBatch {
  readonly entries = new Map<string, Entry | null>();
  /** Players whose entry the batch moved: each written once, as the batch left it, at the end. */
  readonly changed = new Set<string>();
  moves: { from: number | null; to: number }[] = [];
  history: HistoryRow[] = [];
}

/** The entries columns an upsert writes, key last. */
const ENTRY_WRITE = [
  'player_name',
  'score',
  'elo',
  'rank_key',
  'wins',
  'draws',
  'losses',
  'submissions',
  'last_sub',
  'board_pk',
  'player_id',
] as const;

/** Matches, scores and the entries they move: written only inside the worker's transactions. */
export class ResultsRepository extends Repository {
  private reader: Reader | undefined;

  /**
   * Serialises scoring on one board (DESIGN.md 1; SQLite has a single writer already) and moves
   * the board's version on in this transaction: whoever changes a board's entries locks it first,
   * so a cached first page is never served past such a commit (src/store/read-cache.ts).
   */
  async lockBoard(tx: EntityManager, boardPk: number, skipLocked: boolean): Promise<boolean> {
    if (this.dialect === 'mysql') {
      const rows: unknown[] = await tx.query(
        `SELECT pk FROM boards WHERE pk = ? FOR UPDATE${skipLocked ? ' SKIP LOCKED' : ''}`,
        [boardPk],
      );
      if (rows.length !== 1) return false;
    }
    await tx.query(BUMP_VERSION, [boardPk]);
    return true;
  }

  /**
   * Current entries of these players, by one fixed-shape statement per list length, one primary
   * key lookup per player. Left to themselves both planners read `board_pk = ? AND player_id IN
   * (…)` off the covering rank index, every entry of the board (milliseconds on a large board):
   * SQLite is walked from the list (a CROSS JOIN keeps that order), MariaDB is told the key.
   */
  async entries(tx: EntityManager, boardPk: number, players: string[]): Promise<Entry[]> {
    if (players.length === 0) return [];
    const playerIds = [...new Set(players)];
    const list = playerIds.map(() => '?').join(', ');
    const rows: Record<string, unknown>[] =
      this.dialect === 'sqlite'
        ? await tx.query(
            `WITH ids(id) AS (VALUES ${playerIds.map(() => '(?)').join(', ')})
             SELECT ${ENTRY.aliased('e')} FROM ids CROSS JOIN entries e
             ON e.board_pk = ? AND e.player_id = ids.id`,
            [...playerIds, boardPk],
          )
        : await tx.query(
            `SELECT ${ENTRY.columns} FROM entries FORCE INDEX (PRIMARY)
             WHERE board_pk = ? AND player_id IN (${list})`,
            [boardPk, ...playerIds],
          );
    return rows.map((row) => ({ boardPk, ...ENTRY.fromObject(row) }));
  }

  /** Every entry of a board (decay judges them all). */
  async boardEntries(tx: EntityManager, boardPk: number): Promise<Entry[]> {
    const rows: Record<string, unknown>[] = await tx.query(
      `SELECT ${ENTRY.columns} FROM entries WHERE board_pk = ?`,
      [boardPk],
    );
    return rows.map((row) => ({ boardPk, ...ENTRY.fromObject(row) }));
  }

  /** Stored names of these participants on this board: entries first, teams for team ids. */
  async knownNames(boardPk: number, playerIds: string[]): Promise<Map<string, string>> {
    return this.use(undefined, async (m) => {
      const names = new Map<string, string>();
      for (const entry of await this.entries(m, boardPk, playerIds))
        names.set(entry.playerId, entry.playerName);
      const teamPks = playerIds
        .filter((id) => id.startsWith('team:'))
        .map((id) => Number(id.slice(5)));
      if (teamPks.length > 0) {
        for (const team of await m.findBy(TeamEntity, { pk: In(teamPks), boardPk })) {
          names.set(`team:${team.pk}`, team.name);
        }
      }
      return names;
    });
  }

  /**
   * Writes entries that moved, with a history row each saying why (issue 14 item 1), and keeps the
   * rank counters in step. `current` are the entries as the caller read them in this transaction
   * (so they need not be read again); without it they are read here.
   */
  async saveEntries(
    tx: EntityManager,
    board: Board,
    states: EntryState[],
    why: HistoryCause,
    current?: Entry[],
    batch?: EntryBatch,
  ): Promise<void> {
    const existing = new Map(
      (
        current ??
        (await this.entries(
          tx,
          board.pk,
          states.map((s) => s.playerId),
        ))
      ).map((e) => [e.playerId, e]),
    );
    const moves: { from: number | null; to: number }[] = [];
    const history: { before: number | null; after: number | null; playerId: string }[] = [];
    for (const state of states) {
      const rankKey = entryRankKey(state, board);
      const before = existing.get(state.playerId);
      const values = [
        state.playerName,
        state.score,
        state.elo,
        rankKey,
        state.wins,
        state.draws,
        state.losses,
        state.submissions,
        timeParam(this.dialect, state.lastSub),
      ];
      if (batch) {
        batch.changed.add(state.playerId); // written by flushBatch
      } else if (before !== undefined) {
        await tx.query(
          `UPDATE entries SET player_name = ?, score = ?, elo = ?, rank_key = ?, wins = ?, draws = ?,
             losses = ?, submissions = ?, last_sub = ? WHERE board_pk = ? AND player_id = ?`,
          [...values, board.pk, state.playerId],
        );
      } else {
        await tx.query(
          `INSERT INTO entries (player_name, score, elo, rank_key, wins, draws, losses, submissions,
             last_sub, board_pk, player_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [...values, board.pk, state.playerId],
        );
      }
      const entry = { ...state, boardPk: board.pk, rankKey };
      existing.set(state.playerId, entry);
      batch?.entries.set(state.playerId, entry);
      moves.push({ from: before?.rankKey ?? null, to: rankKey });
      history.push({
        playerId: state.playerId,
        before: before ? rankedValue(board, before) : null,
        after: rankedValue(board, state),
      });
    }
    const rows = historyRows(board, why, history);
    if (batch) {
      batch.moves.push(...moves);
      batch.history.push(...rows);
    } else {
      await recordRankMoves(tx, this.dialect, board.pk, moves);
      await recordHistory(tx, this.dialect, board.pk, rows);
    }
  }

  /**
   * Takes participants off a board (a correction removed their only result): their entries go,
   * the rank counters follow, and history records each value as cleared.
   */
  async removeEntries(
    tx: EntityManager,
    board: Board,
    removed: Entry[],
    why: HistoryCause,
  ): Promise<void> {
    if (removed.length === 0) return;
    await tx.query(
      `DELETE FROM entries WHERE board_pk = ? AND player_id IN (${removed.map(() => '?').join(', ')})`,
      [board.pk, ...removed.map((e) => e.playerId)],
    );
    await recordRankMoves(
      tx,
      this.dialect,
      board.pk,
      removed.map((e) => ({ from: e.rankKey, to: null })),
    );
    const moves = removed.map((e) => ({
      playerId: e.playerId,
      before: rankedValue(board, e),
      after: null,
    }));
    await recordHistory(tx, this.dialect, board.pk, historyRows(board, why, moves));
  }

  /** The entries, rank counter changes and history rows a batch deferred (before its commit). */
  async flushBatch(tx: EntityManager, boardPk: number, batch: EntryBatch): Promise<void> {
    const changed = [...batch.changed].flatMap((id) => {
      const entry = batch.entries.get(id);
      return entry ? [entry] : [];
    });
    await this.upsertEntries(tx, boardPk, changed);
    batch.changed.clear();
    await recordRankMoves(tx, this.dialect, boardPk, batch.moves);
    await recordHistory(tx, this.dialect, boardPk, batch.history);
    batch.moves = [];
    batch.history = [];
  }

  /** Entries written as they are now, new or not, in one statement per 500. */
  private async upsertEntries(tx: EntityManager, boardPk: number, entries: Entry[]) {
    const set = ENTRY_WRITE.slice(0, -2)
      .map((c) => (this.dialect === 'mysql' ? `${c} = VALUES(${c})` : `${c} = excluded.${c}`))
      .join(', ');
    const upsert =
      this.dialect === 'mysql'
        ? `ON DUPLICATE KEY UPDATE ${set}`
        : `ON CONFLICT (board_pk, player_id) DO UPDATE SET ${set}`;
    const row = `(${ENTRY_WRITE.map(() => '?').join(', ')})`;
    for (let i = 0; i < entries.length; i += 500) {
      const chunk = entries.slice(i, i + 500);
      await tx.query(
        `INSERT INTO entries (${ENTRY_WRITE.join(', ')}) VALUES ${chunk.map(() => row).join(', ')} ${upsert}`,
        chunk.flatMap((e) => [
          e.playerName,
          e.score,
          e.elo,
          e.rankKey,
          e.wins,
          e.draws,
          e.losses,
          e.submissions,
          timeParam(this.dialect, e.lastSub),
          boardPk,
          e.playerId,
        ]),
      );
    }
  }

  async nextMatchNumber(tx: EntityManager, boardPk: number): Promise<number> {
    const row = await tx
      .createQueryBuilder(MatchEntity, 'm')
      .select('MAX(m.number)', 'max')
      .where('m.board_pk = :boardPk', { boardPk })
      .getRawOne<{ max: number | string | null }>();
    return Number(row?.max ?? 0) + 1;
  }

  async insertMatch(
    tx: EntityManager,
    match: Omit<Match, 'pk'>,
    roster: Omit<MatchParticipant, 'matchPk'>[],
  ): Promise<Match> {
    const result = await tx.insert(MatchEntity, match);
    const pk = Number(result.identifiers[0]?.pk);
    if (roster.length > 0)
      await tx.insert(
        MatchParticipantEntity,
        roster.map((slot) => ({ ...slot, matchPk: pk })),
      );
    return { ...match, pk };
  }

  /**
   * A batch's score rows in one statement, returned with their pks. SQLite says which pk each
   * got (RETURNING); on MariaDB the statement's ids start at its insert id, so the new rows are
   * read back from there by submission (whatever the server's auto-increment lock mode).
   */
  async insertScores(tx: EntityManager, scores: Omit<Score, 'pk'>[]): Promise<Score[]> {
    if (scores.length === 0) return [];
    const t = (d: Date | null) => timeParam(this.dialect, d);
    const sql = `INSERT INTO scores (board_pk, player_id, player_name, score, status, submitted_at,
         submitted_by, submission_id, reviewed_at, reviewed_by)
       VALUES ${scores.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`;
    const params = scores.flatMap((score) => [
      score.boardPk,
      score.playerId,
      score.playerName,
      score.score,
      score.status,
      t(score.submittedAt),
      score.submittedBy,
      score.submissionId,
      t(score.reviewedAt),
      score.reviewedBy,
    ]);
    let rows: { pk: unknown; submission_id: unknown }[];
    if (this.dialect === 'sqlite') {
      rows = await tx.query(`${sql} RETURNING pk, submission_id`, params);
    } else {
      const { insertId } = await execute(tx, sql, params);
      rows = await tx.query(
        `SELECT pk, submission_id FROM scores WHERE pk >= ? AND submission_id IN (${scores.map(() => '?').join(', ')})`,
        [insertId, ...scores.map((score) => score.submissionId)],
      );
    }
    const pkOf = new Map(rows.map((row) => [Number(row.submission_id), Number(row.pk)]));
    return scores.map((score) => {
      const pk = pkOf.get(score.submissionId ?? NaN);
      if (pk === undefined)
        throw new Error(`the score of submission ${score.submissionId} is missing`);
      return { ...score, pk };
    });
  }

  match(pk: number, tx?: EntityManager): Promise<Match | null> {
    return this.use(tx, (m) => m.findOneBy(MatchEntity, { pk }));
  }
  /** One score by pk: a fixed statement (a synchronous score write answers with it). */
  async score(pk: number, tx?: EntityManager): Promise<Score | null> {
    const sql = `SELECT ${SCORE.columns} FROM scores WHERE pk = ?`;
    const rows: Record<string, unknown>[] = tx
      ? await tx.query(sql, [pk])
      : await (this.reader ??= preparedReader(this.db)).all<Record<string, unknown>>(sql, [pk]);
    const row = rows[0];
    return row ? SCORE.fromObject(row) : null;
  }
  /**
   * A player's scores that count (approved, adjusted, set) on a board, newest first, those
   * before `beforePk` when given: the player page's submission history, `limit` at a time.
   */
  playerScores(
    boardPk: number,
    playerId: string,
    beforePk: number | null,
    limit: number,
  ): Promise<Score[]> {
    return this.use(undefined, (m) => {
      const query = m
        .createQueryBuilder(ScoreEntity, 's')
        .where('s.board_pk = :boardPk AND s.player_id = :playerId', { boardPk, playerId })
        .andWhere("s.status IN ('approved', 'adjusted', 'set')");
      if (beforePk !== null) query.andWhere('s.pk < :beforePk', { beforePk });
      return query.orderBy('s.pk', 'DESC').limit(limit).getMany();
    });
  }
  roster(matchPk: number, tx?: EntityManager): Promise<MatchParticipant[]> {
    return this.use(tx, (m) =>
      m.find(MatchParticipantEntity, {
        where: { matchPk },
        order: { side: 'ASC', position: 'ASC' },
      }),
    );
  }

  async updateMatch(
    tx: EntityManager,
    pk: number,
    fields: Partial<Omit<Match, 'pk'>>,
  ): Promise<void> {
    await tx.update(MatchEntity, { pk }, fields);
  }
  async updateScore(
    tx: EntityManager,
    pk: number,
    fields: Partial<Omit<Score, 'pk'>>,
  ): Promise<void> {
    await tx.update(ScoreEntity, { pk }, fields);
  }
  async setDelta(
    tx: EntityManager,
    matchPk: number,
    side: number,
    position: number,
    eloDelta: number | null,
  ): Promise<void> {
    await tx.update(MatchParticipantEntity, { matchPk, side, position }, { eloDelta });
  }

  /**
   * A score board's submissions that count, newest first (the board page's recent submissions,
   * issue 29 item 5): applied (approved, adjusted, set) and not removed by a correction, those
   * before `beforePk` when given, `limit` at a time along the (board_pk, pk) index.
   */
  async boardScores(boardPk: number, beforePk: number | null, limit: number): Promise<Score[]> {
    const rows: Record<string, unknown>[] = await this.use(undefined, (m) =>
      m.query(
        `SELECT ${SCORE.columns} FROM scores s
           WHERE s.board_pk = ?${beforePk === null ? '' : ' AND s.pk < ?'}
             AND s.status IN ('approved', 'adjusted', 'set')
             AND NOT EXISTS (SELECT 1 FROM corrections c WHERE c.score_pk = s.pk AND c.action = 'remove')
           ORDER BY s.pk DESC LIMIT ?`,
        [boardPk, ...(beforePk === null ? [] : [beforePk]), limit],
      ),
    );
    return rows.map((row) => SCORE.fromObject(row));
  }
}
