import type { Board } from '../../../entities/board';
import type { Winner } from '../../domain/vocabulary';
import { isApplied } from '../../domain/handle-status';
import type { MatchWithRoster } from '../../pipeline/match-reads';

interface MatchParticipantBody {
  player_id: string;
  player_name: string;
  elo: number | null;
}

/** The Match resource of spec 2.5; League matches carry the scoreline, ELO matches omit it. */
export interface MatchBody {
  id: number;
  board: string;
  team_size: number;
  team1: MatchParticipantBody[];
  team2: MatchParticipantBody[];
  winner: Winner | null;
  team1_score?: number | null;
  team2_score?: number | null;
  status: MatchWithRoster['status'];
  applied: boolean;
  submitted_at: string | null;
  submitted_by: string | null;
}

export function serializeMatch(
  match: MatchWithRoster,
  board: Pick<Board, 'id' | 'type' | 'teamSize'>,
): MatchBody {
  const side = (n: 1 | 2) =>
    match.roster
      .filter((slot) => slot.side === n)
      .map((slot) => ({
        player_id: slot.playerId,
        player_name: slot.playerName,
        elo: slot.eloBefore,
      }));
  return {
    id: match.number,
    board: board.id,
    team_size: board.teamSize,
    team1: side(1),
    team2: side(2),
    winner: match.winner,
    ...(board.type === 'League'
      ? { team1_score: match.team1Score, team2_score: match.team2Score }
      : {}),
    status: match.status,
    applied: isApplied(match.status),
    submitted_at: match.submittedAt.toISOString(),
    submitted_by: match.submittedBy,
  };
}
