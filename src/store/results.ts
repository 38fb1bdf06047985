import { In, type EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import { EntryEntity, type Entry } from '../../entities/entry';
import { MatchEntity, type Match } from '../../entities/match';
import { MatchParticipantEntity, type MatchParticipant } from '../../entities/match-participant';
import { ScoreEntity, type Score } from '../../entities/score';
import { TeamEntity } from '../../entities/team';
import { entryRankKey } from '../domain/ranking';
import type { EntryState } from '../domain/scoring';
import { recordRankMoves } from './entries';
import { Repository } from './repository';

/** Matches, scores and the entries they move: written only inside the worker's transactions. */
export class ResultsRepository extends Repository {
  /** Serialises scoring on one board (DESIGN.md 1); SQLite has a single writer already. */
  async lockBoard(tx: EntityManager, boardPk: number, skipLocked: boolean): Promise<boolean> {
    if (this.dialect !== 'mysql') return true;
    const rows: unknown[] = await tx.query(
      `SELECT pk FROM boards WHERE pk = ? FOR UPDATE${skipLocked ? ' SKIP LOCKED' : ''}`,
      [boardPk],
    );
    return rows.length === 1;
  }

  entries(tx: EntityManager, boardPk: number, playerIds: string[]): Promise<Entry[]> {
    if (playerIds.length === 0) return Promise.resolve([]);
    return tx.findBy(EntryEntity, { boardPk, playerId: In(playerIds) });
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

  async saveEntries(tx: EntityManager, board: Board, states: EntryState[]): Promise<void> {
    const existing = new Map(
      (
        await this.entries(
          tx,
          board.pk,
          states.map((s) => s.playerId),
        )
      ).map((e) => [e.playerId, e.rankKey]),
    );
    const moves: { from: number | null; to: number }[] = [];
    for (const state of states) {
      const row: Entry = { ...state, boardPk: board.pk, rankKey: entryRankKey(state, board) };
      const from = existing.get(state.playerId);
      if (from !== undefined) {
        await tx.update(EntryEntity, { boardPk: board.pk, playerId: state.playerId }, row);
      } else {
        await tx.insert(EntryEntity, row);
      }
      moves.push({ from: from ?? null, to: row.rankKey });
    }
    await recordRankMoves(tx, this.dialect, board.pk, moves);
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

  async insertScore(tx: EntityManager, score: Omit<Score, 'pk'>): Promise<Score> {
    const result = await tx.insert(ScoreEntity, score);
    return { ...score, pk: Number(result.identifiers[0]?.pk) };
  }

  match(pk: number, tx?: EntityManager): Promise<Match | null> {
    return this.use(tx, (m) => m.findOneBy(MatchEntity, { pk }));
  }
  score(pk: number, tx?: EntityManager): Promise<Score | null> {
    return this.use(tx, (m) => m.findOneBy(ScoreEntity, { pk }));
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
}
