import type { BackendName } from './config';
import type { Sample } from './measure';
import type { Unit } from './targets';

/** Medians over rounds; ratios to B0/B1 are per round (same round, same conditions), then median. */
export interface Row {
  unit: Omit<Unit, 'params' | 'headers' | 'pids'>;
  samples: Sample[];
  rps: number;
  p50: number;
  p99: number;
  rate: number;
  vsB0: number;
  vsB1: number;
  cpu: Record<string, number | null>;
  /** Median cores' worth of foreign CPU on the pinned cores (noise; 0 on a quiet machine). */
  foreign: number;
  errors: number;
  /** Write units: median applied submissions per second (null for reads). */
  applied: number | null;
}

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarise(unit: Unit, samples: Sample[], b0: Sample[], b1: Sample[]): Row {
  const ratio = (base: Sample[]) =>
    median(samples.map((s) => s.rps / (base.find((b) => b.round === s.round)?.rps ?? Number.NaN)));
  const cpuKeys = Object.keys(samples[0]?.cpu ?? {});
  const { label, kind, backend, size, scenario, variant, url } = unit;
  return {
    unit: { label, kind, backend, size, scenario, variant, url },
    samples,
    rps: median(samples.map((s) => s.rps)),
    p50: median(samples.map((s) => s.p50)),
    p99: median(samples.map((s) => s.p99)),
    rate: median(samples.map((s) => s.rate)),
    vsB0: ratio(b0),
    vsB1: ratio(b1),
    cpu: Object.fromEntries(
      cpuKeys.map((k) => [k, median(samples.map((s) => s.cpu[k] ?? Number.NaN))]),
    ),
    foreign: median(samples.map((s) => s.foreign ?? Number.NaN)),
    errors: samples.reduce((n, s) => n + s.closedErrors + s.openErrors, 0),
    applied: samples.some((s) => s.applied !== null)
      ? median(samples.map((s) => s.applied ?? Number.NaN))
      : null,
  };
}

function sizeLabel(n: number | null | undefined): string {
  if (n == null) return '-';
  if (n >= 1e6 && n % 1e6 === 0) return `${n / 1e6}M`;
  if (n >= 1e3 && n % 1e3 === 0) return `${n / 1e3}k`;
  return String(n);
}
const f = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '-');
const pct = (x: number | null | undefined) =>
  x == null || !Number.isFinite(x) ? '-' : `${Math.round(x * 100)}%`;

/** 1M vs 10k: how much slower the largest board is than the smallest, same scenario. */
function scaleRatio(rows: Row[], row: Row): string {
  const same = rows.filter(
    (r) => r.unit.scenario === row.unit.scenario && r.unit.backend === row.unit.backend,
  );
  const smallest = same.reduce((a, b) => ((a.unit.size ?? 0) <= (b.unit.size ?? 0) ? a : b));
  if (smallest === row) return '';
  return `rps ÷${f(smallest.rps / row.rps)}  p50 ×${f(row.p50 / smallest.p50)}`;
}

export function table(backend: BackendName, baselines: Row[], rows: Row[]): string {
  const header = [
    'scenario',
    'size',
    'req/s',
    '×B0',
    '×B1',
    'p50 ms',
    'p99 ms',
    '@ req/s',
    'cpu srv/gen/db/redis',
    'noise',
    'applied/s',
    'vs smallest',
    'err',
  ];
  const lines = [...baselines, ...rows].map((r) => [
    r.unit.kind === 'tally'
      ? `${r.unit.scenario}${r.unit.variant ? ` ${r.unit.variant}` : ''}`
      : r.unit.label,
    sizeLabel(r.unit.size),
    f(r.rps, 0),
    f(r.vsB0),
    f(r.vsB1),
    f(r.p50),
    f(r.p99),
    f(r.rate, 0),
    [r.cpu.server, r.cpu.load, r.cpu.db, r.cpu.redis].map(pct).join('/'),
    f(r.foreign),
    r.applied === null ? '' : f(r.applied, 0),
    r.unit.kind === 'tally' ? scaleRatio(rows, r) : '',
    r.errors ? String(r.errors) : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (i < 2 || i === 8 || i >= 11 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ');
  return [
    `\n== ${backend} ==`,
    fmt(header),
    fmt(widths.map((w) => '-'.repeat(w))),
    ...lines.map(fmt),
  ].join('\n');
}

export interface TargetCheck {
  backend: BackendName;
  target: string;
  measured: string;
  met: boolean;
}

/** The issue's targets, for information: measured and compared, nothing adjusted to meet them. */
export function checkTargets(backend: BackendName, rows: Row[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const writes = rows.find((r) => r.unit.scenario === 'scores-write');
  rows = rows.filter((r) => r.unit.size !== null);
  const sizes = [...new Set(rows.map((r) => r.unit.size ?? 0))].sort((a, b) => a - b);
  const small = sizes[0];
  const large = sizes[sizes.length - 1];
  const at = (scenario: string, size: number | undefined) =>
    rows.find((r) => r.unit.scenario === scenario && r.unit.size === size);
  if (small !== large) {
    for (const scenario of [...new Set(rows.map((r) => r.unit.scenario))]) {
      const a = at(scenario, small);
      const b = at(scenario, large);
      if (!a || !b) continue;
      const slower = a.rps / b.rps;
      const p50 = b.p50 / a.p50;
      checks.push({
        backend,
        target: `${scenario}: ${sizeLabel(large)} within 1.5× of ${sizeLabel(small)}`,
        measured: `throughput ÷${f(slower)}, p50 ×${f(p50)}`,
        met: slower <= 1.5 && p50 <= 1.5,
      });
    }
  }
  const first = at('entries-first', large);
  if (first) {
    checks.push({
      backend,
      target: `entries-first ${sizeLabel(large)}: ≥ 0.40× B1 and ≥ 0.10× B0 throughput`,
      measured: `${f(first.vsB1)}× B1, ${f(first.vsB0)}× B0 (${f(first.rps, 0)} req/s)`,
      met: first.vsB1 >= 0.4 && first.vsB0 >= 0.1,
    });
    checks.push({
      backend,
      target: `entries-first ${sizeLabel(large)}: p99 ≤ 10 ms at half its max rate`,
      measured: `p99 ${f(first.p99)} ms at ${f(first.rate, 0)} req/s`,
      met: first.p99 <= 10,
    });
  }
  if (writes) {
    checks.push({
      backend,
      target: 'scores-write: 201-path p99 < 50 ms at half its max rate',
      measured: `p50 ${f(writes.p50)} ms, p99 ${f(writes.p99)} ms at ${f(writes.rate, 0)} req/s${
        writes.errors ? ` (${writes.errors} answers not 201)` : ''
      }`,
      met: writes.p99 < 50,
    });
    if (backend === 'mariadb') {
      checks.push({
        backend,
        target: 'scores-write: worker applies ≥ 500 writes/s',
        measured: `${f(writes.applied ?? Number.NaN, 0)} applied/s`,
        met: (writes.applied ?? 0) >= 500,
      });
    }
  }
  return checks;
}

export function targetLines(checks: TargetCheck[]): string {
  return [
    '\n== targets (information) ==',
    ...checks.map(
      (c) => `${c.met ? 'met   ' : 'MISSED'}  ${c.backend.padEnd(7)}  ${c.target}: ${c.measured}`,
    ),
  ].join('\n');
}
