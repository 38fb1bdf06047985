import type { Board } from '../../entities/board';
import { boardUrl } from '../../src/domain/board-url';
import { ownerKind } from '../../src/domain/ids';
import { parseMatchWrite, parseScoreWrite } from '../../src/domain/write-request';
import { OfflineChat } from '../../src/pipeline/chat-port';
import type { Context } from '../../src/pipeline/context';
import { enqueueWrite } from '../../src/pipeline/enqueue';
import { processSubmission } from '../../src/pipeline/process';

/**
 * History written through the real pipeline (enqueue, then the worker's own step), each write
 * at its own time, so entries, matches and the value history all exist as in production. Run
 * against a Tally started with `worker: false`, so no worker races these steps.
 */

export const custom = (name: string) => ({ name, custom: true });
export const team = (teamId: string) => ({ team_id: teamId });

type Body = Record<string, unknown>;

const DAY = 86_400_000;

export interface Clock {
  /** The time of the next write; each write moves it on by `step`. */
  at: Date;
  stepMs: number;
}

export const clockFrom = (start: string, stepMs = DAY / 2): Clock => ({
  at: new Date(start),
  stepMs,
});

async function write(ctx: Context, board: Board, body: Body, clock: Clock): Promise<void> {
  const at = clock.at;
  clock.at = new Date(at.getTime() + clock.stepMs);
  const clocked: Context = { ...ctx, now: () => at };
  const shape = { ...board, ownerKind: ownerKind(board.ownerId) };
  const parsed =
    board.type === 'ELO' || board.type === 'League'
      ? parseMatchWrite(body, shape)
      : parseScoreWrite(body, shape);
  const { submission } = await enqueueWrite(clocked, board, parsed, 'api');
  await processSubmission(clocked, new OfflineChat(), submission);
  const done = await ctx.repos.submissions.byId(submission.id);
  if (done?.status !== 'approved')
    throw new Error(`seed write ${JSON.stringify(body)}: ${done?.status} ${done?.failureReason}`);
}

/** Matches in order: `[team1, team2, winner]` or with a scoreline `[team1, team2, [3, 1]]`. */
export async function playMatches(
  ctx: Context,
  board: Board,
  clock: Clock,
  matches: [Body | Body[], Body | Body[], 'team1' | 'team2' | 'draw' | [number, number]][],
): Promise<void> {
  const side = (p: Body | Body[]) => (Array.isArray(p) ? p : [p]);
  for (const [team1, team2, result] of matches) {
    const body: Body = { team1: side(team1), team2: side(team2) };
    if (Array.isArray(result)) [body.team1_score, body.team2_score] = result;
    else body.winner = result;
    await write(ctx, board, body, clock);
  }
}

export async function postScores(
  ctx: Context,
  board: Board,
  clock: Clock,
  scores: [Body, number][],
): Promise<void> {
  for (const [player, score] of scores) await write(ctx, board, { player, score }, clock);
}

/** The path of a board's page (what its `url` names), as links on the pages read. */
export const boardPath = (b: Pick<Board, 'ownerId' | 'id'>) =>
  new URL(boardUrl('http://x', b)).pathname;

export const playerPath = (b: Pick<Board, 'ownerId' | 'id'>, playerId: string) =>
  `${boardPath(b)}/players/${encodeURIComponent(playerId)}`;

export const ownerPath = (ownerId: string) => `/boards/${encodeURIComponent(ownerId)}`;
