import type { Board } from '../../../entities/board';
import type { RankedEntry } from '../../store/entries';

/** The Entry resource of spec 2.4: exactly the fields its board type carries, null elsewhere. */
export interface EntryBody {
  rank: number;
  player_id: string;
  player_name: string;
  score: number | null;
  elo: number | null;
  wins: number | null;
  draws: number | null;
  losses: number | null;
  submissions: number | null;
  last_sub: string | null;
}

export function serializeEntry(entry: RankedEntry, board: Pick<Board, 'type'>): EntryBody {
  const matchBoard = board.type === 'ELO' || board.type === 'League';
  return {
    rank: entry.rank,
    player_id: entry.playerId,
    player_name: entry.playerName,
    score: board.type === 'ELO' ? null : entry.score,
    elo: board.type === 'ELO' ? entry.elo : null,
    wins: matchBoard ? (entry.wins ?? 0) : null,
    draws: matchBoard ? (entry.draws ?? 0) : null,
    losses: matchBoard ? (entry.losses ?? 0) : null,
    submissions: matchBoard ? null : (entry.submissions ?? 0),
    last_sub: entry.lastSub?.toISOString() ?? null,
  };
}
