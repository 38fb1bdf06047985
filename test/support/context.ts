import { loadConfig } from '../../src/config';
import type { Context } from '../../src/pipeline/context';
import { openDatabase } from '../../src/store/data-source';
import { Database } from '../../src/store/database';
import { createRepositories } from '../../src/store/repositories';
import { LocalSignals } from '../../src/pipeline/signals';
import { createTestDatabase } from './backends';

/** A use-case context on this run's database, with a clock the test controls. */
export async function createTestContext(env: Record<string, string> = {}) {
  const testDb = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: testDb.url, PUBLIC_URL: 'http://tally.test', ...env });
  const dataSource = await openDatabase(config.database);
  const db = new Database(dataSource);
  let now = new Date('2026-11-01T12:00:00.000Z');
  const ctx: Context = {
    config,
    repos: createRepositories(db),
    now: () => now,
    signals: new LocalSignals(),
  };
  return {
    ctx,
    dataSource,
    setNow(date: Date) {
      now = date;
    },
    async close() {
      await db.close();
      await testDb.drop();
    },
  };
}
