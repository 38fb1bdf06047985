/**
 * The benchmark's knobs, from the environment (README.md in this folder lists them), and one
 * argument: `--quick` (`npm run bench -- --quick`) changes the defaults to a short smoke run.
 * An environment variable that is set still wins over either set of defaults.
 */
export type BackendName = 'sqlite' | 'mariadb';

export interface BenchConfig {
  /** `--quick`: small boards, one short round, short soak; figures not comparable to a full run. */
  quick: boolean;
  rounds: number;
  /** Seconds of each measured run: one closed-loop (throughput) and one open-loop (latency). */
  seconds: number;
  warmupSeconds: number;
  backends: BackendName[];
  sizes: number[];
  /** Scenario names to run (default: all registered Tally scenarios). */
  scenarios: string[] | undefined;
  /** Closed-loop connections (autocannon). */
  connections: number;
  /** Closed-loop connections of the write scenario (enough to keep the worker's queue busy). */
  writeConnections: number;
  /** Key-verification timing: requests per kind of refused key (0 skips it). */
  authSamples: number;
  /** Open-loop connection pool. */
  openConnections: number;
  /** The open-loop rate as a fraction of the same round's closed-loop maximum. */
  openFraction: number;
  mysqlUrl: string;
  redisUrl: string;
  serverCpu: string;
  loadCpu: string;
  /** Profile this scenario on the largest board instead of running the rounds. */
  profile: string | undefined;
  /** Pictures (bench/render.ts): cards and charts drawn per measurement; 0 skips them. */
  renderSamples: number;
  /** The mixed soak (bench/memory.ts): seconds per backend, one at a time; 0 skips it. */
  soakSeconds: number;
  /** The soak's total load, as a share of the server core (split evenly over its scenarios). */
  soakFraction: number;
  /** The mixed-load unit (bench/mixed.ts): seconds of each run (each stream alone, then all). */
  mixedSeconds: number;
  /** The mixed-load unit: the shares of each stream's own rate it runs at. */
  mixedFractions: number[];
  timeoutMinutes: number;
}

/** Defaults of a full run and of `--quick`; the environment overrides both. */
const DEFAULTS = {
  full: {
    rounds: 3,
    seconds: 5,
    warmupSeconds: 1,
    sizes: ['10000', '1000000'],
    authSamples: 3000,
    renderSamples: 40,
    soakSeconds: 300,
    mixedFractions: ['0.1', '0.25', '0.5'],
  },
  quick: {
    rounds: 1,
    seconds: 2,
    warmupSeconds: 0.5,
    sizes: ['10000'],
    authSamples: 300,
    renderSamples: 5,
    soakSeconds: 20,
    mixedFractions: ['0.25'],
  },
};

export const QUICK_NOTE =
  'quick mode (--quick): small boards, one short round, a short soak; its figures are a smoke ' +
  'test and NOT comparable to a full run';

/** Command-line arguments: only `--quick` (npm passes what follows `--`). */
export function parseArgs(argv: string[]): { quick: boolean } {
  let quick = false;
  for (const arg of argv) {
    if (arg === '--quick') quick = true;
    else throw new Error(`bench: unknown argument ${arg} (known: --quick)`);
  }
  return { quick };
}

function int(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be an integer ≥ ${min}`);
  return value;
}

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

function list(name: string): string[] | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `argv`: the bench's own arguments (run.ts passes the command line; other scripts need not). */
export function loadBenchConfig(argv: string[] = []): BenchConfig {
  const { quick } = parseArgs(argv);
  const d = quick ? DEFAULTS.quick : DEFAULTS.full;
  const backends = (list('BENCH_BACKENDS') ?? ['sqlite', 'mariadb']).map((b) => {
    if (b !== 'sqlite' && b !== 'mariadb') throw new Error(`BENCH_BACKENDS: unknown backend ${b}`);
    return b as BackendName;
  });
  const sizes = (list('BENCH_SIZES') ?? d.sizes).map((s) => {
    const n = Number(s.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < 200)
      throw new Error(`BENCH_SIZES: ${s} is not an integer ≥ 200`);
    return n;
  });
  return {
    quick,
    rounds: int('BENCH_ROUNDS', d.rounds),
    seconds: num('BENCH_SECONDS', d.seconds),
    warmupSeconds: num('BENCH_WARMUP_SECONDS', d.warmupSeconds),
    backends,
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    scenarios: list('BENCH_SCENARIOS'),
    connections: int('BENCH_CONNECTIONS', 10),
    writeConnections: int('BENCH_WRITE_CONNECTIONS', 32),
    authSamples: int('BENCH_AUTH_SAMPLES', d.authSamples, 0),
    openConnections: int('BENCH_OPEN_CONNECTIONS', 16),
    openFraction: num('BENCH_OPEN_FRACTION', 0.5),
    mysqlUrl: process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306',
    // Database 15: the bench's buckets never share keys with the tests' or a deployment's (db 0).
    redisUrl: process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/15',
    serverCpu: process.env.BENCH_SERVER_CPU || '0',
    loadCpu: process.env.BENCH_LOAD_CPU || '1',
    profile: process.env.BENCH_PROFILE || undefined,
    renderSamples: int('BENCH_RENDER_SAMPLES', d.renderSamples, 0),
    soakSeconds: int('BENCH_SOAK_SECONDS', d.soakSeconds, 0),
    soakFraction: num('BENCH_SOAK_FRACTION', 0.4),
    mixedSeconds: num('BENCH_MIXED_SECONDS', num('BENCH_SECONDS', d.seconds)),
    mixedFractions: (list('BENCH_MIXED_FRACTIONS') ?? d.mixedFractions).map((s) => {
      const x = Number(s);
      if (!(x > 0 && x <= 1)) throw new Error(`BENCH_MIXED_FRACTIONS: ${s} is not in (0, 1]`);
      return x;
    }),
    // A full run: ~12 min of rounds, 2 × 5 min of soak, seeding from empty; room to spare.
    timeoutMinutes: num('BENCH_TIMEOUT_MINUTES', 60),
  };
}
