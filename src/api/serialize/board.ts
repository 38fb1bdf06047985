import type { Board } from '../../../entities/board';
import { autoApplies, writeContract, type WriteContract } from '../../domain/board-rules';
import { boardUrl } from '../../domain/board-url';

/** The Board resource of spec 2.2, exactly its fields. */
export interface BoardBody {
  id: string;
  display_name: string;
  type: Board['type'];
  sort: Board['sort'];
  team_size: number;
  fixed_teams: boolean;
  url: string;
  write: WriteContract | null;
  validation_window_hours: number;
  auto_applies: boolean;
}

export function serializeBoard(board: Board, publicUrl: string): BoardBody {
  return {
    id: board.id,
    display_name: board.displayName,
    type: board.type,
    sort: board.sort,
    team_size: board.teamSize,
    fixed_teams: board.fixedTeams,
    url: boardUrl(publicUrl, board),
    write: writeContract(board),
    validation_window_hours: board.validationWindowHours,
    auto_applies: autoApplies(board),
  };
}
