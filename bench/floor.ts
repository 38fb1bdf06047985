import { join } from 'node:path';
import { DATA_DIR, ROOT } from './backends';
import type { BenchConfig } from './config';
import { freePort, spawnPinned, waitForHttp } from './processes';
import type { RunningBackend, Unit } from './targets';

/**
 * The write floor of a backend (issue 31, bench/baselines/durable-insert.ts): one durable INSERT
 * and COMMIT per POST, through Tally's driver and settings, on the same MariaDB server (SQLite: a
 * file of its own next to the bench's). Pinned to the server core like Tally. It is no unit of
 * the rounds: `write` is run open-loop against it right after its own sample, at its rate, with
 * its connections and its very requests (bench/measure.ts referenceRun).
 */
export async function startFloor(
  running: RunningBackend,
  write: Unit,
  config: BenchConfig,
  dbPids: Record<string, number | undefined>,
): Promise<Unit> {
  const databaseUrl =
    running.backend.name === 'sqlite'
      ? `sqlite:${join(DATA_DIR, 'write-floor.sqlite')}`
      : running.backend.databaseUrl;
  const port = await freePort();
  const server = spawnPinned(
    config.serverCpu,
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench/baselines/durable-insert.ts')],
    { cwd: ROOT, env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl } },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(server, `${url}/`);
  return {
    label: `${running.backend.name} floor INSERT+COMMIT`,
    kind: 'floor',
    backend: running.backend.name,
    size: null,
    scenario: write.scenario,
    url,
    headers: write.headers,
    params: write.params,
    pids: { server: server.child.pid, ...dbPids },
  };
}
