import { In } from 'typeorm';
import { MatchEntity, type Match } from '../../entities/match';
import type { MatchStatus, Winner } from '../domain/vocabulary';
import { MatchParticipantEntity, type MatchParticipant } from '../../entities/match-participant';
import { timeParam } from './raw';
import { Repository } from './repository';

export interface MatchWithRoster extends Match {
  roster: MatchParticipant[];
}

/** One applied match from one participant's side. */
export interface PlayedRow {
  number: number;
  winner: Winner | null;
  team1Score: number | null;
  team2Score: number | null;
  side: 1 | 2;
  /** This side's rating change (ELO boards). */
  eloDelta: number | null;
}

const APPLIED = `'approved', 'adjusted', 'set'`;
/** Applied and still counting: a match a moderator removed keeps status `set` with no winner. */
const COUNTED = `m.status IN (${APPLIED}) AND m.winner IS NOT NULL`;
/** When an applied match counts (src/pipeline/apply.ts appliedAt). */
const COUNTS_FROM = `CASE WHEN m.reviewed_by = 'auto' OR m.reviewed_at IS NULL THEN m.submitted_at ELSE m.reviewed_at END`;
const playedRow = (row: Record<string, unknown>): PlayedRow => ({
  number: Number(row.number),
  winner: (row.winner ?? null) as Winner | null,
  team1Score: row.team1_score === null ? null : Number(row.team1_score),
  team2Score: row.team2_score === null ? null : Number(row.team2_score),
  side: Number(row.side) as 1 | 2,
  eloDelta: row.elo_delta === null ? null : Number(row.elo_delta),
});

/** A player's goals over the standings' matches and their newest matches (newest first). */
export interface GoalsAndForm {
  goalsFor: number;
  goalsAgainst: number;
  newest: PlayedRow[];
}

export interface MatchFilter {
  player?: string;
  status?: MatchStatus;
  /** Keyset position: only matches numbered below this one. */
  beforeNumber?: number;
  /** Only applied matches that still count (the public pages' history). */
  counted?: boolean;
}

/** Match history reads (spec 4.6, 4.7): newest first by per-board number, rosters in one query. */
export class MatchReadRepository extends Repository {
  async page(boardPk: number, filter: MatchFilter, limit: number): Promise<MatchWithRoster[]> {
    const matches = await this.use(undefined, (m) => {
      const query = m
        .createQueryBuilder(MatchEntity, 'm')
        .where('m.board_pk = :boardPk', { boardPk })
        .orderBy('m.number', 'DESC')
        .limit(limit);
      if (filter.status) query.andWhere('m.status = :status', { status: filter.status });
      if (filter.counted) query.andWhere(COUNTED);
      if (filter.beforeNumber !== undefined)
        query.andWhere('m.number < :before', { before: filter.beforeNumber });
      if (filter.player)
        query.andWhere(
          'm.number IN (SELECT p.match_number FROM match_participants p WHERE p.board_pk = :boardPk AND p.player_id = :player)',
          { player: filter.player },
        );
      return query.getMany();
    });
    return this.withRosters(matches);
  }

  async byNumber(boardPk: number, number: number): Promise<MatchWithRoster | null> {
    const match = await this.use(undefined, (m) => m.findOneBy(MatchEntity, { boardPk, number }));
    return match ? ((await this.withRosters([match]))[0] ?? null) : null;
  }

  /**
   * The newest `limit` applied matches a player played on a board since `since` (the season's
   * start; all when null), oldest first, as (number, winner, scoreline, side): enough for
   * streaks without the rosters. A match counts from when it applied (queued, if auto-applied).
   */
  async played(
    boardPk: number,
    playerId: string,
    since: Date | null,
    limit: number,
  ): Promise<PlayedRow[]> {
    const rows: Record<string, unknown>[] = await this.use(undefined, (m) =>
      m.query(
        `SELECT m.number, m.winner, m.team1_score, m.team2_score, p.side, p.elo_delta
           FROM match_participants p JOIN matches m ON m.pk = p.match_pk
           WHERE p.board_pk = ? AND p.player_id = ? AND ${COUNTED}${
             since ? ` AND ${COUNTS_FROM} >= ?` : ''
           }
           ORDER BY m.number DESC LIMIT ?`,
        [boardPk, playerId, ...(since ? [timeParam(this.dialect, since)] : []), limit],
      ),
    );
    return rows.map(playedRow).reverse();
  }

  /** The applied matches where `a` played against `b`, oldest first, from a's side. */
  async between(boardPk: number, a: string, b: string): Promise<PlayedRow[]> {
    const rows: Record<string, unknown>[] = await this.use(undefined, (m) =>
      m.query(
        `SELECT m.number, m.winner, m.team1_score, m.team2_score, pa.side, pa.elo_delta FROM match_participants pa
           JOIN match_participants pb
             ON pb.match_pk = pa.match_pk AND pb.player_id = ? AND pb.side <> pa.side
           JOIN matches m ON m.pk = pa.match_pk
           WHERE pa.board_pk = ? AND pa.player_id = ? AND ${COUNTED}
           ORDER BY m.number`,
        [b, boardPk, a],
      ),
    );
    return rows.map(playedRow);
  }

  /** These matches of a board with their rosters, newest first. */
  async numbered(boardPk: number, numbers: number[]): Promise<MatchWithRoster[]> {
    if (numbers.length === 0) return [];
    const matches = await this.use(undefined, (m) =>
      m.find(MatchEntity, { where: { boardPk, number: In(numbers) }, order: { number: 'DESC' } }),
    );
    return this.withRosters(matches);
  }

  /** The name a participant last played or scored under on a board; null if never. */
  async lastName(boardPk: number, playerId: string): Promise<string | null> {
    const rows: { name: string }[] = await this.use(undefined, async (m) => [
      ...(await m.query(
        `SELECT player_name AS name FROM match_participants WHERE board_pk = ? AND player_id = ?
           ORDER BY match_number DESC LIMIT 1`,
        [boardPk, playerId],
      )),
      ...(await m.query(
        `SELECT player_name AS name FROM scores WHERE board_pk = ? AND player_id = ?
           ORDER BY pk DESC LIMIT 1`,
        [boardPk, playerId],
      )),
    ]);
    return rows[0]?.name ?? null;
  }

  /**
   * A League table's goals and form for these players (issue 29 item 5), in one statement: each
   * player's goals for and against over the applied matches since `since` (the standings' start;
   * all when null), and their newest `recent` of those matches, newest first. A team's goals
   * count for each of its players.
   */
  async goalsAndForm(
    boardPk: number,
    playerIds: readonly string[],
    since: Date | null,
    recent: number,
  ): Promise<Map<string, GoalsAndForm>> {
    const lines = new Map<string, GoalsAndForm>();
    if (playerIds.length === 0) return lines;
    const mine = 'CASE WHEN p.side = 1 THEN m.team1_score ELSE m.team2_score END';
    const theirs = 'CASE WHEN p.side = 1 THEN m.team2_score ELSE m.team1_score END';
    const rows: Record<string, unknown>[] = await this.use(undefined, (m) =>
      m.query(
        `SELECT * FROM (
           SELECT p.player_id, p.side, p.elo_delta, m.number, m.winner, m.team1_score, m.team2_score,
             SUM(COALESCE(${mine}, 0)) OVER (PARTITION BY p.player_id) AS goals_for,
             SUM(COALESCE(${theirs}, 0)) OVER (PARTITION BY p.player_id) AS goals_against,
             ROW_NUMBER() OVER (PARTITION BY p.player_id ORDER BY m.number DESC) AS newest
           FROM match_participants p JOIN matches m ON m.pk = p.match_pk
           WHERE p.board_pk = ? AND p.player_id IN (${playerIds.map(() => '?').join(', ')})
             AND ${COUNTED}${since ? ` AND ${COUNTS_FROM} >= ?` : ''}
         ) t WHERE t.newest <= ? ORDER BY t.player_id, t.newest`,
        [boardPk, ...playerIds, ...(since ? [timeParam(this.dialect, since)] : []), recent],
      ),
    );
    for (const row of rows) {
      const id = String(row.player_id);
      const line = lines.get(id) ?? {
        goalsFor: Number(row.goals_for),
        goalsAgainst: Number(row.goals_against),
        newest: [],
      };
      line.newest.push(playedRow(row));
      lines.set(id, line);
    }
    return lines;
  }

  private async withRosters(matches: Match[]): Promise<MatchWithRoster[]> {
    if (matches.length === 0) return [];
    const slots = await this.use(undefined, (m) =>
      m.find(MatchParticipantEntity, {
        where: { matchPk: In(matches.map((match) => match.pk)) },
        order: { matchPk: 'ASC', side: 'ASC', position: 'ASC' },
      }),
    );
    const byMatch = new Map<number, MatchParticipant[]>();
    for (const slot of slots) {
      const list = byMatch.get(slot.matchPk) ?? [];
      list.push(slot);
      byMatch.set(slot.matchPk, list);
    }
    return matches.map((match) => ({ ...match, roster: byMatch.get(match.pk) ?? [] }));
  }
}
