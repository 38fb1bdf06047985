import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OwnerEntity } from '../../entities/owner';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/store/data-source';
import { Database } from '../../src/store/database';
import { sqliteFileUrl } from '../support/backends';
import { nextSnowflake } from '../support/tally';

/**
 * A server's SQLite file is checkpointed by a thread of its own (src/store/checkpointer.ts):
 * what the WAL holds reaches the database file without any COMMIT of the event loop doing it.
 */
describe('background WAL checkpoints (sqlite file)', () => {
  let dir: string | undefined;
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('GIVEN commits that never checkpoint themselves THEN the thread copies the log into the file, and closing stops it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tally-ckpt-'));
    const config = loadConfig({ DATABASE_URL: sqliteFileUrl(dir), PUBLIC_URL: 'http://t' });
    db = new Database(await openDatabase(config.database));
    const handle = (db.dataSource.driver as unknown as { databaseConnection: SqliteHandle })
      .databaseConnection;
    // Only the thread may checkpoint now: the commits below leave everything in the log.
    handle.pragma('wal_autocheckpoint = 0');
    const file = join(dir, 'tally.sqlite');
    const before = statSync(file).size;
    await db.transaction(async (tx) => {
      for (let i = 0; i < 40; i++) {
        const owners = Array.from({ length: 50 }, () => ({
          id: `guild:${nextSnowflake()}`,
          name: 'x'.repeat(90),
          apiAccess: 'open' as const,
          createdAt: new Date(),
        }));
        await tx.insert(OwnerEntity, owners);
      }
    });
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    expect(statSync(file).size).toBe(before);

    db.checkpointInBackground();
    await expect.poll(() => statSync(file).size, { timeout: 15_000 }).toBeGreaterThan(before);

    await db.close(); // stops the thread; the last connection's close folds the log away
    db = undefined;
  });
});

interface SqliteHandle {
  pragma(sql: string): unknown;
}
