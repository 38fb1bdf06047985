import type { PictureLoad } from './pictures-load';
import type { BenchConfig } from './config';
import type { LoadGenerator } from './load/client';
import { withCpu } from './processes';
import type { Unit } from './targets';

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
  const cores = [...new Set([config.serverCpu, config.loadCpu])].filter((c) => /^\d+$/.test(c));
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
  const open = await load.open({
    ...job,
    connections: Math.max(config.openConnections, unit.connections ?? 0),
    seconds: config.seconds,
    rate,
  });
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
  };
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
    ` | foreign ${s.foreign === null ? '-' : s.foreign.toFixed(2)}` +
    (s.applied === null ? '' : ` | applied ${s.applied.toFixed(0)}/s`) +
    (errors ? ` | ${errors} errors ${JSON.stringify(s.statusCodes)}` : '')
  );
}
