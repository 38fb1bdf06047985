import { IsNull, LessThan, MoreThan, type EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import { SeasonEntity, SeasonStandingEntity } from '../../entities/season';
import { SubmissionEntity } from '../../entities/submission';
import type { Season, SeasonStanding } from '../domain/season';
import { rebuildRankCounts } from './entries';
import { read, rowCodec } from './row-codec';
import { Repository } from './repository';

/** The seasons columns the fixed SQL reads (src/store/row-codec.ts). */
export const SEASON = rowCodec<Season>('seasons', {
  pk: ['pk', read.int],
  boardPk: ['board_pk', read.int],
  number: ['number', read.int],
  name: ['name', read.text],
  startedAt: ['started_at', read.date],
  endsAt: ['ends_at', read.dateOrNull],
  endedAt: ['ended_at', read.dateOrNull],
  reset: ['reset', read.as<Season['reset']>()],
  softPercent: ['soft_percent', read.int],
  channelId: ['channel_id', read.textOrNull],
  topN: ['top_n', read.int],
  repeat: ['repeats', (v) => Boolean(Number(v))],
});

/** Seasons per board and their archives (entities/season.ts). */
export class SeasonRepository extends Repository {
  /**
   * The board's running season, if any: at most one has no end yet. A fixed statement: every
   * worker batch asks it.
   */
  async open(boardPk: number, tx?: EntityManager): Promise<Season | null> {
    const rows: Record<string, unknown>[] = await this.use(tx, (m) =>
      m.query(`SELECT ${SEASON.columns} FROM seasons WHERE board_pk = ? AND ended_at IS NULL`, [
        boardPk,
      ]),
    );
    return rows[0] ? SEASON.fromObject(rows[0]) : null;
  }

  /** The board's newest season, running or ended. */
  latest(boardPk: number, tx?: EntityManager): Promise<Season | null> {
    return this.use(tx, (m) =>
      m.findOne(SeasonEntity, { where: { boardPk }, order: { number: 'DESC' } }),
    );
  }

  byNumber(boardPk: number, number: number): Promise<Season | null> {
    return this.use(undefined, (m) => m.findOneBy(SeasonEntity, { boardPk, number }));
  }

  byPk(pk: number): Promise<Season | null> {
    return this.use(undefined, (m) => m.findOneBy(SeasonEntity, { pk }));
  }

  /** Ended seasons, newest first, numbered below `before` (keyset). */
  ended(boardPk: number, before: number, limit: number): Promise<Season[]> {
    return this.use(undefined, (m) =>
      m
        .createQueryBuilder(SeasonEntity, 's')
        .where('s.board_pk = :boardPk AND s.number < :before AND s.ended_at IS NOT NULL', {
          boardPk,
          before,
        })
        .orderBy('s.number', 'DESC')
        .take(limit)
        .getMany(),
    );
  }

  async insert(season: Omit<Season, 'pk'>, tx: EntityManager): Promise<Season> {
    const result = await tx.insert(SeasonEntity, season);
    return { ...season, pk: Number(result.identifiers[0]?.pk) };
  }

  /** Moves a running season's end (ending it now by command); false if it has ended. */
  async setEnd(pk: number, endsAt: Date, repeat: boolean, tx: EntityManager): Promise<boolean> {
    const moved = await tx.update(SeasonEntity, { pk, endedAt: IsNull() }, { endsAt, repeat });
    return (moved.affected ?? 0) === 1;
  }

  /** Marks the season ended at `at`: once only (false if it had ended already). */
  async close(pk: number, at: Date, tx: EntityManager): Promise<boolean> {
    const closed = await tx.update(SeasonEntity, { pk, endedAt: IsNull() }, { endedAt: at });
    return (closed.affected ?? 0) === 1;
  }

  /** Whether any season of the board closed after `at` (a step due at `at` came too late). */
  endedAfter(boardPk: number, at: Date, tx: EntityManager): Promise<boolean> {
    return tx.exists(SeasonEntity, { where: { boardPk, endedAt: MoreThan(at) } });
  }

  /** Whether a submission of the board queued before `at` still waits to be recorded. */
  queuedBefore(boardPk: number, at: Date, tx: EntityManager): Promise<boolean> {
    return tx.exists(SubmissionEntity, {
      where: { boardPk, status: 'queued', queuedAt: LessThan(at) },
    });
  }

  /**
   * Copies the board's standings into the season's archive in one statement, each row with its
   * competition rank (RANK() over the ranking key is exactly DESIGN.md 3's rule: ties share).
   */
  async archive(tx: EntityManager, season: Season, board: Board): Promise<number> {
    const value = board.type === 'ELO' ? 'elo' : 'score';
    await tx.query(
      `INSERT INTO season_standings (season_pk, player_id, player_name, final_rank, value, wins,
         draws, losses, submissions)
       SELECT ?, player_id, player_name, RANK() OVER (ORDER BY rank_key), ${value}, wins, draws,
         losses, submissions
       FROM entries WHERE board_pk = ?`,
      [season.pk, board.pk],
    );
    return tx.countBy(SeasonStandingEntity, { seasonPk: season.pk });
  }

  /** Every entry and rank counter of the board gone: the next season starts empty. */
  async clearEntries(tx: EntityManager, boardPk: number): Promise<void> {
    await tx.query('DELETE FROM entries WHERE board_pk = ?', [boardPk]);
    await rebuildRankCounts(tx, boardPk);
  }

  /** Win/draw/loss records back to zero; ratings (and so ranks) stay. */
  async clearRecords(tx: EntityManager, boardPk: number): Promise<void> {
    await tx.query('UPDATE entries SET wins = 0, draws = 0, losses = 0 WHERE board_pk = ?', [
      boardPk,
    ]);
  }

  /**
   * A page of a season's final standings in rank order (ties by player id), `offset` rows in: the
   * archive never changes, so an offset names the same rows on every read.
   */
  standings(seasonPk: number, offset: number, limit: number): Promise<SeasonStanding[]> {
    return this.use(undefined, (m) =>
      m.find(SeasonStandingEntity, {
        where: { seasonPk },
        order: { rank: 'ASC', playerId: 'ASC' },
        skip: offset,
        take: limit,
      }),
    );
  }

  /** The champions (rank 1, ties share) of these seasons. */
  async champions(seasonPks: number[]): Promise<Map<number, SeasonStanding[]>> {
    const byseason = new Map<number, SeasonStanding[]>();
    if (seasonPks.length === 0) return byseason;
    const rows = await this.use(undefined, (m) =>
      m
        .createQueryBuilder(SeasonStandingEntity, 'a')
        .where('a.season_pk IN (:...seasonPks) AND a.final_rank = 1', { seasonPks })
        .orderBy('a.player_id', 'ASC')
        .getMany(),
    );
    for (const row of rows)
      byseason.set(row.seasonPk, [...(byseason.get(row.seasonPk) ?? []), row]);
    return byseason;
  }
}
