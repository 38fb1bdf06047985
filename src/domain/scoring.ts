import type { Board } from './board';
import type { Winner } from './vocabulary';
import { eloDeltas, eloSettings } from './elo';
import { TallyError } from './errors';
import { leaguePoints, outcomeFor, winnerOf, type Outcome } from './league';

/**
 * One participant's standing as scoring sees it: the Entry row without its board and rank key
 * (entities/entry.ts), so an Entry can be passed in as is. Fields a board type does not use are
 * null (spec 2.4): ELO has elo + wins/draws/losses; League has score (points) + wins/draws/losses;
 * Classic, Highscore and Time have score + submissions.
 */
export interface EntryState {
  playerId: string;
  playerName: string;
  score: number | null;
  elo: number | null;
  wins: number | null;
  draws: number | null;
  losses: number | null;
  submissions: number | null;
  lastSub: Date | null;
}

/**
 * A result would leave ±(2^53−1) (spec 8, DESIGN.md 2). Thrown, not returned: applying happens
 * inside the worker's transaction, so a throw rolls back every entry of the submission at once,
 * and the worker marks the submission `failed` with `detail` as the reason. It is a TallyError
 * (invalid_request: the submitted value caused it) so no catch-all turns it into a 500.
 */
export class ScoreOutOfRangeError extends TallyError {
  constructor(
    readonly playerId: string,
    /** The exact result that did not fit, as a decimal string. */
    readonly attempted: string,
  ) {
    super(
      'invalid_request',
      `${playerId}: the result ${attempted} is outside ±${Number.MAX_SAFE_INTEGER} (spec 8)`,
    );
    this.name = 'ScoreOutOfRangeError';
  }
}

/** a + b for safe integers, or ScoreOutOfRangeError naming the player and the exact sum. */
export function checkedAdd(playerId: string, a: number, b: number): number {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) {
    const exact = Number.isInteger(a) && Number.isInteger(b) ? BigInt(a) + BigInt(b) : sum;
    throw new ScoreOutOfRangeError(playerId, String(exact));
  }
  return sum;
}

/**
 * DESIGN.md 3: last_sub is the submission time of the latest applied submission, so applying an
 * older submission late keeps the newer time (and the newer name).
 */
export function touch(
  current: EntryState | undefined,
  playerName: string,
  submittedAt: Date,
): Pick<EntryState, 'playerName' | 'lastSub'> {
  const last = current?.lastSub ?? null;
  if (current && last && last.getTime() > submittedAt.getTime()) {
    return { playerName: current.playerName, lastSub: last };
  }
  return { playerName, lastSub: submittedAt };
}

/** One roster slot as stored (entities/match-participant.ts): eloBefore is the snapshot. */
export interface MatchSlot {
  playerId: string;
  playerName: string;
  eloBefore: number | null;
}

/** The result being applied: the submitted one, or the moderator's correction (`adjusted`). */
export interface MatchResult {
  team1: readonly MatchSlot[];
  team2: readonly MatchSlot[];
  winner: Winner | null;
  team1Score: number | null;
  team2Score: number | null;
  submittedAt: Date;
}

export type MatchBoard = Pick<
  Board,
  'type' | 'kFactor' | 'startRating' | 'pointsWin' | 'pointsDraw' | 'pointsLoss'
>;

export interface SlotChange {
  side: 1 | 2;
  playerId: string;
  /** Rating change of this participant (team1 +delta, team2 −delta); null on League boards. */
  eloDelta: number | null;
  /** The participant's new standing (a new object; inputs are never mutated). */
  entry: EntryState;
}

export interface AppliedMatch {
  winner: Winner;
  /** The delta every team1 participant gained; null on League boards. */
  eloDelta: number | null;
  /** One per roster slot: team1 in roster order, then team2. */
  changes: SlotChange[];
}

function winnerOfMatch(match: MatchResult, board: MatchBoard): Winner {
  if (board.type === 'League') {
    if (match.team1Score === null || match.team2Score === null) {
      throw new TallyError('internal_error', 'League match without a scoreline');
    }
    return winnerOf(match.team1Score, match.team2Score);
  }
  if (match.winner === null) throw new TallyError('internal_error', 'ELO match without a winner');
  return match.winner;
}

const count = (previous: number | null | undefined, outcome: Outcome, wanted: Outcome) =>
  (previous ?? 0) + (outcome === wanted ? 1 : 0);

/** What every match board records: name, last_sub and the win/draw/loss record. */
function played(existing: EntryState | undefined, slot: MatchSlot, outcome: Outcome, at: Date) {
  return {
    playerId: slot.playerId,
    ...touch(existing, slot.playerName, at),
    wins: count(existing?.wins, outcome, 'win'),
    draws: count(existing?.draws, outcome, 'draw'),
    losses: count(existing?.losses, outcome, 'loss'),
    submissions: null,
  };
}

/** The team1 delta from the snapshot ratings (spec 1.6); a slot without one had none: start. */
function snapshotDelta(match: MatchResult, board: MatchBoard, winner: Winner): number {
  const { k, startRating } = eloSettings(board);
  const snapshot = (slot: MatchSlot) => slot.eloBefore ?? startRating;
  return eloDeltas(
    { team1: match.team1.map(snapshot), team2: match.team2.map(snapshot) },
    winner,
    k,
  );
}

/**
 * Entry updates when a match is applied (approved or adjusted). ELO: the delta comes from the
 * snapshot ratings held at submission (spec 1.6) and is added to the CURRENT rating, so matches
 * submitted back to back give the same totals in any approval order. League: points per outcome.
 */
export function applyMatch(
  current: readonly EntryState[],
  match: MatchResult,
  board: MatchBoard,
): AppliedMatch {
  if (board.type !== 'ELO' && board.type !== 'League') {
    throw new TallyError('internal_error', `${board.type} boards do not take matches`);
  }
  const ids = [...match.team1, ...match.team2].map((slot) => slot.playerId);
  if (new Set(ids).size !== ids.length) {
    throw new TallyError('internal_error', 'a participant appears twice in one match');
  }
  const winner = winnerOfMatch(match, board);
  const delta = board.type === 'ELO' ? snapshotDelta(match, board, winner) : null;
  const { startRating } = eloSettings(board);
  const points = leaguePoints(board);
  const byId = new Map(current.map((entry) => [entry.playerId, entry]));

  const change = (slot: MatchSlot, side: 1 | 2): SlotChange => {
    const { playerId } = slot;
    const existing = byId.get(playerId);
    const outcome = outcomeFor(winner, side);
    const common = played(existing, slot, outcome, match.submittedAt);
    if (delta === null) {
      const score = checkedAdd(playerId, existing?.score ?? 0, points[outcome]);
      return { side, playerId, eloDelta: null, entry: { ...common, score, elo: null } };
    }
    const eloDelta = side === 1 ? delta : 0 - delta; // 0 − 0 is +0, never −0
    const elo = checkedAdd(playerId, existing?.elo ?? startRating, eloDelta);
    return { side, playerId, eloDelta, entry: { ...common, score: null, elo } };
  };

  const changes = [
    ...match.team1.map((slot) => change(slot, 1)),
    ...match.team2.map((slot) => change(slot, 2)),
  ];
  return { winner, eloDelta: delta, changes };
}
