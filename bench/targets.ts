import type { Background } from './pictures-load';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { ROOT, DATA_DIR, backendFor, type Backend } from './backends';
import type { BackendName, BenchConfig } from './config';
import { rssMb } from './memory';
import { freePort, spawnPinned, waitForHttp, type Pinned } from './processes';
import { tallyScenarios } from './scenarios/index';
import { baseline, baselineParams } from './scenarios/baseline';
import { scoresWrite, writePlayers, type ScoresWriteParams } from './scenarios/writes';
import {
  mintKey,
  playerId,
  prepareBackend,
  prepareWriteSetup,
  writeState,
  type BenchState,
} from './seed';

/**
 * What one measurement points at: a server process (pinned to the server core), the request
 * scenario with its prepared parameters, and the headers every request carries.
 */
export interface Unit {
  label: string;
  /** `floor`: the write floor, run only as the write unit's reference (bench/floor.ts). */
  kind: 'B0' | 'B1' | 'tally' | 'floor';
  backend: BackendName | null;
  size: number | null;
  scenario: string;
  /** A second measurement of a scenario under other conditions (e.g. `+ 1 chart/s`). */
  variant?: string;
  /** Work started around the measurement (bench/pictures-load.ts). */
  background?: Background;
  url: string;
  headers: Record<string, string>;
  params: unknown;
  /** Processes whose CPU use is recorded during the measurement. */
  pids: Record<string, number | undefined>;
  /** Closed-loop connections, when not BENCH_CONNECTIONS (the write scenario keeps the queue full). */
  connections?: number;
  /** Write units: how many submissions the worker has applied so far (counted around a run). */
  appliedCount?: () => Promise<number>;
  /** What this unit's p99 is compared with at the same rate, when not found by scenario (bench/measure.ts referenceRun). */
  reference?: Unit;
}

export interface RunningBackend {
  backend: Backend;
  state: BenchState;
  dataSource: DataSource;
  server: Pinned;
  url: string;
  write: NonNullable<BenchState['write']>;
  revoked: NonNullable<BenchState['revoked']>;
  /** performance.now() when the server process was spawned (profiles count from there). */
  spawnedAt: number;
  /** RSS (MB) of `tally serve` right after it started on the seeded boards (bench/memory.ts). */
  rssAfterStartMb: number | null;
}

/**
 * `tally serve` on one backend, with the limiter raised out of the way (it still runs). Without
 * `bot`, the offline chat adapter; with it, the bot on those settings (one shard).
 */
export async function startTally(
  backend: Backend,
  config: BenchConfig,
  nodeArgs: string[] = [],
  bot?: { DISCORD_TOKEN: string; DISCORD_APPLICATION_ID: string; DISCORD_API_URL: string },
): Promise<{ server: Pinned; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: backend.databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    RATE_LIMIT_READ_PER_MIN: '10000000',
    RATE_LIMIT_WRITE_PER_MIN: '10000000',
    // The picture load (bench/pictures-load.ts) comes from many addresses through one proxy hop.
    TRUST_PROXY: '1',
    // One access-log line per request at info level would measure stderr, not Tally.
    LOG_LEVEL: 'warn',
    ...backend.serverEnv,
    ...bot,
  };
  // No bot traffic during the benchmark unless asked for (bench/chat-load.ts).
  if (!bot) delete env.DISCORD_TOKEN;
  delete env.DISCORD_SHARDS;
  delete env.DISCORD_SHARD_COUNT;
  const server = spawnPinned(
    config.serverCpu,
    process.execPath,
    [...nodeArgs, join(ROOT, 'bin/tally.mjs'), 'serve'],
    { cwd: ROOT, env },
  );
  await waitForHttp(server, `${url}/openapi.yaml`);
  return { server, url };
}

export async function startBackend(
  name: BackendName,
  config: BenchConfig,
  log: (m: string) => void,
  nodeArgs: string[] = [],
): Promise<RunningBackend> {
  const backend = backendFor(name, config);
  const { state, dataSource, ctx } = await prepareBackend(backend, config.sizes, log);
  const { write, revoked } = await prepareWriteSetup(backend, state, ctx, dataSource);
  const spawnedAt = performance.now();
  const { server, url } = await startTally(backend, config, nodeArgs);
  const firstBoard = Object.values(state.boards)[0];
  if (firstBoard) {
    const res = await fetch(`${url}/v1/boards/${firstBoard.id}`, {
      headers: { Authorization: `Bearer ${state.key.secret}` },
    });
    await res.arrayBuffer();
    if (res.status === 401) {
      log(`${name}: the cached key is refused; minting a new one`);
      state.key = await mintKey(ctx);
      writeState(backend, state);
    }
  }
  const rssAfterStartMb = rssMb(server.child.pid);
  return { backend, state, dataSource, server, url, write, revoked, spawnedAt, rssAfterStartMb };
}

const auth = (state: BenchState) => ({ Authorization: `Bearer ${state.key.secret}` });

/** One unit per (scenario, size) on a running backend, with the scenario's parameters prepared. */
export async function backendUnits(
  running: RunningBackend,
  config: BenchConfig,
  dbPids: Record<string, number | undefined>,
): Promise<Unit[]> {
  const units: Unit[] = [];
  const scenarios = tallyScenarios.filter(
    (s) => !config.scenarios || config.scenarios.includes(s.name),
  );
  for (const scenario of scenarios) {
    for (const size of config.sizes) {
      const board = running.state.boards[size]!;
      const params = await scenario.prepare({
        board,
        sql: (q, p) => running.dataSource.query(q, p),
        playerId,
      });
      units.push({
        label: `${running.backend.name} ${scenario.name} ${size}`,
        kind: 'tally',
        backend: running.backend.name,
        size,
        scenario: scenario.name,
        url: running.url,
        headers: auth(running.state),
        params,
        pids: { server: running.server.child.pid, ...dbPids },
      });
    }
  }
  return units;
}

/**
 * The write unit of a running backend (issue 4): POSTs to its auto-applying Highscore board from
 * the read-write keys, with the worker's applied submissions counted around each run.
 */
export function writeUnits(
  running: RunningBackend,
  config: BenchConfig,
  dbPids: Record<string, number | undefined>,
): Unit[] {
  if (config.scenarios && !config.scenarios.includes(scoresWrite.name)) return [];
  const { board, keys } = running.write;
  const params: ScoresWriteParams = {
    path: `/v1/boards/${encodeURIComponent(board.id)}/scores`,
    authorizations: keys.map((k) => `Bearer ${k.secret}`),
    nonce: randomBytes(6).toString('hex'),
    players: writePlayers,
  };
  return [
    {
      label: `${running.backend.name} ${scoresWrite.name}`,
      kind: 'tally',
      backend: running.backend.name,
      size: null,
      scenario: scoresWrite.name,
      url: running.url,
      headers: {},
      params,
      pids: { server: running.server.child.pid, ...dbPids },
      connections: config.writeConnections,
      async appliedCount() {
        const rows = (await running.dataSource.query(
          "SELECT COUNT(*) AS n FROM submissions WHERE board_pk = ? AND status = 'approved'",
          [board.pk],
        )) as { n: number | string }[];
        return Number(rows[0]?.n ?? 0);
      },
    },
  ];
}

/** The first page of the largest board, as served: B0 and B1 answer with exactly these bytes. */
export async function captureBody(running: RunningBackend, size: number): Promise<string> {
  const board = running.state.boards[size]!;
  const res = await fetch(`${running.url}/v1/boards/${board.id}/entries?limit=50`, {
    headers: auth(running.state),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`entries page answered ${res.status}: ${body}`);
  const parsed = JSON.parse(body) as { data: unknown[] };
  if (parsed.data.length !== 50) throw new Error(`entries page has ${parsed.data.length} rows`);
  const file = join(DATA_DIR, 'baseline-body.json');
  writeFileSync(file, body);
  return file;
}

export async function startBaselines(
  config: BenchConfig,
  bodyFile: string,
  headers: Record<string, string>,
): Promise<{ units: Unit[]; servers: Pinned[] }> {
  const units: Unit[] = [];
  const servers: Pinned[] = [];
  for (const [kind, file] of [
    ['B0', 'bare-http.ts'],
    ['B1', 'express-empty.ts'],
  ] as const) {
    const port = await freePort();
    const server = spawnPinned(
      config.serverCpu,
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'bench/baselines', file)],
      { cwd: ROOT, env: { ...process.env, PORT: String(port), BENCH_BODY_FILE: bodyFile } },
    );
    const url = `http://127.0.0.1:${port}`;
    await waitForHttp(server, `${url}/`);
    servers.push(server);
    units.push({
      label: kind === 'B0' ? 'B0 node:http' : 'B1 express',
      kind,
      backend: null,
      size: null,
      scenario: baseline.name,
      url,
      headers,
      params: baselineParams,
      pids: { server: server.child.pid },
    });
  }
  return { units, servers };
}

/** MariaDB and Redis share the machine's cores; their CPU use is recorded alongside. */
export function servicePids(): Record<string, number | undefined> {
  const pid = (name: string) => {
    try {
      return (
        Number(execFileSync('pgrep', ['-o', '-x', name], { encoding: 'utf8' }).trim()) || undefined
      );
    } catch {
      return undefined;
    }
  };
  return { db: pid('mariadbd') ?? pid('mysqld'), redis: pid('redis-server') };
}
