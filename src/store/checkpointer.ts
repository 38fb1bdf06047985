import { Worker } from 'node:worker_threads';
import type { DataSource } from 'typeorm';
import { log } from '../log';

/** How often the thread copies what the WAL holds into the database file. */
const INTERVAL_MS = 50;
/** How long a stop waits for a checkpoint in hand before it ends the thread. */
const STOP_MS = 2_000;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * SQLite in WAL mode copies the log back into the database file (a checkpoint) inside whichever
 * COMMIT finds it past 1000 pages, and that checkpoint fsyncs the log and the file: on the
 * server's single thread, every request waits behind it (25 ms and more under a write load, the
 * tail of every write's latency). A thread of its own checkpoints every INTERVAL_MS instead, so
 * the COMMIT rarely finds much left to copy or sync. The connection's own automatic checkpoint
 * stays as it was: if the thread falls behind or stops, the log stays bounded exactly as before.
 * Nothing about durability changes (the same synchronous=NORMAL rules, the same syncs, in another
 * thread). Null for a database without a file (':memory:') or another driver.
 */
export function startCheckpointer(dataSource: DataSource): Checkpointer | null {
  const path = (dataSource.options as { database?: unknown }).database;
  if (dataSource.options.type !== 'better-sqlite3' || typeof path !== 'string') return null;
  if (path === ':memory:' || path === '') return null;
  const thread = new Worker(new URL('./checkpoint-thread.mjs', import.meta.url), {
    workerData: { path, from: import.meta.url, intervalMs: INTERVAL_MS },
  });
  thread.unref(); // never what keeps a process alive
  thread.on('message', (message: { error?: string }) => {
    if (message.error) log.warn('background checkpoint failed', { error: message.error });
  });
  thread.on('error', (err) => {
    log.warn('the checkpoint thread stopped; commits checkpoint as before', { err });
  });
  const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  return {
    async stop() {
      // Waited for while it stops: unref'd, the process could end first (nothing else left to
      // keep it), and a graceful stop with it, half done (test/cli/supervisor.test.ts).
      thread.ref();
      thread.postMessage('stop');
      const stuck = setTimeout(() => void thread.terminate(), STOP_MS);
      await exited;
      clearTimeout(stuck);
    },
  };
}
