/**
 * One scheduler process for the two-process test: `node --import tsx scheduler-process.ts <url>
 * <days> <start ms>` opens the database, waits for the shared start moment, moves its own clock
 * through `days` days from T0 and ticks the daily job at each, then prints how many steps it
 * took. Real processes, because on SQLite two connections in one thread would block each other
 * inside better-sqlite3's busy wait.
 */
import { loadConfig } from '../../src/config';
import type { Context } from '../../src/pipeline/context';
import { Scheduler } from '../../src/pipeline/scheduler';
import { LocalSignals } from '../../src/pipeline/signals';
import { openDatabase } from '../../src/store/data-source';
import { Database } from '../../src/store/database';
import { createRepositories } from '../../src/store/repositories';
import { at, dailyJob } from './scheduled-job';

const [url, days, startAt] = process.argv.slice(2);
const config = loadConfig({ DATABASE_URL: url!, PUBLIC_URL: 'http://tally.test' });
const db = new Database(await openDatabase(config.database));
let now = at(0);
const ctx: Context = {
  config,
  repos: createRepositories(db),
  now: () => now,
  signals: new LocalSignals(),
};
const scheduler = new Scheduler(ctx, [dailyJob()]);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
let taken = 0;
for (let day = 0; day < Number(days); day++) {
  now = at(day + 0.5);
  taken += await scheduler.tick();
}
await db.close();
process.stdout.write(`${taken}\n`);
