import { readFileSync } from 'node:fs';
import type { BackendName, BenchConfig } from './config';
import type { LoadGenerator } from './load/client';
import type { OpenLoopResult } from './load/open-loop';
import { openConnections, pinnedCores } from './measure';
import { median, noiseOf, sizeLabel, type Row, type TargetCheck } from './report';
import { withCpu } from './processes';
import type { RunningBackend, Unit } from './targets';

/**
 * Issue 16, memory: the resident set size (VmRSS in /proc/<pid>/status) of the `tally serve`
 * process, after it started on the seeded boards and during a mixed soak: entries-first,
 * entries-deep and entry-rank on the largest board and scores-write, all four at once, each an
 * open loop at a fixed rate (BENCH_SOAK_FRACTION ÷ 4 of the median throughput that unit reached
 * in the rounds, so together they keep the server core about that busy), for
 * BENCH_SOAK_SECONDS, one backend after the other. RSS is sampled every SAMPLE_SECONDS; the slope is a least-squares line
 * through the samples after the warm-up (the first 30 s: V8's heap and the caches grow to their
 * working size there, then the heap's sawtooth should settle around a flat line).
 */

/**
 * The largest slope of RSS (MB/min) that passes. RSS moves in steps of a few MB between flat
 * stretches (V8 growing or giving back old space, allocator arenas), and one step late in a
 * 4.5-minute window tilts the fitted line by 1–3 MB/min with no leak; README.md ("Memory soak")
 * has the figures this was chosen from.
 */
export const SLOPE_MAX_MB_PER_MIN = 2;
/** Shorter soaks (--quick) still run and print, with a warning that the slope means little. */
const SHORT_SOAK_SECONDS = 120;
const SCENARIOS = ['entries-first', 'entries-deep', 'entry-rank', 'scores-write'];

/** VmRSS of a process in MB, from /proc; null if it cannot be read (not Linux, gone). */
export function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export interface SoakPoint {
  /** Seconds since the soak's load started. */
  t: number;
  rssMb: number;
  /** Foreign CPU (cores) on the pinned cores during the interval that ended here. */
  foreign: number | null;
  /** The server's CPU share (of one core) during that interval. */
  server: number | null;
}

export interface SoakStream {
  scenario: string;
  label: string;
  rate: number;
  connections: number;
  sent: number;
  ok: number;
  errors: number;
  p50: number;
  p99: number;
}

export interface MemorySoak {
  backend: BackendName;
  size: number;
  seconds: number;
  intervalSeconds: number;
  /** Samples before this many seconds are left out of the slope. */
  warmupSeconds: number;
  /** Right after `tally serve` started on the seeded boards (idle, one request served). */
  afterStartMb: number | null;
  /** When the soak began, after the rounds. */
  beforeSoakMb: number | null;
  endMb: number | null;
  peakMb: number | null;
  /** Least-squares slope of RSS over the samples after the warm-up (MB per minute). */
  slopeMbPerMin: number | null;
  /** Samples the slope was fitted on. */
  fitted: number;
  points: SoakPoint[];
  streams: SoakStream[];
  /** Median and largest foreign CPU of the intervals (cores). */
  foreign: number | null;
  foreignMax: number | null;
}

/** Least-squares slope of y over x; null with fewer than 2 points or no spread in x. */
export function slope(points: { x: number; y: number }[]): number | null {
  if (points.length < 2) return null;
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const my = points.reduce((s, p) => s + p.y, 0) / points.length;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  if (sxx === 0) return null;
  return points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 5 s between samples; shorter soaks (--quick) sample more often to have a line at all. */
export const soakInterval = (seconds: number) => Math.min(5, Math.max(1, seconds / 10));
/** 30 s of warm-up left out of the slope; a quarter of shorter soaks. */
export const soakWarmup = (seconds: number) => Math.min(30, seconds / 4);

/**
 * The soaks, after the rounds (rows hold the units' median throughput): one backend at a time
 * (issue 31 item 5: two servers sharing the server core made each one's figures depend on the
 * other's), each its own process. The load, BENCH_SOAK_FRACTION of that core in all, is split
 * evenly over the backend's streams.
 */
export async function measureSoaks(
  running: RunningBackend[],
  units: Unit[],
  rows: Row[],
  load: LoadGenerator,
  config: BenchConfig,
  log: (m: string) => void,
): Promise<MemorySoak[]> {
  const soaks: MemorySoak[] = [];
  for (const r of running) soaks.push(...(await soakTogether([r], units, rows, load, config, log)));
  return soaks;
}

/** The soak of these backends' servers at once, the load split evenly over all their streams. */
async function soakTogether(
  running: RunningBackend[],
  units: Unit[],
  rows: Row[],
  load: LoadGenerator,
  config: BenchConfig,
  log: (m: string) => void,
): Promise<MemorySoak[]> {
  const seconds = config.soakSeconds;
  const size = config.sizes[config.sizes.length - 1]!;
  const soaked = running.map((r) => ({
    running: r,
    chosen: SCENARIOS.flatMap((scenario) => {
      const unit = units.find(
        (u) =>
          u.backend === r.backend.name &&
          u.scenario === scenario &&
          u.variant === undefined &&
          (u.size === size || u.size === null),
      );
      const row = rows.find((x) => x.unit.label === unit?.label);
      return unit && row && Number.isFinite(row.rps) && row.rps > 0 ? [{ unit, row }] : [];
    }),
  }));
  const active = soaked.filter((s) => s.chosen.length > 0);
  const streamCount = active.reduce((n, s) => n + s.chosen.length, 0);
  if (seconds <= 0 || streamCount === 0) return [];
  const intervalSeconds = soakInterval(seconds);
  const warmupSeconds = soakWarmup(seconds);
  const share = config.soakFraction / streamCount;
  const plans = active.map(({ running: r, chosen }) => ({
    running: r,
    pid: r.server.child.pid,
    streams: chosen.map(({ unit, row }) => ({
      unit,
      rate: Math.max(1, Math.round(row.rps * share)),
      connections: openConnections(unit, config),
    })),
    points: [] as SoakPoint[],
    beforeSoakMb: rssMb(r.server.child.pid),
  }));
  for (const p of plans) {
    log(
      `${p.running.backend.name}: memory soak, ${seconds} s of ` +
        p.streams.map((st) => `${st.unit.scenario} @ ${st.rate}/s`).join(', '),
    );
    if (p.beforeSoakMb !== null) {
      p.points.push({ t: 0, rssMb: p.beforeSoakMb, foreign: null, server: null });
    }
  }
  // Every process the soak drives: what is left on the pinned cores is foreign (the noise).
  const pids: Record<string, number | undefined> = { load: load.pid };
  for (const p of plans) {
    for (const st of p.streams) {
      for (const [k, pid] of Object.entries(st.unit.pids)) {
        pids[k === 'server' ? `server ${p.running.backend.name}` : k] = pid;
      }
    }
  }

  const started = performance.now();
  const results = Promise.all(
    plans.map((p) =>
      Promise.all(
        p.streams.map((st) =>
          load.open({
            url: st.unit.url,
            headers: st.unit.headers,
            scenario: st.unit.scenario,
            params: st.unit.params,
            connections: st.connections,
            seconds,
            rate: st.rate,
          }),
        ),
      ),
    ),
  );
  const elapsed = () => (performance.now() - started) / 1000;
  const gone = new Set<(typeof plans)[number]>();
  for (let k = 1; k * intervalSeconds <= seconds + 0.01; k++) {
    const { cpu } = await withCpu(pids, pinnedCores(config), () =>
      sleep(Math.max(0, (k * intervalSeconds - elapsed()) * 1000)),
    );
    const t = elapsed();
    for (const p of plans) {
      const rss = rssMb(p.pid);
      if (rss === null) gone.add(p);
      if (rss === null || gone.has(p)) continue;
      p.points.push({
        t,
        rssMb: rss,
        foreign: cpu.foreign,
        server: cpu.processes[`server ${p.running.backend.name}`] ?? null,
      });
    }
  }
  const answers: OpenLoopResult[][] = await results;

  return plans.map((p, i) => {
    const { points } = p;
    const fit = points.filter((x) => x.t >= warmupSeconds);
    const perSecond = slope(fit.map((x) => ({ x: x.t, y: x.rssMb })));
    const foreigns = points.map((x) => x.foreign).filter((v): v is number => v !== null);
    return {
      backend: p.running.backend.name,
      size,
      seconds,
      intervalSeconds,
      warmupSeconds,
      afterStartMb: p.running.rssAfterStartMb,
      beforeSoakMb: p.beforeSoakMb,
      endMb: points.at(-1)?.rssMb ?? null,
      peakMb: points.length ? Math.max(...points.map((x) => x.rssMb)) : null,
      slopeMbPerMin: perSecond === null ? null : perSecond * 60,
      fitted: fit.length,
      points,
      streams: p.streams.map((st, j) => {
        const r = answers[i]![j]!;
        return {
          scenario: st.unit.scenario,
          label: st.unit.label,
          rate: st.rate,
          connections: st.connections,
          sent: r.sent,
          ok: r.ok,
          errors: r.errors,
          p50: r.latency.p50,
          p99: r.latency.p99,
        };
      }),
      foreign: foreigns.length ? median(foreigns) : null,
      foreignMax: noiseOf(...foreigns),
    };
  });
}

const mb = (x: number | null) => (x === null ? '-' : x.toFixed(1));

export function memoryLines(soaks: MemorySoak[]): string {
  if (soaks.length === 0) return '';
  const lines = [
    `\n== memory: RSS of tally serve through a mixed soak (open loops at fixed rates; the four streams at once, one backend at a time) ==`,
  ];
  for (const s of soaks) {
    lines.push(
      `${s.backend.padEnd(8)} ${sizeLabel(s.size)} board: after start ${mb(s.afterStartMb)} MB, ` +
        `before soak ${mb(s.beforeSoakMb)} MB, end ${mb(s.endMb)} MB, peak ${mb(s.peakMb)} MB; ` +
        `slope ${s.slopeMbPerMin === null ? '-' : s.slopeMbPerMin.toFixed(2)} MB/min ` +
        `(least squares over ${s.fitted} of ${s.points.length} samples, every ${s.intervalSeconds} s, ` +
        `the first ${s.warmupSeconds} s left out as warm-up); ` +
        `noise median ${s.foreign === null ? '-' : s.foreign.toFixed(2)}, max ${s.foreignMax === null ? '-' : s.foreignMax.toFixed(2)}`,
    );
    for (const st of s.streams) {
      lines.push(
        `${''.padEnd(8)}   ${st.scenario.padEnd(14)} @ ${String(st.rate).padStart(5)}/s: ${st.ok} ok, ` +
          `${st.errors} errors, p50 ${st.p50.toFixed(2)} ms, p99 ${st.p99.toFixed(2)} ms`,
      );
    }
    lines.push(
      `${''.padEnd(8)}   RSS MB at t (s): ${s.points.map((p) => `${p.t.toFixed(0)}:${p.rssMb.toFixed(0)}`).join(' ')}`,
    );
  }
  return lines.join('\n');
}

export function memoryChecks(soaks: MemorySoak[]): TargetCheck[] {
  return soaks.map((s) => ({
    backend: s.backend,
    target: `memory: RSS slope ≤ ${SLOPE_MAX_MB_PER_MIN} MB/min over a ${s.seconds} s mixed soak (after ${s.warmupSeconds} s warm-up)`,
    measured:
      s.slopeMbPerMin === null
        ? `not measured (${s.points.length} samples)`
        : `${s.slopeMbPerMin.toFixed(2)} MB/min over ${s.fitted} samples; RSS ${mb(s.afterStartMb)} after start, ${mb(s.endMb)} at end, peak ${mb(s.peakMb)} MB` +
          (s.streams.some((st) => st.errors)
            ? `; ${s.streams.reduce((n, st) => n + st.errors, 0)} errors`
            : '') +
          (s.seconds < SHORT_SOAK_SECONDS
            ? `; a soak under ${SHORT_SOAK_SECONDS} s says little about a slope`
            : ''),
    met: s.slopeMbPerMin !== null && s.slopeMbPerMin <= SLOPE_MAX_MB_PER_MIN,
    noise: s.foreign,
  }));
}
