import { writeFileSync } from 'node:fs';
import type { BackendName } from './config';
import type { OpenFigure, Sample } from './measure';
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
  /** The same during the open-loop runs (the noise of p50/p99). */
  openForeign: number;
  errors: number;
  /** Write units: median applied submissions per second (null for reads). */
  applied: number | null;
  /** The same-rate reference run (bench/measure.ts referenceRun), medians over rounds. */
  reference: ReferenceSummary | null;
}

export interface ReferenceSummary {
  label: string;
  rate: number;
  p50: number;
  p99: number;
  /** Median over rounds of (this unit's p99 ÷ the reference's p99), each pair from one round. */
  p99Ratio: number;
  foreign: number;
  errors: number;
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
    openForeign: median(samples.map((s) => s.openForeign ?? Number.NaN)),
    errors: samples.reduce((n, s) => n + s.closedErrors + s.openErrors, 0),
    applied: samples.some((s) => s.applied !== null)
      ? median(samples.map((s) => s.applied ?? Number.NaN))
      : null,
    reference: summariseReference(samples),
  };
}

function summariseReference(samples: Sample[]): ReferenceSummary | null {
  const pairs = samples.filter((s): s is Sample & { reference: OpenFigure } => !!s.reference);
  if (pairs.length === 0) return null;
  const refs = pairs.map((s) => s.reference);
  return {
    label: refs[0]!.label,
    rate: median(refs.map((r) => r.rate)),
    p50: median(refs.map((r) => r.p50)),
    p99: median(refs.map((r) => r.p99)),
    p99Ratio: median(pairs.map((s) => s.p99 / s.reference.p99)),
    foreign: median(refs.map((r) => r.foreign ?? Number.NaN)),
    errors: refs.reduce((n, r) => n + r.errors, 0),
  };
}

export function sizeLabel(n: number | null | undefined): string {
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
    (r) =>
      r.unit.scenario === row.unit.scenario &&
      r.unit.backend === row.unit.backend &&
      r.unit.variant === undefined,
  );
  if (same.length === 0 || row.unit.variant !== undefined) return '';
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
    'noise cl/op',
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
    `${f(r.foreign)}/${f(r.openForeign)}`,
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

/**
 * The same-rate reference runs (bench/measure.ts referenceRun): each unit's open-loop p99 next
 * to the reference's, both at the unit's open-loop rate, in the same round.
 */
export function referenceLines(rows: Row[]): string {
  const lines = rows
    .filter((r): r is Row & { reference: ReferenceSummary } => r.reference !== null)
    .map((r) => {
      const ref = r.reference;
      return (
        `${(r.unit.backend ?? '').padEnd(8)} ${`${r.unit.scenario}${r.unit.size === null ? '' : ` ${sizeLabel(r.unit.size)}`}`.padEnd(22)}` +
        ` p50 ${f(r.p50).padStart(6)}  p99 ${f(r.p99).padStart(7)} ms   vs ${ref.label.padEnd(28)}` +
        ` p50 ${f(ref.p50).padStart(6)}  p99 ${f(ref.p99).padStart(7)} ms   at ${f(ref.rate, 0)} req/s:` +
        ` p99 ×${f(ref.p99Ratio)}   noise ${f(r.openForeign)}/${f(ref.foreign)}` +
        (ref.errors ? `   ${ref.errors} reference errors` : '')
      );
    });
  if (lines.length === 0) return '';
  return [
    '\n== same-rate open-loop runs (same round, same connections; p99 × = median of per-round ratios) ==',
    ...lines,
  ].join('\n');
}

export interface TargetCheck {
  /** '-': a figure of no backend (e.g. the production install's size). */
  backend: BackendName | '-';
  target: string;
  measured: string;
  met: boolean;
  /**
   * Foreign CPU (cores) during the runs the figure came from: the largest of their medians.
   * null: not measured; undefined: not applicable (a query plan).
   */
  noise?: number | null;
}

/** Largest of some noise figures (NaN and null ignored); null when none is known. */
export function noiseOf(...values: (number | null | undefined)[]): number | null {
  const known = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return known.length ? Math.max(...known) : null;
}

/** entries-first ≥ this × B1's throughput (same round, median of the ratios). */
export const FIRST_VS_B1 = 0.45;
/** entries-first's p99 ≤ this × B1's at the same rate. */
export const P99_VS_REFERENCE = 2;
/**
 * scores-write's p99 ≤ this × the write floor's (one INSERT and COMMIT per request, same driver
 * and settings) at the same rate (issue 31): a 201 costs the enqueue, the worker's batch and the
 * stored answer, three commits.
 */
export const WRITE_VS_FLOOR = 3;
/** Each read scenario: the largest board within this factor of the smallest. */
export const SCALE_FACTOR = 1.5;
/**
 * The worker's sustained rate (applied submissions/s) with the API serving the writes: at least
 * where issue 31 found it (SQLite 1 344–1 440, MariaDB 672), so latency is not bought with it.
 */
export const APPLIED_MIN: Record<BackendName, number> = { mariadb: 672, sqlite: 1344 };

/**
 * The issue's targets, for information: measured and compared, nothing adjusted to meet them.
 * `rows` are one backend's; `baselines` the B0/B1 rows.
 */
export function checkTargets(
  backend: BackendName,
  rows: Row[],
  baselines: Row[] = [],
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const writes = rows.find((r) => r.unit.scenario === 'scores-write');
  const b1 = baselines.find((r) => r.unit.kind === 'B1');
  rows = rows.filter((r) => r.unit.size !== null && r.unit.variant === undefined);
  const sizes = [...new Set(rows.map((r) => r.unit.size ?? 0))].sort((a, b) => a - b);
  const small = sizes[0];
  const large = sizes[sizes.length - 1];
  const at = (scenario: string, size: number | undefined) =>
    rows.find((r) => r.unit.scenario === scenario && r.unit.size === size);
  const first = at('entries-first', large);
  if (first) {
    checks.push({
      backend,
      target: `entries-first ${sizeLabel(large)}: throughput ≥ ${FIRST_VS_B1}× B1's (median of per-round ratios)`,
      measured: `${f(first.vsB1)}× B1 (${f(first.rps, 0)} vs ${f(b1?.rps ?? Number.NaN, 0)} req/s)`,
      met: first.vsB1 >= FIRST_VS_B1,
      noise: noiseOf(first.foreign, b1?.foreign),
    });
    const ref = first.reference;
    checks.push({
      backend,
      target: `entries-first ${sizeLabel(large)}: p99 at half its rate ≤ ${P99_VS_REFERENCE}× B1's p99 at that rate (same round)`,
      measured: ref
        ? `×${f(ref.p99Ratio)} (p99 ${f(first.p99)} vs ${f(ref.p99)} ms at ${f(ref.rate, 0)} req/s)`
        : 'not measured (no B1 run at its rate)',
      met: !!ref && ref.p99Ratio <= P99_VS_REFERENCE,
      noise: noiseOf(first.openForeign, ref?.foreign),
    });
  }
  if (small !== large) {
    for (const scenario of [...new Set(rows.map((r) => r.unit.scenario))]) {
      const a = at(scenario, small);
      const b = at(scenario, large);
      if (!a || !b) continue;
      const slower = a.rps / b.rps;
      const p50 = b.p50 / a.p50;
      checks.push({
        backend,
        target: `${scenario}: ${sizeLabel(large)} within ${SCALE_FACTOR}× of ${sizeLabel(small)} (throughput and p50)`,
        measured: `throughput ÷${f(slower)}, p50 ×${f(p50)}`,
        met: slower <= SCALE_FACTOR && p50 <= SCALE_FACTOR,
        noise: noiseOf(a.foreign, b.foreign, a.openForeign, b.openForeign),
      });
    }
  }
  if (writes) {
    const ref = writes.reference;
    checks.push({
      backend,
      target: `scores-write: a 201's p99 ≤ ${WRITE_VS_FLOOR}× the write floor's (one INSERT+COMMIT per request, same driver and settings) at the same rate (same round)`,
      measured:
        (ref
          ? `×${f(ref.p99Ratio)} (201 p50 ${f(writes.p50)} p99 ${f(writes.p99)} ms vs floor p50 ${f(ref.p50)} p99 ${f(ref.p99)} ms at ${f(ref.rate, 0)} req/s)`
          : `not measured (no floor run at its rate; p99 ${f(writes.p99)} ms)`) +
        (writes.errors ? `, ${writes.errors} answers not 201` : '') +
        (ref?.errors ? `, ${ref.errors} floor errors` : ''),
      met: !!ref && ref.p99Ratio <= WRITE_VS_FLOOR && !ref.errors,
      noise: noiseOf(writes.openForeign, ref?.foreign),
    });
    checks.push({
      backend,
      target: `scores-write: the worker applies ≥ ${APPLIED_MIN[backend]} writes/s with the API serving them`,
      measured: `${f(writes.applied ?? Number.NaN, 0)} applied/s (${f(writes.rps, 0)} 201s/s)`,
      met: (writes.applied ?? 0) >= APPLIED_MIN[backend],
      noise: noiseOf(writes.foreign),
    });
  }
  return checks;
}

/** Checks made elsewhere without a noise figure: the largest noise of the rows they came from. */
export function withNoise(checks: TargetCheck[], from: (c: TargetCheck) => Row[]): TargetCheck[] {
  return checks.map((c) =>
    c.noise !== undefined
      ? c
      : { ...c, noise: noiseOf(...from(c).flatMap((r) => [r.foreign, r.openForeign])) },
  );
}

/** When the boards are not the default 10k and 1M, what the scale targets compare (or that they are absent). */
export function sizesNote(sizes: number[]): string | undefined {
  const small = sizes[0];
  const large = sizes[sizes.length - 1];
  if (sizes.length < 2) {
    return `one board size (${sizeLabel(large)}): the "1M within 1.5× of 10k" targets are not checked; entries-first targets use the ${sizeLabel(large)} board`;
  }
  if (small === 10_000 && large === 1_000_000) return undefined;
  return `boards of ${sizes.map(sizeLabel).join(', ')}: the "1M within 1.5× of 10k" targets compare ${sizeLabel(large)} with ${sizeLabel(small)}`;
}

/**
 * Foreign CPU (cores) from which a figure is not comparable (issue 31 item 5): a target it meets
 * is printed `noisy`, not `met`, and not counted as met.
 */
export const NOISE_MAX = 0.2;

/** met, noisy (met under noise ≥ NOISE_MAX, so not counted) or MISSED. */
export const verdict = (c: TargetCheck): 'met' | 'noisy' | 'MISSED' =>
  !c.met ? 'MISSED' : typeof c.noise === 'number' && c.noise >= NOISE_MAX ? 'noisy' : 'met';

export function targetLines(checks: TargetCheck[], note?: string): string {
  const noise = (c: TargetCheck) =>
    c.noise === undefined ? 'n/a' : c.noise === null ? '-' : c.noise.toFixed(2);
  return [
    `\n== targets (information; noise = foreign CPU cores on the pinned cores during the runs the figure came from; ≥ ${NOISE_MAX}: not comparable, a target met under it is "noisy", not met) ==`,
    ...(note ? [note] : []),
    `${'result'.padEnd(6)}  ${'backend'.padEnd(7)}  ${'noise'.padStart(5)}  target: measured`,
    ...checks.map(
      (c) =>
        `${verdict(c).padEnd(6)}  ${c.backend.padEnd(7)}  ${noise(c).padStart(5)}  ${c.target}: ${c.measured}`,
    ),
  ].join('\n');
}

/**
 * bench/results/<timestamp>.json, formatted as Prettier formats JSON (the repository's
 * `prettier --check .` sees the folder; its .gitignore is not one Prettier reads).
 */
export async function writeResults(file: string, data: unknown): Promise<void> {
  const json = JSON.stringify(data, null, 2);
  let text = `${json}\n`;
  try {
    const prettier = await import('prettier');
    text = await prettier.format(json, { ...(await prettier.resolveConfig(file)), parser: 'json' });
  } catch {
    // Prettier is a dev dependency; without it the plain JSON is written.
  }
  writeFileSync(file, text);
}
