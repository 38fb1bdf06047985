import { In } from 'typeorm';
import { MatchEntity, type Match } from '../../entities/match';
import type { MatchStatus } from '../domain/vocabulary';
import { MatchParticipantEntity, type MatchParticipant } from '../../entities/match-participant';
import { Repository } from './repository';

export interface MatchWithRoster extends Match {
  roster: MatchParticipant[];
}

export interface MatchFilter {
  player?: string;
  status?: MatchStatus;
  /** Keyset position: only matches numbered below this one. */
  beforeNumber?: number;
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
