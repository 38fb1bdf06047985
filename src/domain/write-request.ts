import type { BoardType, Winner } from './vocabulary';
import { winnerOf } from './league';
import { TallyError } from './errors';
import {
  checkAccepted,
  entityOf,
  parseParticipant,
  type BoardShape,
  type ParticipantRef,
} from './participants';

export const MAX_SCORE = Number.MAX_SAFE_INTEGER; // spec 8: ±9007199254740991

export interface MatchWrite {
  kind: 'match';
  team1: ParticipantRef[];
  team2: ParticipantRef[];
  winner: Winner;
  team1Score: number | null;
  team2Score: number | null;
}

export interface ScoreWrite {
  kind: 'score';
  player: ParticipantRef;
  score: number;
}

export interface WriteBoard extends BoardShape {
  type: BoardType;
  teamSize: number;
}

const invalid = (detail: string) => new TallyError('invalid_request', detail);

function checkKeys(
  body: Record<string, unknown>,
  known: string[],
  refused: string[],
  required: string[],
  boardType: string,
) {
  for (const key of Object.keys(body)) {
    if (refused.includes(key)) throw invalid(`${key}: refused on ${boardType} boards`);
    if (!known.includes(key)) throw invalid(`${key}: unknown field`);
  }
  for (const key of required) if (!(key in body)) throw invalid(`${key}: required`);
}

function integer(value: unknown, field: string, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw invalid(`${field}: must be an integer`);
  if (value < min || value > MAX_SCORE)
    throw invalid(`${field}: must be from ${min} to ${MAX_SCORE}`);
  return value;
}

/** spec 8: a score is an integer within ±(2^53−1); every front end checks it here. */
export const scoreValue = (value: unknown, field = 'score') => integer(value, field, -MAX_SCORE);

/** spec 4.8: a League scoreline is an integer from 0 up. */
export const scorelineValue = (value: unknown, field: 'team1_score' | 'team2_score') =>
  integer(value, field, 0);

/** spec 4.8: an ELO match names its winner. */
export function winnerValue(value: unknown): Winner {
  if (value !== 'team1' && value !== 'team2' && value !== 'draw') {
    throw invalid('winner: must be "team1", "team2" or "draw"');
  }
  return value;
}

function roster(value: unknown, field: 'team1' | 'team2', board: WriteBoard): ParticipantRef[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 8) {
    throw invalid(`${field}: must be an array of 1–8 participants`);
  }
  const refs = value.map((item, i) => parseParticipant(item, `${field}[${i}]`));
  refs.forEach((ref, i) => checkAccepted(ref, board, `${field}[${i}]`));
  return refs;
}

const MATCH_FIELDS = ['team1', 'team2', 'winner', 'team1_score', 'team2_score'];

/** spec 4.8: a match write on an ELO or League board, checked in the order of DESIGN.md 3. */
export function parseMatchWrite(body: Record<string, unknown>, board: WriteBoard): MatchWrite {
  const elo = board.type === 'ELO';
  const refused = elo ? ['team1_score', 'team2_score', 'score'] : ['winner', 'score'];
  const required = elo
    ? ['team1', 'team2', 'winner']
    : ['team1', 'team2', 'team1_score', 'team2_score'];
  checkKeys(body, MATCH_FIELDS, refused, required, board.type);
  const team1 = roster(body.team1, 'team1', board);
  const team2 = roster(body.team2, 'team2', board);
  const size = board.fixedTeams ? 1 : board.teamSize;
  for (const [field, side] of [
    ['team1', team1],
    ['team2', team2],
  ] as const) {
    if (side.length !== size) {
      throw new TallyError(
        'team_size_mismatch',
        `${field}: has ${side.length} participant(s); this board takes exactly ${size}${board.fixedTeams ? ' team' : ''} per side`,
      );
    }
  }
  const seen = new Set<string>();
  for (const ref of [...team1, ...team2]) {
    const entity = entityOf(ref);
    if (seen.has(entity))
      throw new TallyError(
        'duplicate_participant',
        `${entity} appears more than once in this match`,
      );
    seen.add(entity);
  }
  if (elo) {
    const winner = winnerValue(body.winner);
    return { kind: 'match', team1, team2, winner, team1Score: null, team2Score: null };
  }
  const team1Score = scorelineValue(body.team1_score, 'team1_score');
  const team2Score = scorelineValue(body.team2_score, 'team2_score');
  // spec 4.8 rule 2: a League winner is derived from the scoreline.
  const winner = winnerOf(team1Score, team2Score);
  return { kind: 'match', team1, team2, winner, team1Score, team2Score };
}

/** spec 4.9: a score write on a Classic, Highscore or Time board. */
export function parseScoreWrite(body: Record<string, unknown>, board: WriteBoard): ScoreWrite {
  checkKeys(body, ['player', 'score'], MATCH_FIELDS, ['player', 'score'], board.type);
  const player = parseParticipant(body.player, 'player');
  checkAccepted(player, board, 'player');
  return { kind: 'score', player, score: scoreValue(body.score) };
}
