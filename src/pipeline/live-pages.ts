import { createHash } from 'node:crypto';
import type { Board } from '../../entities/board';
import { isMatchBoard } from '../domain/board-rules';
import type { Context } from './context';
import { contestStandings } from './contests';
import { waitingOnBoard } from './queue-reads';
import { boardRecent } from './profile';
import { submissionsPage } from './score-reads';
import { runningSeason } from './season-reads';
import { entryOf, standingsPage } from './standings';

/**
 * What an open board or player page shows (issue 29 item 3, src/web/live.ts), as one short value
 * that moves when what it shows moves: the board's settings and running season, the standings
 * page the visitor is on, the recent matches, how many wait in its queue, and the players the
 * page is about (their value, record and live rank). The same reads the pages make, so a page
 * never changes without its version changing; the version is a digest of content, so it is the
 * same in every process and a reconnecting stream's Last-Event-ID can be compared with it
 * wherever it lands.
 */
export interface LiveScope {
  cursor?: string | undefined;
  limit: number;
  /** A player page's player, and the one it is compared with (?vs=). */
  players: string[];
}

/** Recent matches compared: the board page's and then some, so a void among them counts too. */
const RECENT = 10;

export async function liveVersion(ctx: Context, board: Board, scope: LiveScope): Promise<string> {
  const season = await runningSeason(ctx, board);
  const shown: unknown[] = [board, season];
  if (board.type === 'Rating') {
    shown.push(await contestStandings(ctx, board));
  } else {
    const page = await standingsPage(ctx, board, { cursor: scope.cursor, limit: scope.limit });
    shown.push(page.entries, page.nextCursor);
    if (isMatchBoard(board)) shown.push(await boardRecent(ctx, board, RECENT));
    // A score that does not improve anyone's best still shows in the recent submissions.
    else shown.push((await submissionsPage(ctx, board, { limit: RECENT })).submissions);
    for (const player of scope.players) shown.push(await entryOf(ctx, board, player));
    // The board page says how many wait in its queue (issue 28 item 8); a player page does not.
    if (scope.players.length === 0) shown.push(await waitingOnBoard(ctx, board));
  }
  const text = JSON.stringify(shown, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}
