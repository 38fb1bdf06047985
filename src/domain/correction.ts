import { eloSettings } from './elo';
import { invalidSaid, TallyError } from './errors';
import type { TextKey } from './i18n';
import { leaguePoints, outcomeFor, type Outcome } from './league';
import { formatScore, parseCount, parseScoreline, parseScoreText } from './score-text';
import { applyScore, type ScoreOperator } from './score-operators';
import { checkedAdd, type EntryState, type MatchBoard } from './scoring';
import type { BoardType, Winner } from './vocabulary';
import type { Board } from './board';

/**
 * Corrections after approval (issue 15 item 2, DESIGN.md 6). A correction re-rates only the
 * match it corrects, from the ratings its players held when it was submitted (the same snapshot
 * its approval used, spec 1.6): the old result's changes come off, the corrected result's go on,
 * and later matches keep theirs. Scores are recounted from the player's applied scores of the
 * running season, so a removed best time gives way to the next best.
 */

export type CorrectionAction = 'change' | 'remove';

/** A result as a correction records it: a match's winner and scoreline, or a score. */
export interface ResultValue {
  winner?: Winner | null;
  team1Score?: number | null;
  team2Score?: number | null;
  score?: number;
}

/** One participant's ranking value before and after a correction (the changes it carries). */
export interface ValueChange {
  playerId: string;
  before: number | null;
  after: number | null;
}

/** One roster slot of an applied match: who, on which side, and the rating change it got. */
export interface AppliedSlot {
  playerId: string;
  side: 1 | 2;
  eloDelta: number | null;
}

const uncount = (previous: number | null, outcome: Outcome, wanted: Outcome) =>
  (previous ?? 0) - (outcome === wanted ? 1 : 0);

/**
 * The standings of a match's participants with the match taken back: its rating change off
 * (ELO), its points off (League), and one fewer win, draw or loss. `current` holds an entry for
 * every slot; names and last_sub stay (a later result may have set them).
 */
export function takeBack(
  current: readonly EntryState[],
  slots: readonly AppliedSlot[],
  winner: Winner,
  board: MatchBoard,
): EntryState[] {
  const byId = new Map(current.map((entry) => [entry.playerId, entry]));
  const points = leaguePoints(board);
  const { startRating } = eloSettings(board);
  return slots.map((slot) => {
    const entry = byId.get(slot.playerId);
    if (!entry) throw new TallyError('internal_error', `no entry for ${slot.playerId}`);
    const outcome = outcomeFor(winner, slot.side);
    const record = {
      wins: uncount(entry.wins, outcome, 'win'),
      draws: uncount(entry.draws, outcome, 'draw'),
      losses: uncount(entry.losses, outcome, 'loss'),
    };
    if (board.type === 'League') {
      const score = checkedAdd(slot.playerId, entry.score ?? 0, -points[outcome]);
      return { ...entry, ...record, score };
    }
    const elo = checkedAdd(slot.playerId, entry.elo ?? startRating, -(slot.eloDelta ?? 0));
    return { ...entry, ...record, elo };
  });
}

/** A score as a recount reads it: its value, when it was submitted and under which name. */
export interface CountedScore {
  score: number;
  submittedAt: Date;
  playerName: string;
}

/**
 * A player's entry on a score board from their applied scores of the running season (any
 * order): the board's operator over them, oldest first; none left means no entry.
 */
export function recount(
  playerId: string,
  operator: ScoreOperator,
  scores: readonly CountedScore[],
): EntryState | null {
  const ordered = [...scores].sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime());
  let entry: EntryState | undefined;
  for (const s of ordered) {
    entry = applyScore(entry, operator, s.score, s.submittedAt, playerId, s.playerName);
  }
  return entry ?? null;
}

const SIDE = { team1: 'team 1 won', team2: 'team 2 won', draw: 'a draw' } as const;

/** `team 2 won`, `3–1`: a match result in a history cause or an audit line. */
export function describeResult(type: BoardType, value: ResultValue): string {
  if (value.score !== undefined) return formatScore(type, value.score);
  if (value.team1Score != null && value.team2Score != null) {
    return `${value.team1Score}–${value.team2Score}`;
  }
  return value.winner ? SIDE[value.winner] : 'no result';
}

/** The history cause of a corrected or removed match (at most 200 characters when stored). */
export function matchCorrectionCause(
  number: number,
  type: BoardType,
  action: CorrectionAction,
  before: ResultValue,
  after: ResultValue | null,
): string {
  if (action === 'remove' || !after) {
    return `Match #${number} removed by a moderator (was ${describeResult(type, before)})`;
  }
  return `Match #${number} corrected by a moderator: ${describeResult(type, after)} (was ${describeResult(type, before)})`;
}

export function scoreCorrectionCause(
  type: BoardType,
  action: CorrectionAction,
  before: number,
  after: number | null,
): string {
  if (action === 'remove' || after === null) {
    return `Score ${formatScore(type, before)} removed by a moderator`;
  }
  return `Score corrected by a moderator: ${formatScore(type, after)} (was ${formatScore(type, before)})`;
}

/** A corrected result as typed in chat or on the command line; which field a board needs is its type's. */
export interface CorrectionText {
  /** ELO: `team1`, `team2` or `draw`. */
  winner?: string | null;
  /** League: `3-1`, team 1 first. */
  scoreline?: string | null;
  /** Score boards: a number, or a time (m:ss.mmm) on Time boards. */
  value?: string | null;
}

/**
 * The fields a correction of this board's results takes, parsed (the use case checks their
 * ranges like a write's, spec 4.8, 4.9); what the board does not take is refused by name.
 */
export function parseCorrection(
  board: Pick<Board, 'type'>,
  text: CorrectionText,
): { winner?: string; team1Score?: number; team2Score?: number; score?: number } {
  const need = (key: TextKey) => invalidSaid(key, { type: board.type });
  if (board.type === 'ELO') {
    if (!text.winner) {
      throw need('chat.typed.needWinner');
    }
    return { winner: text.winner.trim().toLowerCase() };
  }
  if (board.type === 'League') {
    const line = text.scoreline ? parseScoreline(text.scoreline) : null;
    if (!line) throw need('chat.typed.needScoreline');
    return { team1Score: line[0], team2Score: line[1] };
  }
  if (!text.value) {
    throw board.type === 'Time' ? need('chat.typed.needTime') : need('chat.typed.needScore');
  }
  return { score: parseScoreText(board.type, text.value) };
}

/**
 * A pending result corrected by a moderator (the Adjust form in chat and on the dashboard): the
 * fields of the board's type, named as a write names them (`winner`; `team1_score`,
 * `team2_score`; `score`); `adjust` checks them like a write's (spec 4.8, 4.9).
 */
export function correctionOf(
  board: Pick<Board, 'type'>,
  field: (id: string) => string,
): { winner?: string; team1Score?: number; team2Score?: number; score?: number } {
  // Not a count: NaN, which adjust() refuses like a write's non-integer (spec 4.8).
  const whole = (text: string) => parseCount(text) ?? Number.NaN;
  if (board.type === 'ELO') return { winner: field('winner').trim().toLowerCase() };
  if (board.type === 'League') {
    return { team1Score: whole(field('team1_score')), team2Score: whole(field('team2_score')) };
  }
  return { score: parseScoreText(board.type, field('score')) };
}
