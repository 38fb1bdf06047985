// The WAL checkpointer's thread (src/store/checkpointer.ts): PASSIVE checkpoints on a connection
// of its own, so the copying into the database file and its fsyncs happen here, not inside a
// COMMIT on the event loop. Plain JavaScript on purpose, like src/render/worker.mjs: a worker
// thread does not inherit the way its parent loads TypeScript.
import { createRequire } from 'node:module';
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(workerData.from);
const Database = require('better-sqlite3');

const db = new Database(workerData.path, { fileMustExist: true });
// PASSIVE never waits for readers or writers; the busy timeout only covers opening.
db.pragma('busy_timeout = 1000');
db.pragma('synchronous = NORMAL');
// This connection writes nothing, so nothing of its own ever triggers a checkpoint.
db.pragma('wal_autocheckpoint = 0');

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    // SQLITE_BUSY (another checkpoint runs, in this or another process): the next tick tries again.
    if (!String(err?.code).startsWith('SQLITE_BUSY'))
      parentPort.postMessage({ error: String(err) });
  }
}, workerData.intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
