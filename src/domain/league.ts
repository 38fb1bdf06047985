import type { Board } from './board';
import type { Winner } from './vocabulary';
import { DEFAULTS } from './board-rules';

export interface LeaguePoints {
  win: number;
  draw: number;
  loss: number;
}

export type Outcome = 'win' | 'draw' | 'loss';

/** The board's points per outcome, with the defaults the WriteContract shows (board-rules). */
export function leaguePoints(
  board: Pick<Board, 'pointsWin' | 'pointsDraw' | 'pointsLoss'>,
): LeaguePoints {
  return {
    win: board.pointsWin ?? DEFAULTS.points[0],
    draw: board.pointsDraw ?? DEFAULTS.points[1],
    loss: board.pointsLoss ?? DEFAULTS.points[2],
  };
}

/** spec 4.8 rule 2, DESIGN.md 3: the higher score wins, equal scores are a draw. */
export function winnerOf(team1Score: number, team2Score: number): Winner {
  if (team1Score > team2Score) return 'team1';
  if (team1Score < team2Score) return 'team2';
  return 'draw';
}

/** What a match result means for one side. */
export function outcomeFor(winner: Winner, side: 1 | 2): Outcome {
  if (winner === 'draw') return 'draw';
  return (winner === 'team1') === (side === 1) ? 'win' : 'loss';
}
