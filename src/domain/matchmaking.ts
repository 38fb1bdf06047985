import type { Board } from './board';
import { eloSettings, snapshotRating } from './elo';
import { TallyError, wholeInRange } from './errors';

/**
 * Matchmaking queues (issue 28 items 2 and 3): who is paired with whom, and how a team game is
 * split. Pure: the caller passes the clock (`now`) and the values to pair on (`queueValue`).
 *
 * Every number here is on the ELO scale (a 400-point gap is a 10:1 favourite), a League's value
 * included (see queueValue), so one set of window settings and one prediction serve both.
 */
export interface QueueSettings {
  /** The widest rating gap a player accepts on joining. */
  windowStart: number;
  /** How much that gap widens per minute waited. */
  windowGrowthPerMinute: number;
  /** The widest gap it ever reaches. */
  windowMax: number;
  /** How long matched players have to press Ready (issue 28 item 4). */
  readySeconds: number;
  /** How long a formed match may go unreported before it is cancelled (item 5). */
  reportMinutes: number;
}

/**
 * Defaults for an ELO board. A 50-point gap is a 57:43 game, so the queue first looks for a close
 * game; +25 a minute makes it 100 after 2 minutes (64:36) and 200 after 6 (76:24); it stops at
 * 400 after 14 minutes (91:9), the most lopsided game Tally forms by itself: beyond that a result
 * moves ratings by 3 points at K=32 and teaches nobody anything. 60 s is long enough to see a ping
 * and press Ready, short enough that the others are not kept. 120 minutes covers a best-of-three
 * with the time to agree on a lobby.
 */
export const QUEUE_DEFAULTS: Readonly<QueueSettings> = Object.freeze({
  windowStart: 50,
  windowGrowthPerMinute: 25,
  windowMax: 400,
  readySeconds: 60,
  reportMinutes: 120,
});

/** Each setting's range (whole numbers), as chat, the dashboard and the CLI say it. */
export const QUEUE_LIMITS: Readonly<Record<keyof QueueSettings, readonly [number, number]>> =
  Object.freeze({
    windowStart: [0, 2000],
    windowGrowthPerMinute: [0, 1000],
    windowMax: [0, 4000],
    readySeconds: [15, 600],
    reportMinutes: [5, 10_080],
  });

const SETTING_NAMES: Record<keyof QueueSettings, string> = {
  windowStart: 'window_start',
  windowGrowthPerMinute: 'window_growth_per_minute',
  windowMax: 'window_max',
  readySeconds: 'ready_seconds',
  reportMinutes: 'report_minutes',
};

/** The settings as given, or invalid_request naming the first one out of its range. */
export function checkQueueSettings(settings: QueueSettings): QueueSettings {
  for (const key of Object.keys(QUEUE_LIMITS) as (keyof QueueSettings)[]) {
    const [min, max] = QUEUE_LIMITS[key];
    wholeInRange(SETTING_NAMES[key], settings[key], min, max);
  }
  if (settings.windowMax < settings.windowStart) {
    throw new TallyError(
      'invalid_request',
      `window_max (${settings.windowMax}) must be at least window_start (${settings.windowStart})`,
    );
  }
  return settings;
}

/** The widest gap someone who has waited `waitedMs` accepts: start + growth × minutes, capped. */
export function windowOf(settings: QueueSettings, waitedMs: number): number {
  const minutes = Math.max(0, waitedMs) / 60_000;
  return Math.min(
    settings.windowMax,
    settings.windowStart + settings.windowGrowthPerMinute * minutes,
  );
}

/** Someone in a queue. */
export interface Waiting {
  id: string;
  /** What they are paired on (queueValue). */
  rating: number;
  /** When they joined, or the place they kept when a ready check failed for someone else. */
  since: Date;
}

/**
 * The value a board's queue pairs on, on the ELO scale.
 *
 * - ELO: the rating (the start rating for someone without an entry): the number the match will
 *   be rated from.
 * - League: a League has points, not a rating, and points grow with matches played, so they say
 *   how much someone has played as much as how well. The queue pairs on a performance rating
 *   instead: the share of results won, draws half, with one win and one loss assumed beforehand
 *   so a newcomer is even and a 1-0 start is not the best in the league, s = (W + D/2 + 1)/(P + 2),
 *   put on the ELO scale: centre + 400·log10(s/(1−s)) (1-0 is +120, 10-0 is +417, 0-10 −417),
 *   centred on the board's start rating (the default, 1000, on a League). Results rather than
 *   points, because points carry the board's points scheme (3/1/0 makes a draw a third of a win)
 *   and moderators' adjustments, while the prediction the team split balances
 *   (teamExpectedScore's logistic curve) is about results. Pairing on standings order was the
 *   other choice; it would make the window a count of places, meaning something else on every
 *   board size.
 */
export function queueValue(
  board: Pick<Board, 'type' | 'kFactor' | 'startRating'>,
  entry:
    | { elo: number | null; wins: number | null; draws: number | null; losses: number | null }
    | undefined,
): number {
  const { startRating } = eloSettings(board);
  switch (board.type) {
    case 'ELO':
      return snapshotRating(entry, startRating);
    case 'League': {
      const wins = entry?.wins ?? 0;
      const draws = entry?.draws ?? 0;
      const played = wins + draws + (entry?.losses ?? 0);
      const share = (wins + draws / 2 + 1) / (played + 2);
      return Math.round(startRating + 400 * Math.log10(share / (1 - share)));
    }
    default:
      throw new TallyError(
        'board_type_mismatch',
        `queues are for ELO and League boards, not ${board.type} boards`,
      );
  }
}

/** An earlier `since` first, then the id: the queue's order, the same for the same input. */
function byWaitThenId(a: Waiting, b: Waiting): number {
  return a.since.getTime() - b.since.getTime() || compareIds(a.id, b.id);
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function assertDistinct(waiting: readonly Waiting[]): void {
  const ids = new Set(waiting.map((w) => w.id));
  if (ids.size !== waiting.length) {
    throw new TallyError('internal_error', 'matchmaking: someone waits twice in one queue');
  }
}

/**
 * 1v1 pairing by an expanding window (issue 28 item 2). Two players may meet when their gap is
 * within BOTH their windows: each must accept the other, so the narrower window (the one who
 * has waited less) decides; a newcomer is never handed a lopsided game because someone else has
 * waited long. Among the pairs that may meet the closest gap goes first; equal gaps go to the
 * pair whose longer waiter has waited longest, then whose other player has, then by ids. Each
 * player is in at most one pair; the rest keep waiting while their windows widen. Each pair's
 * longer waiter comes first. The same waiting list in any order gives the same pairs.
 */
export function pairOneVsOne(
  waiting: readonly Waiting[],
  now: Date,
  settings: QueueSettings,
): Array<[Waiting, Waiting]> {
  assertDistinct(waiting);
  const players = [...waiting].sort((a, b) => a.rating - b.rating || compareIds(a.id, b.id));
  const windows = players.map((p) => windowOf(settings, now.getTime() - p.since.getTime()));
  const candidates: { gap: number; first: Waiting; second: Waiting; i: number; j: number }[] = [];
  for (let i = 0; i < players.length; i++) {
    const low = players[i]!;
    for (let j = i + 1; j < players.length; j++) {
      const high = players[j]!;
      const gap = high.rating - low.rating;
      if (gap > windows[i]!) break; // sorted: everyone further up is further away
      if (gap > windows[j]!) continue;
      const [first, second] = byWaitThenId(low, high) <= 0 ? [low, high] : [high, low];
      candidates.push({ gap, first, second, i, j });
    }
  }
  candidates.sort(
    (a, b) => a.gap - b.gap || byWaitThenId(a.first, b.first) || byWaitThenId(a.second, b.second),
  );
  const taken = new Set<number>();
  const pairs: Array<[Waiting, Waiting]> = [];
  for (const c of candidates) {
    if (taken.has(c.i) || taken.has(c.j)) continue;
    taken.add(c.i).add(c.j);
    pairs.push([c.first, c.second]);
  }
  return pairs;
}

/** The board's prediction of side A's score against side B, from their ratings (1 = sure win). */
export type ExpectedScore = (teamA: readonly number[], teamB: readonly number[]) => number;

export interface TeamMatch {
  sides: [Waiting[], Waiting[]];
  /** Side A's expected score, by the board's rule. */
  predicted: number;
}

/** Up to this team size every split is tried: C(10,5)/2 = 126 at 5v5, 462 at 6v6. */
export const EXHAUSTIVE_TEAM_SIZE = 5;

/** Two predictions this close are the same: float noise must not make the choice. */
const SAME = 1e-12;

/**
 * A team game from the queue (issue 28 item 3), or null while none can be formed.
 *
 * Who plays: the longest waiter and the 2·teamSize−1 players closest to them in rating (equal
 * gaps: the longer waiting first, then by id), counting only those whose gap to the longest
 * waiter is within both the longest waiter's window and their own. When the longest waiter
 * cannot be matched yet, the next longest waiter is tried the same way, and so on: one player
 * far from everyone must not hold up the queue for everyone else (their window still widens,
 * and they come first as soon as a game fits them).
 *
 * How they split: see balancedSplit. Side A holds the longest waiter.
 */
export function formTeamMatch(
  waiting: readonly Waiting[],
  teamSize: number,
  now: Date,
  settings: QueueSettings,
  expectedScore: ExpectedScore,
): TeamMatch | null {
  assertDistinct(waiting);
  if (!Number.isInteger(teamSize) || teamSize < 1) {
    throw new TallyError('internal_error', `matchmaking: team size ${teamSize} is not a size`);
  }
  const needed = 2 * teamSize;
  if (waiting.length < needed) return null;
  const queue = [...waiting].sort(byWaitThenId);
  const windowOfPlayer = (p: Waiting) => windowOf(settings, now.getTime() - p.since.getTime());
  for (const anchor of queue) {
    const reach = windowOfPlayer(anchor);
    const near = queue
      .filter((p) => p !== anchor)
      .map((p) => ({ p, gap: Math.abs(p.rating - anchor.rating) }))
      .filter(({ p, gap }) => gap <= reach && gap <= windowOfPlayer(p))
      .sort((a, b) => a.gap - b.gap || byWaitThenId(a.p, b.p));
    if (near.length < needed - 1) continue;
    const chosen = [anchor, ...near.slice(0, needed - 1).map(({ p }) => p)];
    return balancedSplit(chosen, teamSize, expectedScore);
  }
  return null;
}

/**
 * The split of 2·teamSize players whose predicted result is closest to even (|E − ½| smallest),
 * with the board's own prediction, so "even" means what the rating will take it to mean. The
 * first player given stays on side A (a split and its mirror are one split).
 *
 * Up to EXHAUSTIVE_TEAM_SIZE a side, every split is tried. Above, a heuristic: players by rating,
 * highest first, dealt in a snake (A B B A A B B A …, so neither side gets every stronger pick),
 * then the swap that brings the prediction closest to ½, one player for one or two for two,
 * again and again until no swap helps. It ends at a split no such swap improves. Against every
 * split, on 300 random 6v6 games (ratings around 1500, sd 300) it was 0.0001 from the best
 * prediction on average and 0.0048 at worst (3.5 points of a side's mean rating); on 60 8v8
 * games 0.0001 and 0.0004 (test/unit/matchmaking.test.ts checks it against brute force).
 *
 * Ties go to the first split found: players are ordered by rating (highest first) then id, and
 * splits are tried in that order, so the same players give the same split in any input order.
 */
export function balancedSplit(
  players: readonly Waiting[],
  teamSize: number,
  expectedScore: ExpectedScore,
): TeamMatch {
  if (players.length !== 2 * teamSize) {
    throw new TallyError(
      'internal_error',
      'matchmaking: a split needs exactly two sides of players',
    );
  }
  const [first, ...others] = players;
  const ordered = [first!, ...others.sort((a, b) => b.rating - a.rating || compareIds(a.id, b.id))];
  const inA =
    teamSize <= EXHAUSTIVE_TEAM_SIZE
      ? bestSplitOfAll(ordered, teamSize, expectedScore)
      : snakeThenSwaps(ordered, teamSize, expectedScore);
  return matchOf(ordered, inA, expectedScore);
}

function matchOf(
  ordered: readonly Waiting[],
  inA: readonly boolean[],
  expectedScore: ExpectedScore,
): TeamMatch {
  const a = ordered.filter((_, i) => inA[i]);
  const b = ordered.filter((_, i) => !inA[i]);
  return { sides: [a, b], predicted: predict(a, b, expectedScore) };
}

const predict = (a: readonly Waiting[], b: readonly Waiting[], expectedScore: ExpectedScore) =>
  expectedScore(
    a.map((p) => p.rating),
    b.map((p) => p.rating),
  );

/** How far a split is from even. */
function unevenness(ordered: readonly Waiting[], inA: readonly boolean[], e: ExpectedScore) {
  return Math.abs(matchOf(ordered, inA, e).predicted - 0.5);
}

/** Every split with ordered[0] on side A, in lexicographic order of side A's other members. */
function bestSplitOfAll(ordered: readonly Waiting[], teamSize: number, e: ExpectedScore) {
  let best: boolean[] = [];
  let bestUneven = Infinity;
  const inA = ordered.map((_, i) => i === 0);
  const choose = (from: number, left: number): void => {
    if (left === 0) {
      const uneven = unevenness(ordered, inA, e);
      if (uneven < bestUneven - SAME) [best, bestUneven] = [[...inA], uneven];
      return;
    }
    for (let i = from; i <= ordered.length - left; i++) {
      inA[i] = true;
      choose(i + 1, left - 1);
      inA[i] = false;
    }
  };
  choose(1, teamSize - 1);
  return best;
}

function snakeThenSwaps(ordered: readonly Waiting[], teamSize: number, e: ExpectedScore) {
  // ordered[0] is the longest waiter, not the highest rating: deal the snake by rating.
  const byRating = ordered
    .map((p, i) => ({ p, i }))
    .sort((x, y) => y.p.rating - x.p.rating || compareIds(x.p.id, y.p.id));
  const inA = ordered.map(() => false);
  byRating.forEach(({ i }, k) => {
    inA[i] = k % 4 === 0 || k % 4 === 3;
  });
  const moves = swapsOf(ordered.length);
  let current = unevenness(ordered, inA, e);
  // Each swap makes the split strictly more even, so this ends; the bound is a seatbelt.
  for (let round = 0; round < 100 * teamSize; round++) {
    let best: readonly number[] | null = null;
    let bestUneven = current;
    for (const move of moves) {
      // A move is players to flip: as many from side A as from side B.
      if (move.filter((i) => inA[i]).length * 2 !== move.length) continue;
      for (const i of move) inA[i] = !inA[i];
      const uneven = unevenness(ordered, inA, e);
      for (const i of move) inA[i] = !inA[i];
      if (uneven < bestUneven - SAME) [best, bestUneven] = [move, uneven];
    }
    if (!best) break;
    for (const i of best) inA[i] = !inA[i];
    current = bestUneven;
  }
  return inA[0] ? inA : inA.map((x) => !x);
}

/** Every swap of one player for one and of two for two, as the indices that change sides. */
function swapsOf(count: number): number[][] {
  const moves: number[][] = [];
  for (let a = 0; a < count; a++) {
    for (let b = a + 1; b < count; b++) {
      moves.push([a, b]);
      for (let c = b + 1; c < count; c++) {
        for (let d = c + 1; d < count; d++) moves.push([a, b, c, d]);
      }
    }
  }
  return moves;
}
