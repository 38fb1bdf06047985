import type { BackendName, BenchConfig } from './config';
import type { LoadGenerator } from './load/client';
import type { OpenLoopResult } from './load/open-loop';
import { openConnections, pinnedCores } from './measure';
import { NOISE_MAX, noiseOf, sizeLabel, type Row, type TargetCheck } from './report';
import { withCpu } from './processes';
import type { RunningBackend, Unit } from './targets';

/**
 * Issue 31, mixed load: real servers mix reads and writes. Per backend, one at a time (the other
 * backend's server idles), the four streams at once, entries-first, entries-deep and entry-rank
 * on the largest board and scores-write, each an open loop at a fraction (10 %, 25 %, 50 %:
 * BENCH_MIXED_FRACTIONS) of the throughput it reached alone in the rounds (its own rate; the
 * rounds' entries-first is a cached read, so the rates printed beside it are the cached closed
 * loop's, and the server's count of first pages answered from the cache and read shows how many
 * of them stayed cached under the writes). Each stream also runs alone at the same rate, just
 * before, with the same connection pool: its p99 alone is what its p99 mixed is compared with.
 * Target: every stream's p99 mixed ≤ MIXED_VS_ALONE × its p99 alone, and no errors.
 *
 * The chat variant runs the same four streams against a Tally with its bot while interactions
 * arrive (bench/chat-load.ts `mixedStreams`).
 */

/** Each stream's p99 in the mix ≤ this × its p99 alone at the same rate. */
export const MIXED_VS_ALONE = 2;

export const MIXED_SCENARIOS = ['entries-first', 'entries-deep', 'entry-rank', 'scores-write'];

export interface MixedFigure {
  rate: number;
  p50: number;
  p99: number;
  /** p99 from the actual send rather than the due time: what the server took, queueing aside. */
  serviceP99: number;
  /** How far behind its schedule the load generator fell at worst (ms). */
  sendLagMs: number;
  errors: number;
  sent: number;
  foreign: number | null;
  /** The server's CPU share of one core during the run, if known. */
  serverCpu: number | null;
}

export interface MixedStream {
  scenario: string;
  /** The stream's own closed-loop throughput in the rounds (median), which the rate is a share of. */
  ownRps: number;
  /** The server's CPU share (of one core) during that closed loop, if known. */
  ownCpu: number | null;
  alone: MixedFigure;
  mixed: MixedFigure;
}

/** How the server answered first pages during the mixed run (its /metrics, differenced). */
export interface FirstPageAnswers {
  hit: number;
  confirmed: number;
  missed: number;
}

export interface MixedResult {
  backend: BackendName;
  /** '' for the plain unit; 'chat' with the bot's interactions. */
  variant: string;
  size: number;
  fraction: number;
  seconds: number;
  streams: MixedStream[];
  answers: FirstPageAnswers | null;
  /** Foreign CPU (cores) during the mixed run. */
  foreign: number | null;
  /** The server's CPU share of one core during the mixed run. */
  serverCpu: number | null;
  /** The chat variant: the interactions' first-callback figures during the mixed run. */
  chat?: { count: number; p50: number; p99: number; missed: number };
}

export const mixedEnabled = () => process.env.BENCH_MIXED !== '0';

/** The chat variant runs at one share of the rates: the middle one of BENCH_MIXED_FRACTIONS. */
export const chatFraction = (config: BenchConfig) =>
  config.mixedFractions[Math.floor(config.mixedFractions.length / 2)]!;

/** The stream units of one backend, with their median throughput from the rounds. */
export function mixedUnits(
  backend: BackendName,
  units: Unit[],
  rows: Row[],
  size: number,
): { unit: Unit; rps: number; cpu: number | null }[] {
  return MIXED_SCENARIOS.flatMap((scenario) => {
    const unit = units.find(
      (u) =>
        u.backend === backend &&
        u.kind === 'tally' &&
        u.scenario === scenario &&
        u.variant === undefined &&
        (u.size === size || u.size === null),
    );
    const row = rows.find((x) => x.unit.label === unit?.label);
    return unit && row && Number.isFinite(row.rps) && row.rps > 0
      ? [{ unit, rps: row.rps, cpu: row.cpu.server ?? null }]
      : [];
  });
}

/** The server's first-page cache counters (src/api/operability.ts); null if unreadable. */
export async function firstPageAnswers(url: string): Promise<FirstPageAnswers | null> {
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    const count = (outcome: string) => {
      const line = text
        .split('\n')
        .find((l) => l.startsWith(`tally_first_page_cache_answers{outcome="${outcome}"}`));
      return line === undefined ? NaN : Number(line.slice(line.lastIndexOf(' ') + 1));
    };
    const answers = { hit: count('hit'), confirmed: count('confirmed'), missed: count('missed') };
    return Object.values(answers).every(Number.isFinite) ? answers : null;
  } catch {
    return null;
  }
}

export const since = (
  a: FirstPageAnswers | null,
  b: FirstPageAnswers | null,
): FirstPageAnswers | null =>
  a && b
    ? { hit: b.hit - a.hit, confirmed: b.confirmed - a.confirmed, missed: b.missed - a.missed }
    : null;

export const figure = (
  r: OpenLoopResult,
  rate: number,
  foreign: number | null,
  serverCpu: number | null = null,
): MixedFigure => ({
  rate,
  p50: r.latency.p50,
  p99: r.latency.p99,
  serviceP99: r.service.p99,
  sendLagMs: r.maxSendLagMs,
  errors: r.errors,
  sent: r.sent,
  foreign,
  serverCpu,
});

export interface Planned {
  unit: Unit;
  rps: number;
  cpu: number | null;
  rate: number;
  connections: number;
}

/** One open loop per stream, all at once, against `url` (the unit's own server by default). */
export function runStreams(
  planned: Planned[],
  load: LoadGenerator,
  seconds: number,
  url?: string,
): Promise<OpenLoopResult[]> {
  return Promise.all(
    planned.map((p) =>
      load.open({
        url: url ?? p.unit.url,
        headers: p.unit.headers,
        scenario: p.unit.scenario,
        params: p.unit.params,
        connections: p.connections,
        seconds,
        rate: p.rate,
      }),
    ),
  );
}

export function planStreams(
  chosen: { unit: Unit; rps: number; cpu: number | null }[],
  fraction: number,
  config: BenchConfig,
): Planned[] {
  return chosen.map(({ unit, rps, cpu }) => {
    const rate = Math.max(1, Math.round(rps * fraction));
    return { unit, rps, cpu, rate, connections: mixedPool(unit, rate, config) };
  });
}

/**
 * How long a stream's answers may take on average before its pool holds it back: the pool has
 * rate × this many connections (Little's law), so the load stays open while the server answers
 * within it and a request waits for a connection only behind the server's own queue.
 */
export const POOL_SECONDS = 0.05;
const POOL_MAX = 512;

/**
 * A stream's open-loop connections in the mix (and alone, so both compare). The rounds' pool of
 * 16 held a mixed stream back: at 25 % entries-first asked 3 323/s with answers of about 5 ms,
 * which is 17 requests in flight, and its schedule fell seconds behind while the server's own
 * answers stayed within 25 ms at p99; the seconds were the generator's queue, not the server's.
 */
export const mixedPool = (unit: Unit, rate: number, config: BenchConfig) =>
  Math.min(POOL_MAX, Math.max(openConnections(unit, config), Math.ceil(rate * POOL_SECONDS)));

/** Each stream alone at its rate, one after another: the p99s the mix is compared with. */
export async function aloneRuns(
  planned: Planned[],
  load: LoadGenerator,
  config: BenchConfig,
  pids: Record<string, number | undefined>,
  url?: string,
): Promise<MixedFigure[]> {
  const figures: MixedFigure[] = [];
  for (const p of planned) {
    const { value, cpu } = await withCpu(pids, pinnedCores(config), () =>
      runStreams([p], load, config.mixedSeconds, url),
    );
    figures.push(figure(value[0]!, p.rate, cpu.foreign, cpu.processes.server ?? null));
  }
  return figures;
}

/** A mixed run's figures: each stream alone and in the mix, the server's CPU, the noise. */
export function mixedResult(
  run: Pick<MixedResult, 'backend' | 'variant' | 'size' | 'fraction' | 'seconds' | 'chat'>,
  measured: {
    planned: Planned[];
    alone: MixedFigure[];
    mixed: OpenLoopResult[];
    cpu: { processes: Record<string, number | null>; foreign: number | null };
    answers: FirstPageAnswers | null;
  },
): MixedResult {
  const { planned, alone, mixed, cpu, answers } = measured;
  return {
    ...run,
    streams: planned.map((p, i) => ({
      scenario: p.unit.scenario,
      ownRps: p.rps,
      ownCpu: p.cpu,
      alone: alone[i]!,
      mixed: figure(mixed[i]!, p.rate, cpu.foreign, cpu.processes.server ?? null),
    })),
    answers,
    foreign: cpu.foreign,
    serverCpu: cpu.processes.server ?? null,
  };
}

/**
 * The plain mixed unit, after the rounds: per backend in turn, per fraction, each stream alone
 * and then all four at once.
 */
export async function measureMixed(
  running: RunningBackend[],
  units: Unit[],
  rows: Row[],
  load: LoadGenerator,
  config: BenchConfig,
  dbPids: (backend: BackendName) => Record<string, number | undefined>,
  log: (m: string) => void,
): Promise<MixedResult[]> {
  const size = config.sizes[config.sizes.length - 1]!;
  const results: MixedResult[] = [];
  for (const r of running) {
    const chosen = mixedUnits(r.backend.name, units, rows, size);
    if (chosen.length === 0) continue;
    const pids = { server: r.server.child.pid, load: load.pid, ...dbPids(r.backend.name) };
    for (const fraction of config.mixedFractions) {
      const planned = planStreams(chosen, fraction, config);
      log(
        `${r.backend.name}: mixed load at ${pct(fraction)} of each stream's own rate: ` +
          planned.map((p) => `${p.unit.scenario} @ ${p.rate}/s`).join(', '),
      );
      const alone = await aloneRuns(planned, load, config, pids);
      const before = await firstPageAnswers(r.url);
      const { value, cpu } = await withCpu(pids, pinnedCores(config), () =>
        runStreams(planned, load, config.mixedSeconds),
      );
      const answers = since(before, await firstPageAnswers(r.url));
      const result = mixedResult(
        { backend: r.backend.name, variant: '', size, fraction, seconds: config.mixedSeconds },
        { planned, alone, mixed: value, cpu, answers },
      );
      results.push(result);
      console.log(mixedLines([result]));
    }
  }
  return results;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

/**
 * What the mix asks of the server core: the sum of the core each stream used alone at its rate,
 * just before. Near or past 100 % queues grow whatever the server does; the database, Redis and
 * the load generator are not counted. It is measured, not scaled from the closed loops: a request
 * that arrives alone costs more than one of a closed loop's crowd (one wake-up, one write, one
 * worker batch each), so the closed loops' core times the share understated it about 2.5× here.
 */
export function demandOf(m: MixedResult): number | null {
  const shares = m.streams.map((s) => s.alone.serverCpu);
  return shares.every((x) => x !== null) ? shares.reduce((a, b) => a! + b!, 0) : null;
}

/** A mix whose streams alone already ask the whole server core cannot keep their latency. */
export const DEMAND_MAX = 1;
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const noiseText = (x: number | null) => (x === null ? '-' : x.toFixed(2));

/** p99 mixed ÷ p99 alone; a stream alone at a p99 of 0 (below the histogram's µs) counts as 1 µs. */
const ratioOf = (s: MixedStream) => s.mixed.p99 / Math.max(s.alone.p99, 0.001);

function answersText(a: FirstPageAnswers | null): string {
  if (!a) return 'first pages: -';
  const all = a.hit + a.confirmed + a.missed;
  const share = (n: number) => (all ? `${Math.round((n / all) * 100)} %` : '-');
  return `first pages: ${share(a.hit)} cached, ${share(a.confirmed)} cached after a version read, ${share(a.missed)} read (${all})`;
}

export function mixedLines(results: MixedResult[]): string {
  if (results.length === 0) return '';
  const lines = [
    `\n== mixed load: the four streams at once, one backend at a time, each at a share of its own closed-loop rate; p99 alone = the stream alone at the same rate, just before ==`,
  ];
  for (const m of results) {
    lines.push(
      `${m.backend.padEnd(8)} ${m.variant ? `${m.variant} ` : ''}${sizeLabel(m.size)} board at ${pct(m.fraction)}, ${m.seconds} s: ` +
        `demand ${demandOf(m) === null ? '-' : `${Math.round(demandOf(m)! * 100)} %`} of the server core (the streams alone), server cpu ${m.serverCpu === null ? '-' : `${Math.round(m.serverCpu * 100)} %`}, noise ${noiseText(m.foreign)}; ${answersText(m.answers)}` +
        (m.chat
          ? `; chat ${m.chat.count} interactions, first callback p50 ${ms(m.chat.p50)} p99 ${ms(m.chat.p99)} ms, ${m.chat.missed} missed`
          : ''),
    );
    for (const s of m.streams) {
      lines.push(
        `${''.padEnd(8)}   ${s.scenario.padEnd(14)} own ${s.ownRps.toFixed(0).padStart(6)}/s → @${String(s.mixed.rate).padStart(5)}/s: ` +
          `mixed p50 ${ms(s.mixed.p50).padStart(6)} p99 ${ms(s.mixed.p99).padStart(7)} ms | alone p50 ${ms(s.alone.p50).padStart(6)} p99 ${ms(s.alone.p99).padStart(7)} ms | ` +
          `×${ratioOf(s).toFixed(2)} | errors ${s.mixed.errors}/${s.alone.errors} | server cpu alone ${s.alone.serverCpu === null ? '-' : `${Math.round(s.alone.serverCpu * 100)} %`} | noise alone ${noiseText(s.alone.foreign)}` +
          ` | from send p99 ${ms(s.mixed.serviceP99)}/${ms(s.alone.serviceP99)} ms, generator late ≤ ${ms(s.mixed.sendLagMs)}/${ms(s.alone.sendLagMs)} ms`,
      );
    }
  }
  return lines.join('\n');
}

export function mixedChecks(results: MixedResult[]): TargetCheck[] {
  return results.map((m) => {
    const noise = noiseOf(m.foreign, ...m.streams.map((s) => s.alone.foreign));
    const noisy = noise !== null && noise >= NOISE_MAX;
    const errors = m.streams.reduce((n, s) => n + s.mixed.errors, 0);
    const worst = Math.max(...m.streams.map(ratioOf));
    const chatMissed = m.chat?.missed ?? 0;
    const demand = demandOf(m);
    return {
      backend: m.backend,
      target:
        `mixed load${m.variant ? ` + ${m.variant}` : ''} at ${pct(m.fraction)} of each stream's rate, ${sizeLabel(m.size)}: ` +
        `each stream's p99 ≤ ${MIXED_VS_ALONE}× its p99 alone at the same rate, 0 errors` +
        (m.chat ? ', no interaction missed' : ''),
      measured:
        m.streams
          .map(
            (s) =>
              `${s.scenario} ${ms(s.mixed.p99)}/${ms(s.alone.p99)} ms ×${ratioOf(s).toFixed(2)}`,
          )
          .join(', ') +
        `; ${errors} errors` +
        (m.chat ? `; ${chatMissed} interactions missed` : '') +
        `; ${answersText(m.answers)}` +
        `; demand ${demand === null ? '-' : `${Math.round(demand * 100)} %`} of the server core` +
        (demand !== null && demand >= DEMAND_MAX
          ? ' (the streams alone already ask the whole core: no server keeps its latency)'
          : '') +
        (noisy ? `; noise ${noise.toFixed(2)} ≥ ${NOISE_MAX}: not counted` : ''),
      met: !noisy && worst <= MIXED_VS_ALONE && errors === 0 && chatMissed === 0,
      noise,
    };
  });
}
