import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource } from 'typeorm';
import { entities } from '../../entities';
import { migrations } from '../../migrations';
import type { DatabaseConfig } from '../config';

export type Dialect = 'sqlite' | 'mysql';

export function createDataSource(database: DatabaseConfig): DataSource {
  if (database.kind === 'sqlite') {
    if (database.path !== ':memory:') mkdirSync(dirname(database.path), { recursive: true });
    return new DataSource({
      type: 'better-sqlite3',
      database: database.path,
      entities,
      migrations,
      // WAL lets the CLI and the server share the file; busy_timeout makes them wait, not fail.
      prepareDatabase: (db: { pragma(sql: string): unknown }) => {
        db.pragma('journal_mode = WAL');
        db.pragma('busy_timeout = 5000');
        db.pragma('synchronous = NORMAL');
      },
    });
  }
  return new DataSource({
    type: 'mysql',
    url: database.url,
    entities,
    migrations,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    supportBigNumbers: true,
    bigNumberStrings: true,
    poolSize: 10,
    extra: { connectionLimit: 10 },
  });
}

export function dialectOf(dataSource: DataSource): Dialect {
  return dataSource.options.type === 'mysql' ? 'mysql' : 'sqlite';
}

/** Initialise and bring the schema up to date (`tally migrate`, and `tally serve` before it starts). */
export async function openDatabase(database: DatabaseConfig): Promise<DataSource> {
  return (await openAndMigrate(database)).dataSource;
}

/** Also says which migrations this call applied (`tally migrate`). */
export async function openAndMigrate(
  database: DatabaseConfig,
): Promise<{ dataSource: DataSource; applied: string[] }> {
  const dataSource = createDataSource(database);
  await dataSource.initialize();
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return { dataSource, applied: applied.map((m) => m.name) };
}
