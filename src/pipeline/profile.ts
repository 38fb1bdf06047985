import type { Board } from '../../entities/board';
import type { EntryHistory } from '../../entities/entry-history';
import { isMatchBoard } from '../domain/board-rules';
import { TallyError } from '../domain/errors';
import { resultFor, scorelineFor, streaks, winRate, recordOf } from '../domain/record';
import type { ChartData } from '../render/types';
import type { MatchWithRoster } from '../store/matches';
import type { Context } from './context';
import { matchesPage } from './match-reads';
import type { BoardMatch, HeadToHead, Participant, PlayedMatch, Profile } from './profile-types';
import { entryOf } from './standings';
import { rankedValue, valueName } from '../domain/display';

export type * from './profile-types';

const RECENT = 10;
const SERIES = 200;
/** Streaks count over this season's newest 1 000 matches of the player (a bounded read). */
const STREAK_WINDOW = 1_000;

/**
 * A player's profile on a board (issue 14 item 2): rank, value, peak, record, streaks, last
 * matches and the value over the current season; one read for chat, the web and the pictures.
 */
export async function playerProfile(
  ctx: Context,
  board: Board,
  playerId: string,
): Promise<Profile> {
  // The standings as they are began with the running season, or when the last one ended.
  const season = await ctx.repos.seasons.latest(board.pk);
  const since = season ? (season.endedAt ?? season.startedAt) : null;
  const [entry, history, peak, of] = await Promise.all([
    board.type === 'Rating' ? null : entryOf(ctx, board, playerId),
    ctx.repos.history.series(board.pk, playerId, since, SERIES),
    ctx.repos.history.peak(board.pk, playerId, board.sort === 'asc'),
    ctx.repos.entries.size(board.pk),
  ]);
  const matchBoard = isMatchBoard(board);
  const played = matchBoard
    ? await ctx.repos.matches.played(board.pk, playerId, since, STREAK_WINDOW)
    : [];
  if (!entry && peak === null && played.length === 0) throw notPlayed(playerId, board);
  const results = played.map((row) => resultFor(row, row.side));
  const recentNumbers = played.slice(-RECENT).map((row) => row.number);
  const recent = (await ctx.repos.matches.numbered(board.pk, recentNumbers)).map((m) =>
    fromSide(m, playerId),
  );
  const record = matchBoard
    ? { wins: entry?.wins ?? 0, draws: entry?.draws ?? 0, losses: entry?.losses ?? 0 }
    : null;
  return {
    board,
    player: { id: playerId, name: entry?.playerName ?? (await nameOf(ctx, board, playerId)) },
    rank: entry?.rank ?? null,
    of,
    value: entry ? rankedValue(board, entry) : null,
    peak,
    record,
    winRate: record ? winRate(record) : null,
    streaks: matchBoard ? streaks(results) : null,
    submissions: matchBoard ? null : (entry?.submissions ?? 0),
    recent,
    history: history.map(({ at, value, delta, kind, cause }) => ({
      at,
      value,
      delta,
      kind,
      cause,
    })),
  };
}

/** Two players' record against each other on a match board (slack-gamebot2's `matches @a @b`). */
export async function headToHead(
  ctx: Context,
  board: Board,
  a: string,
  b: string,
): Promise<HeadToHead> {
  const [rows, nameA, nameB] = await Promise.all([
    isMatchBoard(board) ? ctx.repos.matches.between(board.pk, a, b) : [],
    nameOf(ctx, board, a),
    nameOf(ctx, board, b),
  ]);
  const numbers = rows.slice(-RECENT).map((row) => row.number);
  const matches = (await ctx.repos.matches.numbered(board.pk, numbers)).map((m) => fromSide(m, a));
  return {
    board,
    a: { id: a, name: nameA },
    b: { id: b, name: nameB },
    ...recordOf(rows.map((row) => resultFor(row, row.side))),
    net: board.type === 'ELO' ? rows.reduce((sum, row) => sum + (row.eloDelta ?? 0), 0) : null,
    matches,
  };
}

/** The board's newest applied matches, both sides (the board page's recent matches). */
export async function boardRecent(
  ctx: Context,
  board: Board,
  limit: number,
): Promise<BoardMatch[]> {
  if (!isMatchBoard(board)) return [];
  return (await boardMatchesPage(ctx, board, { limit })).matches;
}

/**
 * A page of a match board's applied matches, newest first, both sides (the board's "All
 * matches" page): the API's matches page (match-reads.ts) with its cursors, counted ones only.
 */
export async function boardMatchesPage(
  ctx: Context,
  board: Board,
  request: { cursor?: string | undefined; limit: number },
): Promise<{ matches: BoardMatch[]; nextCursor: string | null }> {
  const page = await matchesPage(ctx, board, { ...request, counted: true });
  return { matches: page.matches.map(boardMatchOf), nextCursor: page.nextCursor };
}

function boardMatchOf(m: MatchWithRoster): BoardMatch {
  const side = (n: 1 | 2) => m.roster.filter((s) => s.side === n).map(participant);
  const first = m.roster.find((s) => s.side === 1);
  const winner =
    m.winner ?? (resultFor(m, 1) === 'W' ? 'team1' : resultFor(m, 1) === 'L' ? 'team2' : 'draw');
  return {
    number: m.number,
    at: m.submittedAt,
    team1: side(1),
    team2: side(2),
    winner,
    team1Score: m.team1Score,
    team2Score: m.team2Score,
    delta: first?.eloDelta ?? null,
    status: m.status,
  };
}

/** A match as one of its players played it (their result, mates, opponents, score, change). */
export function fromSide(match: MatchWithRoster, playerId: string): PlayedMatch {
  const mine = match.roster.find((slot) => slot.playerId === playerId);
  const side = mine?.side ?? 1;
  return {
    number: match.number,
    at: match.submittedAt,
    result: resultFor(match, side),
    teammates: match.roster
      .filter((s) => s.side === side && s.playerId !== playerId)
      .map(participant),
    opponents: match.roster.filter((s) => s.side !== side).map(participant),
    score: scorelineFor(match, side),
    delta: mine?.eloDelta ?? null,
    status: match.status,
  };
}

const participant = (slot: { playerId: string; playerName: string }): Participant => ({
  id: slot.playerId,
  name: slot.playerName,
});

/** A participant's name: their entry's, else the latest roster's, else the id. */
export async function nameOf(ctx: Context, board: Board, playerId: string): Promise<string> {
  const known = await ctx.repos.results.knownNames(board.pk, [playerId]);
  const name = known.get(playerId) ?? (await ctx.repos.matches.lastName(board.pk, playerId));
  if (name === null) throw notPlayed(playerId, board);
  return name;
}

/** Someone with no result on a board: a 404, said in the member's language where one reads it. */
const notPlayed = (playerId: string, board: Pick<Board, 'id'>) =>
  new TallyError('not_found', `${playerId} has not played on ${board.id}`, {
    said: { key: 'reading.refusals.notPlayed', vars: { player: playerId, board: board.id } },
  });

/** A profile's series as the history chart draws it (points with a value; cleared ones end it). */
export function profileChart(profile: Profile): ChartData {
  const { board, player } = profile;
  const valued = profile.history.filter((h) => h.value !== null);
  // The value before the first change (a rating before the first match), so one point is a step.
  const first = valued[0];
  // A first result has no value before it in history; its match's own change says where it began.
  const only = valued.length === 1 && profile.recent.length === 1 ? profile.recent[0]!.delta : null;
  const delta = first?.delta ?? only;
  const start = first && delta !== null ? first.value! - delta : undefined;
  return {
    title: `${player.name || player.id} · ${board.displayName}`,
    valueLabel: valueName(board.type),
    points: valued.map((h) => ({ at: h.at.getTime(), value: h.value! })),
    format: board.type === 'Time' ? 'time' : 'integer',
    ...(start === undefined ? {} : { start }),
  };
}

/**
 * The player's latest change that no result made (decay, a season's reset), so /rank can say
 * why a value moved; null if every change came from a result.
 */
export const lastChangeWithoutResult = (
  ctx: Context,
  board: Pick<Board, 'pk'>,
  playerId: string,
): Promise<EntryHistory | null> => ctx.repos.history.lastWithoutResult(board.pk, playerId);
