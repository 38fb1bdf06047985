/** The benchmark's knobs, all from the environment (README.md in this folder lists them). */
export type BackendName = 'sqlite' | 'mariadb';

export interface BenchConfig {
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
  timeoutMinutes: number;
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

export function loadBenchConfig(): BenchConfig {
  const backends = (list('BENCH_BACKENDS') ?? ['sqlite', 'mariadb']).map((b) => {
    if (b !== 'sqlite' && b !== 'mariadb') throw new Error(`BENCH_BACKENDS: unknown backend ${b}`);
    return b as BackendName;
  });
  const sizes = (list('BENCH_SIZES') ?? ['10000', '1000000']).map((s) => {
    const n = Number(s.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < 200)
      throw new Error(`BENCH_SIZES: ${s} is not an integer ≥ 200`);
    return n;
  });
  return {
    rounds: int('BENCH_ROUNDS', 3),
    seconds: num('BENCH_SECONDS', 5),
    warmupSeconds: num('BENCH_WARMUP_SECONDS', 1),
    backends,
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    scenarios: list('BENCH_SCENARIOS'),
    connections: int('BENCH_CONNECTIONS', 10),
    writeConnections: int('BENCH_WRITE_CONNECTIONS', 32),
    authSamples: int('BENCH_AUTH_SAMPLES', 3000, 0),
    openConnections: int('BENCH_OPEN_CONNECTIONS', 16),
    openFraction: num('BENCH_OPEN_FRACTION', 0.5),
    mysqlUrl: process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306',
    // Database 15: the bench's buckets never share keys with the tests' or a deployment's (db 0).
    redisUrl: process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/15',
    serverCpu: process.env.BENCH_SERVER_CPU || '0',
    loadCpu: process.env.BENCH_LOAD_CPU || '1',
    profile: process.env.BENCH_PROFILE || undefined,
    timeoutMinutes: num('BENCH_TIMEOUT_MINUTES', 30),
  };
}
