import type { Board } from '../../entities/board';
import { isMatchBoard, isScoreBoard, writeContract } from '../domain/board-rules';
import { TallyError } from '../domain/errors';
import { ownerKind } from '../domain/ids';
import type { ParticipantRef } from '../domain/participants';
import {
  parseMatchWrite,
  parseScoreWrite,
  type MatchWrite,
  type ScoreWrite,
  type WriteBoard,
} from '../domain/write-request';
import type { Context } from './context';

function checkWritable(board: Board, kind: 'match' | 'score'): void {
  const contract = writeContract(board);
  const fits = kind === 'match' ? isMatchBoard(board) : isScoreBoard(board);
  if (!contract || !fits) {
    const why = !contract
      ? `${board.freeForAll ? 'free-for-all' : board.type} boards take no writes through the API`
      : `this ${board.type} board takes ${kind === 'match' ? 'scores' : 'matches'}: ${contract.endpoint}`;
    throw new TallyError('board_type_mismatch', why);
  }
}

async function checkTeams(ctx: Context, board: Board, refs: ParticipantRef[]): Promise<void> {
  for (const ref of refs) {
    if (ref.kind !== 'team') continue;
    const team = await ctx.repos.teams.byPk(ref.teamPk);
    if (!team || team.boardPk !== board.pk) {
      throw new TallyError('unknown_player', `team_${ref.teamPk} is not a team of this board`);
    }
  }
}

/**
 * A write's body (spec 4.8, 4.9) checked against its board: the one validation for the HTTP
 * routes and the slash commands (STYLE.md 2), so chat and API accept exactly the same writes.
 */
export async function validateWrite(
  ctx: Context,
  board: Board,
  kind: 'match' | 'score',
  body: unknown,
): Promise<MatchWrite | ScoreWrite> {
  checkWritable(board, kind);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TallyError('invalid_request', 'The body must be a JSON object');
  }
  const shape: WriteBoard = { ...board, ownerKind: ownerKind(board.ownerId) };
  const write =
    kind === 'match'
      ? parseMatchWrite(body as Record<string, unknown>, shape)
      : parseScoreWrite(body as Record<string, unknown>, shape);
  await checkTeams(
    ctx,
    board,
    write.kind === 'match' ? [...write.team1, ...write.team2] : [write.player],
  );
  return write;
}
