import type { Board } from '../../../entities/board';
import type { RankedEntry } from '../../pipeline/standings';

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
    last_sub: entry.lastSub ? isoOf(entry.lastSub) : null,
  };
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Date.prototype.toISOString for years 1000–9999, in half its time (51 per page). */
export function isoOf(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString(); // and throws on Invalid Date
  const ms = date.getUTCMilliseconds();
  return `${year}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}.${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}
