import type { Board } from '../../entities/board';
import { isMatchBoard } from '../domain/board-rules';
import { cursorInt, decodeCursor, encodeCursor, splitPage } from '../domain/cursor';
import { TallyError } from '../domain/errors';
import type { MatchStatus } from '../domain/vocabulary';
import type { Context } from './context';
import { decodeMatchesCursor, matchesPage } from './match-reads';
import { fromSide, nameOf } from './profile';
import type { Participant, PlayedMatch } from './profile-types';

/**
 * A player's whole history on a board, a page at a time (issue 29 item 4): every match they
 * played (match boards) or every score of theirs that counts (score boards), newest first.
 * Matches page with the API's matches cursors (match-reads.ts); scores with the same keyset rule.
 */

export interface PlayerMatchesPage {
  player: Participant;
  matches: PlayedMatch[];
  nextCursor: string | null;
}

/** A player's applied matches, from their side; a malformed cursor is a 400 before any 404. */
export async function playerMatchesPage(
  ctx: Context,
  board: Board,
  playerId: string,
  request: { cursor?: string | undefined; limit: number },
): Promise<PlayerMatchesPage> {
  if (request.cursor !== undefined) decodeMatchesCursor(request.cursor);
  const name = await nameOf(ctx, board, playerId);
  const page = await matchesPage(ctx, board, { ...request, player: playerId, counted: true });
  return {
    player: { id: playerId, name },
    matches: page.matches.map((m) => fromSide(m, playerId)),
    nextCursor: page.nextCursor,
  };
}

/** One submitted score as its history lists it. */
export interface SubmittedScore {
  at: Date;
  score: number;
  status: MatchStatus;
}

export interface PlayerScoresPage {
  player: Participant;
  scores: SubmittedScore[];
  nextCursor: string | null;
}

const decodeScoresCursor = (cursor: string) => cursorInt(decodeCursor(cursor), 's');

/** A player's scores that count on a score board, newest first. */
export async function playerScoresPage(
  ctx: Context,
  board: Board,
  playerId: string,
  request: { cursor?: string | undefined; limit: number },
): Promise<PlayerScoresPage> {
  const before = request.cursor === undefined ? null : decodeScoresCursor(request.cursor);
  if (isMatchBoard(board) || board.type === 'Rating')
    throw new TallyError('not_found', `${board.id} records matches or entries, not scores`, {
      said: { key: 'reading.refusals.notScores', vars: { board: board.id } },
    });
  const name = await nameOf(ctx, board, playerId);
  const rows = await ctx.repos.results.playerScores(board.pk, playerId, before, request.limit + 1);
  const { items, nextCursor } = splitPage(rows, request.limit, (last) =>
    encodeCursor({ s: last.pk }),
  );
  return {
    player: { id: playerId, name },
    scores: items.map((s) => ({ at: s.submittedAt, score: s.score, status: s.status })),
    nextCursor,
  };
}
