import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { describe } from 'vitest';

/**
 * The suite runs on the embedded defaults (SQLite, in-memory limits) and, with TEST_MYSQL_URL and
 * TEST_REDIS_URL set (scripts/test-services.sh), on MariaDB + Redis. Every test file gets its own
 * database and Redis key prefix, so runs never collide.
 */
export const mysqlServerUrl = process.env.TEST_MYSQL_URL || undefined;
export const redisServerUrl = process.env.TEST_REDIS_URL || undefined;
export const backendName = `${mysqlServerUrl ? 'mariadb' : 'sqlite'}+${redisServerUrl ? 'redis' : 'memory'}`;

/** Registered only where the backend it needs runs (no skipped tests in other runs). */
export const describeWhen = (present: boolean) =>
  present
    ? describe
    : (((_name: string, _fn: () => void) => undefined) as unknown as typeof describe);

export const uniqueName = (prefix: string) =>
  `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

export interface TestDatabase {
  /** A DATABASE_URL for Tally's config. */
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!mysqlServerUrl) return { url: 'sqlite::memory:', drop: async () => undefined };
  const name = uniqueName('tally_t');
  const admin = await createConnection(mysqlServerUrl);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(mysqlServerUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const conn = await createConnection(mysqlServerUrl);
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    },
  };
}

/** A file-backed SQLite database under the OS temp dir, for tests that need two processes. */
export function sqliteFileUrl(dir: string): string {
  return `sqlite:${dir}/tally.sqlite`;
}
