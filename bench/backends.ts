import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnection } from 'mysql2/promise';
import type { BackendName, BenchConfig } from './config';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DATA_DIR = join(ROOT, 'data', 'bench');

/** Where one backend's seeded database lives, and how to throw it away. */
export interface Backend {
  name: BackendName;
  databaseUrl: string;
  /** Extra environment for `tally serve` on this backend. */
  serverEnv: Record<string, string>;
  exists(): Promise<boolean>;
  reset(): Promise<void>;
}

const MYSQL_DATABASE = 'tally_bench';

function sqlite(): Backend {
  const file = join(DATA_DIR, 'tally-bench.sqlite');
  return {
    name: 'sqlite',
    databaseUrl: `sqlite:${file}`,
    // The embedded deployment: SQLite and in-memory rate-limit buckets.
    serverEnv: {},
    exists: async () => existsSync(file),
    async reset() {
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
      mkdirSync(dirname(file), { recursive: true });
    },
  };
}

function mariadb(config: BenchConfig): Backend {
  const server = config.mysqlUrl.replace(/\/+$/, '');
  const admin = async <T>(fn: (c: Awaited<ReturnType<typeof createConnection>>) => Promise<T>) => {
    const conn = await createConnection(server);
    try {
      return await fn(conn);
    } finally {
      await conn.end();
    }
  };
  return {
    name: 'mariadb',
    databaseUrl: `${server}/${MYSQL_DATABASE}`,
    // The scaled-out deployment: MariaDB and Redis rate-limit buckets.
    serverEnv: { REDIS_URL: config.redisUrl },
    exists: () =>
      admin(async (c) => {
        const [rows] = await c.query(
          'SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
          [MYSQL_DATABASE],
        );
        return (rows as unknown[]).length > 0;
      }),
    reset: () =>
      admin(async (c) => {
        await c.query(`DROP DATABASE IF EXISTS \`${MYSQL_DATABASE}\``);
        await c.query(
          `CREATE DATABASE \`${MYSQL_DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        );
      }),
  };
}

export function backendFor(name: BackendName, config: BenchConfig): Backend {
  return name === 'sqlite' ? sqlite() : mariadb(config);
}
