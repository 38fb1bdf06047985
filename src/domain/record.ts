import { winnerOf } from './league';
import type { Winner } from './vocabulary';

/** A match's result for one side (a League match's winner comes from its scoreline, spec 4.8). */
export type Result = 'W' | 'D' | 'L';

export function resultFor(
  match: { winner: Winner | null; team1Score: number | null; team2Score: number | null },
  side: 1 | 2,
): Result {
  const winner = match.winner ?? winnerOf(match.team1Score ?? 0, match.team2Score ?? 0);
  if (winner === 'draw') return 'D';
  return (winner === 'team1') === (side === 1) ? 'W' : 'L';
}

/** "3–1" from this side's view, or null without a scoreline. */
export function scorelineFor(
  match: { team1Score: number | null; team2Score: number | null },
  side: 1 | 2,
): string | null {
  if (match.team1Score === null || match.team2Score === null) return null;
  const [mine, theirs] =
    side === 1 ? [match.team1Score, match.team2Score] : [match.team2Score, match.team1Score];
  return `${mine}–${theirs}`;
}

/** The run a player is on now and their longest run of wins, from results oldest first. */
export interface Run {
  result: Result;
  length: number;
}

export function streaks(results: Result[]): { current: Run | null; longestWin: number } {
  let longestWin = 0;
  let wins = 0;
  let length = 0;
  results.forEach((result, i) => {
    length = i > 0 && results[i - 1] === result ? length + 1 : 1;
    wins = result === 'W' ? wins + 1 : 0;
    longestWin = Math.max(longestWin, wins);
  });
  const last = results.at(-1);
  return { current: last ? { result: last, length } : null, longestWin };
}

/** Wins over all results (a draw counts as played, not won); null before any. */
export function winRate(record: { wins: number; draws: number; losses: number }): number | null {
  const played = record.wins + record.draws + record.losses;
  return played === 0 ? null : record.wins / played;
}

/** Tallies results as a record. */
export function recordOf(results: Result[]): { wins: number; draws: number; losses: number } {
  return {
    wins: results.filter((r) => r === 'W').length,
    draws: results.filter((r) => r === 'D').length,
    losses: results.filter((r) => r === 'L').length,
  };
}
