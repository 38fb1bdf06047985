import { seeded, type Rng } from '../src/demo/random';
import { teamExpectedScore } from '../src/domain/elo';
import {
  balancedSplit,
  formTeamMatch,
  pairOneVsOne,
  QUEUE_DEFAULTS,
  type Waiting,
} from '../src/domain/matchmaking';

/**
 * `npm run sim:queue` (issue 28 item 7): the queue's pairing rules on a simulated hour, next to
 * first-come pairing on the same arrivals. 1 000 players with known ratings (normal around 1500,
 * sd 300, seeded) arrive over one hour as a Poisson process (given 1 000 arrivals in the hour,
 * their times are uniform and independent), the queue is looked at every 5 s, and a matched
 * player leaves at once (everyone is ready: the ready check is not simulated). The run ends at
 * the hour: players still waiting then are counted, not waited out. Pure domain code, no
 * database: it measures the rules, not Tally's speed.
 */
const PLAYERS = 1000;
const HOUR_S = 3600;
const TICK_S = 5;
const SEED = 28;
const T0 = Date.UTC(2025, 0, 1);

interface Player extends Waiting {
  arrivalS: number;
}

/** A group formed at a tick, with what it is judged by (rating gap, or |predicted − ½|). */
interface Formed {
  players: Waiting[];
  quality: number;
}

type Strategy = (waiting: Waiting[], now: Date) => Formed[];

function normal(rng: Rng, mean: number, sd: number): number {
  const u = 1 - rng(); // (0, 1]: log(0) never
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

function arrivals(rng: Rng): Player[] {
  return Array.from({ length: PLAYERS }, () => HOUR_S * rng())
    .sort((a, b) => a - b)
    .map((arrivalS, i) => ({
      id: `p${String(i).padStart(4, '0')}`,
      rating: Math.round(normal(rng, 1500, 300)),
      since: new Date(T0 + arrivalS * 1000),
      arrivalS,
    }));
}

const byArrival = (waiting: Waiting[]) =>
  [...waiting].sort((a, b) => a.since.getTime() - b.since.getTime() || (a.id < b.id ? -1 : 1));

/** Groups of `size` in arrival order; the rest waits. */
function firstCome(waiting: Waiting[], size: number): Waiting[][] {
  const queue = byArrival(waiting);
  const groups: Waiting[][] = [];
  for (let i = 0; i + size <= queue.length; i += size) groups.push(queue.slice(i, i + size));
  return groups;
}

const unevenness = (a: Waiting[], b: Waiting[]) =>
  Math.abs(
    teamExpectedScore(
      a.map((p) => p.rating),
      b.map((p) => p.rating),
    ) - 0.5,
  );

const STRATEGIES_1V1: Record<string, Strategy> = {
  'expanding window': (waiting, now) =>
    pairOneVsOne(waiting, now, QUEUE_DEFAULTS).map(([a, b]) => ({
      players: [a, b],
      quality: Math.abs(a.rating - b.rating),
    })),
  'first come': (waiting) =>
    firstCome(waiting, 2).map(([a, b]) => ({
      players: [a!, b!],
      quality: Math.abs(a!.rating - b!.rating),
    })),
};

const STRATEGIES_2V2: Record<string, Strategy> = {
  'expanding window + best split': (waiting, now) => {
    const formed: Formed[] = [];
    let left = waiting;
    for (;;) {
      const match = formTeamMatch(left, 2, now, QUEUE_DEFAULTS, teamExpectedScore);
      if (!match) return formed;
      const players = [...match.sides[0], ...match.sides[1]];
      formed.push({ players, quality: Math.abs(match.predicted - 0.5) });
      left = left.filter((p) => !players.includes(p));
    }
  },
  'first come, best split': (waiting) =>
    firstCome(waiting, 4).map((four) => {
      const { predicted } = balancedSplit(four, 2, teamExpectedScore);
      return { players: four, quality: Math.abs(predicted - 0.5) };
    }),
  'first come, join order (1+2 v 3+4)': (waiting) =>
    firstCome(waiting, 4).map((four) => ({
      players: four,
      quality: unevenness(four.slice(0, 2), four.slice(2)),
    })),
};

interface Outcome {
  waitsS: number[];
  qualities: number[];
  unmatched: number;
  longestUnmatchedS: number;
}

function run(players: readonly Player[], strategy: Strategy): Outcome {
  const waitsS: number[] = [];
  const qualities: number[] = [];
  let waiting: Player[] = [];
  let next = 0;
  let tickS = 0;
  for (; tickS <= HOUR_S; tickS += TICK_S) {
    while (next < players.length && players[next]!.arrivalS <= tickS)
      waiting.push(players[next++]!);
    const formed = strategy(waiting, new Date(T0 + tickS * 1000));
    const gone = new Set<string>();
    for (const group of formed) {
      qualities.push(group.quality);
      for (const p of group.players) {
        gone.add(p.id);
        waitsS.push(tickS - (p as Player).arrivalS);
      }
    }
    waiting = waiting.filter((p) => !gone.has(p.id));
  }
  const end = tickS - TICK_S;
  return {
    waitsS,
    qualities,
    unmatched: waiting.length,
    longestUnmatchedS: Math.max(0, ...waiting.map((p) => end - p.arrivalS)),
  };
}

/** Nearest rank: the smallest value with at least q of them at or below it. */
function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

const seconds = (s: number) => `${s.toFixed(1)} s`;

function report(
  title: string,
  strategies: Record<string, Strategy>,
  players: readonly Player[],
  quality: (q: number) => string,
  qualityName: string,
) {
  console.log(`\n${title}`);
  for (const [name, strategy] of Object.entries(strategies)) {
    const o = run(players, strategy);
    console.log(
      [
        `  ${name.padEnd(36)}`,
        `matches ${String(o.qualities.length).padStart(3)}`,
        `wait median ${seconds(percentile(o.waitsS, 0.5)).padStart(7)}`,
        `p95 ${seconds(percentile(o.waitsS, 0.95)).padStart(7)}`,
        `${qualityName} ${quality(percentile(o.qualities, 0.5))} (p95 ${quality(percentile(o.qualities, 0.95))})`,
        `unmatched at the hour ${o.unmatched} (longest waiting ${seconds(o.longestUnmatchedS)})`,
      ].join(' · '),
    );
  }
}

const started = performance.now();
const players = arrivals(seeded(SEED));
const s = QUEUE_DEFAULTS;
console.log(
  `queue simulation: ${PLAYERS} players, ratings ~N(1500, 300), Poisson arrivals over ${HOUR_S / 60} min, ` +
    `a tick every ${TICK_S} s, seed ${SEED}; window ${s.windowStart} +${s.windowGrowthPerMinute}/min up to ${s.windowMax}`,
);
console.log(
  'waits are of the matched players; a player still waiting at the hour is counted apart',
);
report('1v1', STRATEGIES_1V1, players, (gap) => gap.toFixed(0), 'median rating gap');
report('2v2', STRATEGIES_2V2, players, (q) => q.toFixed(4), 'median |predicted − 0.5|');
console.log(`\ntook ${((performance.now() - started) / 1000).toFixed(2)} s`);
