/**
 * The entry-history backfill's replay (migrations/1733300000000-entry-history.ts), frozen with the
 * migration: migrations import nothing from src, so the rules as they stood when history began
 * are written out here (league points, score operators, cause texts as src/domain/history.ts
 * words them).
 */
export interface BackfillBoard {
  type: string;
  sort: string;
  startRating: number | null;
  pointsWin: number | null;
  pointsDraw: number | null;
  pointsLoss: number | null;
}

export type PastEvent =
  | {
      kind: 'match';
      at: Date;
      number: number;
      status: string;
      winner: string | null;
      team1Score: number | null;
      team2Score: number | null;
      roster: { playerId: string; side: number; eloDelta: number | null }[];
    }
  | { kind: 'score'; at: Date; pk: number; status: string; playerId: string; score: number }
  /** A change no result made (decay, a soft season reset), as entry_changes recorded it. */
  | { kind: 'change'; at: Date; playerId: string; delta: number; cause: string }
  /** A season's end that cleared the standings (hard reset, or any end on a non-ELO board). */
  | { kind: 'clear'; at: Date; cause: string };

export interface BackfillRow {
  playerId: string;
  at: Date;
  value: number | null;
  delta: number | null;
  kind: 'match' | 'score' | 'decay' | 'season';
  ref: number | null;
  cause: string;
}

const MODERATED: Record<string, string> = {
  adjusted: ' (adjusted by a moderator)',
  set: ' (set by a moderator)',
};

/** Replays a board's past, oldest first, into the rows live history would have written. */
export function replayHistory(board: BackfillBoard, events: PastEvent[]): BackfillRow[] {
  const values = new Map<string, number | null>();
  const rows: BackfillRow[] = [];
  const move = (
    row: Omit<BackfillRow, 'value' | 'delta' | 'playerId'>,
    playerId: string,
    after: number | null,
  ) => {
    const before = values.get(playerId) ?? null;
    const delta = before === null || after === null ? null : after - before;
    rows.push({ ...row, playerId, value: after, delta, cause: row.cause.slice(0, 200) });
    values.set(playerId, after);
  };
  for (const event of events) {
    if (event.kind === 'match') {
      const row = { kind: 'match', at: event.at, ref: event.number } as const;
      const cause = `Match #${event.number}${MODERATED[event.status] ?? ''}`;
      const winner = event.winner ?? scorelineWinner(event.team1Score ?? 0, event.team2Score ?? 0);
      for (const slot of event.roster) {
        const before = values.get(slot.playerId) ?? null;
        const after =
          board.type === 'ELO'
            ? (before ?? board.startRating ?? 1000) + (slot.eloDelta ?? 0)
            : (before ?? 0) + leaguePoints(board, winner, slot.side);
        move({ ...row, cause }, slot.playerId, after);
      }
    } else if (event.kind === 'score') {
      const before = values.get(event.playerId) ?? null;
      const cause = `Score ${board.type === 'Time' ? formatTime(event.score) : event.score}${MODERATED[event.status] ?? ''}`;
      const row = { kind: 'score', at: event.at, ref: event.pk, cause } as const;
      move(row, event.playerId, combine(board, before, event.score));
    } else if (event.kind === 'change') {
      const before = values.get(event.playerId) ?? board.startRating ?? 1000;
      const kind = / ended: /.test(event.cause) ? 'season' : 'decay';
      move(
        { kind, at: event.at, ref: null, cause: event.cause },
        event.playerId,
        before + event.delta,
      );
    } else {
      for (const [playerId, value] of values) {
        const row = { kind: 'season', at: event.at, ref: null, cause: event.cause } as const;
        if (value !== null) move(row, playerId, null);
      }
    }
  }
  return rows;
}

const scorelineWinner = (a: number, b: number) => (a > b ? 'team1' : a < b ? 'team2' : 'draw');

function leaguePoints(board: BackfillBoard, winner: string, side: number): number {
  if (winner === 'draw') return board.pointsDraw ?? 1;
  return (winner === 'team1') === (side === 1) ? (board.pointsWin ?? 3) : (board.pointsLoss ?? 0);
}

/** Classic adds; Highscore and Time keep the best in the board's direction. */
function combine(board: BackfillBoard, before: number | null, score: number): number {
  if (before === null) return score;
  if (board.type === 'Classic') return before + score;
  return board.sort === 'desc' ? Math.max(before, score) : Math.min(before, score);
}

function formatTime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const seconds = `${pad(Math.floor(abs / 1000) % 60)}.${pad(abs % 1000, 3)}`;
  const minutes = Math.floor(abs / 60_000);
  if (minutes < 60) return `${sign}${minutes}:${seconds}`;
  return `${sign}${Math.floor(minutes / 60)}:${pad(minutes % 60)}:${seconds}`;
}
