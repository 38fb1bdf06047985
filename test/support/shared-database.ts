import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { closeContext, openContext } from '../../src/main';
import { createTestDatabase, mysqlServerUrl, sqliteFileUrl, type TestDatabase } from './backends';
import { PUBLIC_URL, within, type Served } from './serve';

/**
 * A database that several processes open at once (the test and `tally serve` children): a
 * MariaDB database of its own when TEST_MYSQL_URL is set, otherwise a SQLite file in a temporary
 * directory of its own. `drop` removes it.
 */
export async function createSharedDatabase(prefix = 'tally-shared-'): Promise<TestDatabase> {
  if (mysqlServerUrl) return createTestDatabase();
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { url: sqliteFileUrl(dir), drop: () => rm(dir, { recursive: true, force: true }) };
}

export type Opened = Awaited<ReturnType<typeof openContext>>;

/** Runs `run` on a context opened on `databaseUrl` (migrated), closed again afterwards. */
export async function inDatabase<T>(
  databaseUrl: string,
  run: (opened: Opened) => Promise<T>,
): Promise<T> {
  const opened = await openContext(loadConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL }));
  try {
    return await run(opened);
  } finally {
    await closeContext(opened);
  }
}

/**
 * Clean-up of a `tally serve` child a test may have left running: `signal` (SIGTERM by default),
 * then SIGKILL if it has not exited within 10 s; resolves once it has exited.
 */
export async function endServed(served: Served, signal: NodeJS.Signals = 'SIGTERM') {
  const { child, exited } = served;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await within(10_000, `tally serve to exit (${signal})`, exited).catch(async (err: unknown) => {
    if (signal === 'SIGKILL') throw err;
    child.kill('SIGKILL');
    await within(10_000, 'tally serve to die', exited);
  });
}
