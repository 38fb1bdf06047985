import { afterAll, afterEach, beforeAll } from 'vitest';
import { spawnServe, within, type Served } from '../../support/serve';
import { PrivateMariaDb, PrivateRedis } from './private-services';

/**
 * A test file's own mariadbd and redis-server (never the shared ones other files use), started
 * before its tests and destroyed after them, and the `tally serve` processes it starts on them:
 * killed after each test (`servers: 'per-test'`) or after the file (`'per-file'`) however the
 * test ended. Call it at the top of a describe block; hooks run in the order they are declared,
 * so a file's own beforeAll may use the stack.
 */
export interface PrivateStack {
  readonly mariadb: PrivateMariaDb;
  readonly redis: PrivateRedis;
  /** `tally serve` on `databaseUrl` with this stack's Redis; tracked for the clean-up. */
  serve(databaseUrl: string, env?: Record<string, string>): Promise<Served>;
}

export function usePrivateStack(
  options: { servers: 'per-test' | 'per-file'; afterEachTest?: (stack: PrivateStack) => void } = {
    servers: 'per-test',
  },
): PrivateStack {
  let mariadb: PrivateMariaDb | undefined;
  let redis: PrivateRedis | undefined;
  const servers = new Set<Served>();
  const stack: PrivateStack = {
    get mariadb() {
      if (!mariadb)
        throw new Error('the private MariaDB is not started yet (use it in a hook or test)');
      return mariadb;
    },
    get redis() {
      if (!redis)
        throw new Error('the private Redis is not started yet (use it in a hook or test)');
      return redis;
    },
    async serve(databaseUrl, env = {}) {
      const served = await spawnServe(databaseUrl, { REDIS_URL: stack.redis.url, ...env });
      servers.add(served);
      return served;
    },
  };
  const stopServers = async () => {
    for (const { child, exited } of servers) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await within(10_000, 'tally serve to die', exited);
    }
    servers.clear();
  };

  beforeAll(async () => {
    [mariadb, redis] = await Promise.all([PrivateMariaDb.start(), PrivateRedis.start()]);
  }, 90_000);
  afterEach(async () => {
    options.afterEachTest?.(stack);
    if (options.servers === 'per-test') await stopServers();
  });
  afterAll(async () => {
    await stopServers();
    await Promise.all([mariadb?.destroy(), redis?.destroy()]);
  });
  return stack;
}
