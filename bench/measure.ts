import type { PictureLoad } from './pictures-load';
import type { BenchConfig } from './config';
import type { LoadGenerator } from './load/client';
import { withCpu } from './processes';
import type { Unit } from './targets';

/**
 * An open-loop run of one unit at a rate another unit reached in the same round, so two p99s
 * are compared at the same rate: B1 at entries-first's rate, the write floor at scores-write's.
 */
export interface OpenFigure {
  /** The unit that ran (its label). */
  label: string;
  rate: number;
  connections: number;
  p50: number;
  p99: number;
  errors: number;
  /** Foreign CPU (cores) on the pinned cores during this run: its noise. */
  foreign: number | null;
}

/** One round of one unit: its maximum throughput, then its latency at a fraction of that rate. */
export interface Sample {
  round: number;
  /** Closed loop: answered requests per second with `connections` connections. */
  rps: number;
  closedErrors: number;
  statusCodes: Record<string, number>;
  /** Open loop at `rate` req/s: latency from the intended send time (ms). */
  rate: number;
  p50: number;
  p99: number;
  p999: number;
  /** The same requests timed from the actual send (ms): the uncorrected view. */
  serviceP50: number;
  serviceP99: number;
  openErrors: number;
  maxSendLagMs: number;
  /** Write units: submissions the worker applied per second during the closed-loop run. */
  applied: number | null;
  /** CPU share (of one core) during the closed-loop run, per process. */
  cpu: Record<string, number | null>;
  /** Cores' worth of CPU used on the pinned cores by processes outside the benchmark. */
  foreign: number | null;
  /** The same during the open-loop run (the noise of p50/p99). */
  openForeign: number | null;
  /**
   * entries-first on the largest board: B1 at this sample's open-loop rate; scores-write: the
   * write floor at this sample's open-loop rate (referenceRun below).
   */
  reference?: OpenFigure;
  /** Units with background picture requests: what they did during the run. */
  pictures?: PictureLoad;
}

export async function measure(
  unit: Unit,
  round: number,
  load: LoadGenerator,
  config: BenchConfig,
): Promise<Sample> {
  const job = {
    url: unit.url,
    headers: unit.headers,
    scenario: unit.scenario,
    params: unit.params,
    connections: unit.connections ?? config.connections,
  };
  await load.closed({ ...job, seconds: config.warmupSeconds });
  const stopBackground = unit.background?.start();
  const cores = pinnedCores(config);
  const appliedBefore = await unit.appliedCount?.();
  const closed = await withCpu({ ...unit.pids, load: load.pid }, cores, async () => {
    const started = performance.now();
    const result = await load.closed({ ...job, seconds: config.seconds });
    // Requests still in flight when the run ends are applied after it; the window is the run.
    const appliedAfter = await unit.appliedCount?.();
    const seconds = (performance.now() - started) / 1000;
    const applied =
      appliedBefore === undefined || appliedAfter === undefined
        ? null
        : (appliedAfter - appliedBefore) / seconds;
    return { ...result, applied };
  });
  const rate = Math.max(1, Math.round(closed.value.rps * config.openFraction));
  const { value: open, cpu: openCpu } = await withCpu(
    { ...unit.pids, load: load.pid },
    pinnedCores(config),
    () =>
      load.open({
        ...job,
        connections: openConnections(unit, config),
        seconds: config.seconds,
        rate,
      }),
  );
  const pictures = await stopBackground?.();
  return {
    ...(pictures ? { pictures } : {}),
    round,
    rps: closed.value.rps,
    closedErrors: closed.value.errors,
    statusCodes: closed.value.statusCodes,
    rate,
    p50: open.latency.p50,
    p99: open.latency.p99,
    p999: open.latency.p999,
    serviceP50: open.service.p50,
    serviceP99: open.service.p99,
    openErrors: open.errors,
    maxSendLagMs: open.maxSendLagMs,
    applied: closed.value.applied,
    cpu: closed.cpu.processes,
    foreign: closed.cpu.foreign,
    openForeign: openCpu.foreign,
  };
}

/** The server and load-generator cores, when given as single core numbers. */
export function pinnedCores(config: BenchConfig): string[] {
  return [...new Set([config.serverCpu, config.loadCpu])].filter((c) => /^\d+$/.test(c));
}

/** Open-loop connections of a unit (the write unit's pool is as large as its closed loop's). */
export const openConnections = (unit: Unit, config: BenchConfig) =>
  Math.max(config.openConnections, unit.connections ?? 0);

/** One open-loop run of `unit` at a given rate, with the foreign CPU during it. */
export async function openRun(
  unit: Unit,
  rate: number,
  connections: number,
  load: LoadGenerator,
  config: BenchConfig,
): Promise<OpenFigure> {
  const { value, cpu } = await withCpu({ ...unit.pids, load: load.pid }, pinnedCores(config), () =>
    load.open({
      url: unit.url,
      headers: unit.headers,
      scenario: unit.scenario,
      params: unit.params,
      connections,
      seconds: config.seconds,
      rate,
    }),
  );
  return {
    label: unit.label,
    rate,
    connections,
    p50: value.latency.p50,
    p99: value.latency.p99,
    errors: value.errors,
    foreign: cpu.foreign,
  };
}

/** entries-first on the largest board of a backend (the plain unit, not a variant). */
export function largestFirst(units: Unit[], backend: Unit['backend']): Unit | undefined {
  const sizes = units.filter((u) => u.backend === backend && u.size !== null).map((u) => u.size!);
  const largest = Math.max(...sizes);
  return units.find(
    (u) =>
      u.backend === backend &&
      u.scenario === 'entries-first' &&
      u.size === largest &&
      u.variant === undefined,
  );
}

/**
 * Right after a unit's sample, in the same round: the open-loop run its p99 target compares
 * with, at the same rate and with the same connection pool. entries-first on the largest board
 * gets B1 at its rate; scores-write gets its backend's write floor (`unit.reference`, one
 * INSERT and COMMIT per request: bench/floor.ts) at its rate. Sets `sample.reference` and
 * returns it; other units get nothing.
 */
export async function referenceRun(
  unit: Unit,
  sample: Sample,
  units: Unit[],
  load: LoadGenerator,
  config: BenchConfig,
): Promise<OpenFigure | undefined> {
  if (unit.kind !== 'tally') return undefined;
  const first = largestFirst(units, unit.backend);
  const other = unit === first ? units.find((u) => u.kind === 'B1') : unit.reference;
  if (!other) return undefined;
  sample.reference = await openRun(other, sample.rate, openConnections(unit, config), load, config);
  return sample.reference;
}

export function referenceLine(unit: Unit, r: OpenFigure): string {
  return (
    `${`  ${r.label} @ ${unit.scenario} rate`.padEnd(32)} ${' '.repeat(11)} | @${String(r.rate).padStart(6)}/s ` +
    `p50 ${r.p50.toFixed(2)} p99 ${r.p99.toFixed(2)} ms | ${r.connections} connections` +
    ` | foreign ${r.foreign === null ? '-' : r.foreign.toFixed(2)}` +
    (r.errors ? ` | ${r.errors} errors` : '')
  );
}

const pct = (x: number | null | undefined) =>
  x == null ? '  -' : `${Math.round(x * 100)}%`.padStart(4);

export function progressLine(unit: Unit, s: Sample): string {
  const errors = s.closedErrors + s.openErrors;
  const cpu = Object.entries(s.cpu)
    .map(([k, v]) => `${k} ${pct(v)}`)
    .join(' ');
  return (
    `${unit.label.padEnd(32)} ${s.rps.toFixed(0).padStart(7)} rps | @${String(s.rate).padStart(6)}/s ` +
    `p50 ${s.p50.toFixed(2)} p99 ${s.p99.toFixed(2)} ms | cpu ${cpu}` +
    ` | foreign ${s.foreign === null ? '-' : s.foreign.toFixed(2)}/${s.openForeign === null ? '-' : s.openForeign.toFixed(2)}` +
    (s.applied === null ? '' : ` | applied ${s.applied.toFixed(0)}/s`) +
    (errors ? ` | ${errors} errors ${JSON.stringify(s.statusCodes)}` : '')
  );
}
