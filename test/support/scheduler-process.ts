/**
 * One scheduler process for the two-process tests: `node --import tsx scheduler-process.ts <url>
 * <days> [real]` opens the database, prints `ready` and waits for a line on stdin (the test sends
 * it once every process is ready, so their passes overlap however slowly each started), moves its
 * own clock through `days` days from T0 and ticks at each (every six hours with `real`), then
 * prints how many steps it took. Without `real` it runs the test's daily job; with it, Tally's own jobs
 * (expiry, decay, season ends). Real processes, because on SQLite two connections in one thread
 * would block each other inside better-sqlite3's busy wait.
 */
import { loadConfig } from '../../src/config';
import type { Context } from '../../src/pipeline/context';
import { JOBS } from '../../src/pipeline/jobs';
import { Scheduler } from '../../src/pipeline/scheduler';
import { LocalSignals } from '../../src/pipeline/signals';
import { openDatabase } from '../../src/store/data-source';
import { Database } from '../../src/store/database';
import { createRepositories } from '../../src/store/repositories';
import { at, dailyJob } from './scheduled-job';

const [url, days, mode] = process.argv.slice(2);
const config = loadConfig({ DATABASE_URL: url!, PUBLIC_URL: 'http://tally.test' });
const db = new Database(await openDatabase(config.database));
let now = at(0);
const ctx: Context = {
  config,
  repos: createRepositories(db),
  now: () => now,
  signals: new LocalSignals(),
};
const scheduler = new Scheduler(ctx, mode === 'real' ? JOBS : [dailyJob()]);
process.stdout.write('ready\n');
await new Promise((resolve) => {
  process.stdin.once('data', resolve);
  process.stdin.once('end', resolve);
});
process.stdin.destroy();
let taken = 0;
const perDay = mode === 'real' ? 4 : 1;
for (let tick = 0; tick < Number(days) * perDay; tick++) {
  now = at((tick + 0.5) / perDay);
  taken += await scheduler.tick();
}
await db.close();
process.stdout.write(`${taken}\n`);
