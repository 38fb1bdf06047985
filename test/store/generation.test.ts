import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardEntity } from '../../entities/board';
import { OwnerEntity } from '../../entities/owner';
import { loadConfig } from '../../src/config';
import { closeContext, openContext } from '../../src/main';
import { addOwner } from '../../src/pipeline/owners';
import { generationOf, type Generation } from '../../src/store/generation';
import { kindOf } from '../../src/store/mysql-writes';
import {
  createTestDatabase,
  describeWhen,
  mysqlServerUrl,
  redisServerUrl,
  sqliteFileUrl,
  type TestDatabase,
} from '../support/backends';
import { PUBLIC_URL, runTally } from '../support/serve';
import { pollUntil } from '../support/wait';
import { nextSnowflake } from '../support/tally';

type Opened = Awaited<ReturnType<typeof openContext>>;

/**
 * src/store/generation.ts: the reading the read caches (keys, first pages) are judged by must
 * move on every commit a process could know about, whichever path wrote it, and stay put
 * otherwise (or nothing would ever be served from a cache).
 */

/** Each way the code base writes: entity manager, query builder, raw SQL, transactions. */
const WRITE_PATHS: [string, (o: Opened) => Promise<unknown>][] = [
  ['a use case (entity manager insert)', (o) => addOwner(o.ctx, `guild:${nextSnowflake()}`)],
  [
    'an entity manager update',
    (o) => o.db.run((m) => m.update(OwnerEntity, { apiAccess: 'open' }, { name: 'renamed' })),
  ],
  [
    'a query builder update',
    (o) =>
      o.db.run((m) =>
        m.createQueryBuilder().update(OwnerEntity).set({ name: 'built' }).where('1 = 1').execute(),
      ),
  ],
  [
    'a raw INSERT',
    (o) =>
      o.db.run((m) =>
        m.query(
          "INSERT INTO owners (id, name, api_access, created_at) VALUES (?, 'raw', 'open', ?)",
          [`user:${nextSnowflake()}`, '2026-01-01 00:00:00.000'],
        ),
      ),
  ],
  ['a raw DELETE', (o) => o.db.run((m) => m.query("DELETE FROM owners WHERE name = 'raw'"))],
  [
    'a transaction',
    (o) =>
      o.db.transaction(async (tx) => {
        await tx.update(OwnerEntity, { apiAccess: 'open' }, { name: 'in a transaction' });
        await tx.insert(OwnerEntity, {
          id: `user:${nextSnowflake()}`,
          name: 'tx',
          apiAccess: 'open',
          createdAt: new Date(),
        });
      }),
  ],
];

/**
 * A row each write path changes, whatever ran before (an update or a delete of no row moves
 * nothing): named as the raw DELETE takes it, since an update may have renamed every other row.
 */
const seed = (o: Opened) =>
  o.db.run((m) =>
    m.insert(OwnerEntity, {
      id: `user:${nextSnowflake()}`,
      name: 'raw',
      apiAccess: 'open',
      createdAt: new Date(),
    }),
  );

async function expectStable(generation: Generation): Promise<number> {
  const first = generation.current();
  expect(first).not.toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(generation.current()).toBe(first);
  return first!;
}

describe('GIVEN SQLite in WAL mode, shared with other connections and processes', () => {
  let dir: string;
  let url: string;
  let opened: Opened;
  let generation: Generation;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tally-generation-'));
    url = sqliteFileUrl(dir);
    opened = await openContext(loadConfig({ DATABASE_URL: url, PUBLIC_URL }));
    generation = generationOf(opened.db);
  });
  afterAll(async () => {
    await closeContext(opened);
    await rm(dir, { recursive: true, force: true });
  });

  it('THEN without writes the reading stays the same', async () => {
    await expectStable(generation);
    await opened.ctx.repos.owners.any(); // reads move nothing
    await expectStable(generation);
  });

  it.each(WRITE_PATHS)('THEN a commit of this process through %s moves it', async (_, write) => {
    await seed(opened);
    const before = await expectStable(generation);
    await write(opened);
    expect(generation.current()).not.toBe(before);
    await expectStable(generation);
  });

  it('THEN a commit of another connection in this process moves it', async () => {
    const before = await expectStable(generation);
    const other = await openContext(loadConfig({ DATABASE_URL: url, PUBLIC_URL }));
    try {
      await addOwner(other.ctx, `guild:${nextSnowflake()}`);
    } finally {
      await closeContext(other);
    }
    expect(generation.current()).not.toBe(before);
  });

  it('THEN a commit of another process (the operator CLI) moves it', async () => {
    const before = await expectStable(generation);
    const run = await runTally(url, ['owner', 'add', `guild:${nextSnowflake()}`, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(generation.current()).not.toBe(before);
  });

  it('THEN another connection’s open transaction moves nothing until it commits', async () => {
    const other = await openContext(loadConfig({ DATABASE_URL: url, PUBLIC_URL }));
    try {
      const before = await expectStable(generation);
      await other.db.transaction(async (tx) => {
        await tx.update(OwnerEntity, { apiAccess: 'open' }, { name: 'pending' });
        expect(generation.current()).toBe(before);
      });
      expect(generation.current()).not.toBe(before);
    } finally {
      await closeContext(other);
    }
  });

  it('THEN a closed connection reads null: nothing cached may be served', async () => {
    const other = await openContext(loadConfig({ DATABASE_URL: url, PUBLIC_URL }));
    const otherGeneration = generationOf(other.db);
    expect(otherGeneration.current()).not.toBeNull();
    await closeContext(other);
    expect(otherGeneration.current()).toBeNull();
  });
});

describe('GIVEN SQLite in memory', () => {
  let opened: Opened;
  beforeAll(async () => {
    opened = await openContext(loadConfig({ DATABASE_URL: 'sqlite::memory:', PUBLIC_URL }));
  });
  afterAll(() => closeContext(opened));

  it.each(WRITE_PATHS)('THEN a commit through %s moves it', async (_, write) => {
    const generation = generationOf(opened.db);
    await seed(opened);
    const before = await expectStable(generation);
    await write(opened);
    expect(generation.current()).not.toBe(before);
  });
});

describeWhen(Boolean(mysqlServerUrl))('GIVEN MariaDB', () => {
  let database: TestDatabase;
  // The CLI's default prefix: each test database has a channel of its own anyway.
  const prefix = 'tally:';
  const open = (withRedis: boolean) =>
    openContext(
      loadConfig({
        DATABASE_URL: database.url,
        PUBLIC_URL,
        ...(withRedis && redisServerUrl ? { REDIS_URL: redisServerUrl } : {}),
      }),
      prefix,
    );
  const live = async (generation: Generation) => {
    const gen = await pollUntil(
      () => generation.current(),
      (value) => value !== null,
      { timeoutMs: 5_000, intervalMs: 10 },
    );
    expect(gen, 'the change feed never went live').not.toBeNull();
    return gen!;
  };
  /** The reading once it differs from `before`, polling for at most `ms`. */
  const movedFrom = (generation: Generation, before: number | null, ms: number) =>
    pollUntil(
      () => generation.current(),
      (value) => value !== before,
      { timeoutMs: ms, intervalMs: 2 },
    );

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('WITHOUT Redis THEN the reading is null: other processes’ commits cannot be seen', async () => {
    const opened = await open(false);
    try {
      expect(generationOf(opened.db).current()).toBeNull();
      await addOwner(opened.ctx, `guild:${nextSnowflake()}`);
      expect(generationOf(opened.db).current()).toBeNull();
    } finally {
      await closeContext(opened);
    }
  });

  describeWhen(Boolean(redisServerUrl))('WITH Redis', () => {
    let opened: Opened;
    let generation: Generation;
    beforeAll(async () => {
      opened = await open(true);
      generation = generationOf(opened.db);
      await live(generation);
    });
    afterAll(() => closeContext(opened));

    it('THEN without writes the reading stays the same', async () => {
      await expectStable(generation);
      await opened.ctx.repos.owners.any();
      await opened.db.run((m) => m.findOneBy(BoardEntity, { pk: 1 }));
      await expectStable(generation);
    });

    it.each(WRITE_PATHS)(
      'THEN a commit of this process through %s moves it before the caller resumes',
      async (_, write) => {
        await seed(opened);
        const before = await expectStable(generation);
        await write(opened);
        expect(generation.current()).not.toBe(before);
      },
    );

    it('THEN a write inside a transaction moves it at COMMIT, when others can read it', async () => {
      const before = await expectStable(generation);
      await opened.db.transaction(async (tx) => {
        await tx.update(OwnerEntity, { apiAccess: 'open' }, { name: 'pending' });
        expect(generation.current()).toBe(before);
      });
      expect(generation.current()).not.toBe(before);
    });

    it('THEN a commit of another process (its own pool, told through Redis) moves it', async () => {
      const other = await open(true);
      try {
        await live(generationOf(other.db));
        const before = await expectStable(generation);
        await addOwner(other.ctx, `guild:${nextSnowflake()}`);
        // Published once the commit is confirmed; it arrives within a round trip through Redis
        // (waited for generously: nothing else moves it, so a lost message still fails).
        expect(await movedFrom(generation, before, 10_000)).not.toBe(before);
      } finally {
        await closeContext(other);
      }
    });

    it('THEN the operator CLI publishes its commit before it exits', async () => {
      const before = await expectStable(generation);
      const run = await runTally(
        database.url,
        ['owner', 'add', `guild:${nextSnowflake()}`],
        30_000,
        {
          REDIS_URL: redisServerUrl!,
        },
      );
      expect(run.code, run.stderr).toBe(0);
      // A message the CLI did not wait for before exiting is lost: waiting longer cannot help.
      expect(await movedFrom(generation, before, 10_000)).not.toBe(before);
    });

    it('THEN losing the subscription reads null until it is back, and then a new reading', async () => {
      const before = await expectStable(generation);
      const admin = new Redis(redisServerUrl!);
      try {
        const channel = `${prefix}db-commits:${new URL(database.url).pathname.slice(1)}`;
        const clients = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
        const ours = clients
          .split('\n')
          .filter((line) => line.includes(` name=${channel} `))
          .map((line) => /\bid=(\d+)/.exec(line)?.[1]);
        expect(ours).toHaveLength(1);
        await admin.call('CLIENT', 'KILL', 'ID', ours[0]!);
        expect(await movedFrom(generation, before, 10_000)).toBeNull();
        const after = await live(generation);
        expect(after).not.toBe(before);
      } finally {
        await admin.quit();
      }
    });
  });
});

describe('kindOf: which MariaDB statements make a change others can read', () => {
  it.each([
    ['SELECT * FROM boards', 'read'],
    ['  select 1', 'read'],
    ['(SELECT 1) UNION (SELECT 2)', 'read'],
    ['/* comment */ SELECT 1', 'read'],
    ['SELECT id FROM owners WHERE id = ? FOR UPDATE', 'read'],
    ['SHOW TABLES', 'read'],
    ['EXPLAIN SELECT 1', 'read'],
    ['SAVEPOINT typeorm_1', 'read'],
    ['RELEASE SAVEPOINT typeorm_1', 'read'],
    ['ROLLBACK TO SAVEPOINT typeorm_1', 'read'],
    ['SET TRANSACTION ISOLATION LEVEL READ COMMITTED', 'read'],
    ['START TRANSACTION', 'begin'],
    ['BEGIN', 'begin'],
    ['BEGIN NOT ATOMIC UPDATE t SET a = 1; END', 'write'],
    ['COMMIT', 'commit'],
    ['ROLLBACK', 'rollback'],
    ['INSERT INTO owners VALUES (1)', 'write'],
    ['update entries set score = 1', 'write'],
    ['DELETE FROM boards', 'write'],
    ['REPLACE INTO t VALUES (1)', 'write'],
    ['WITH x AS (SELECT 1) UPDATE t SET a = 1', 'write'],
    ['/* comment */ INSERT INTO t VALUES (1)', 'write'],
    ['-- note\nDELETE FROM t', 'write'],
    ['SET autocommit = 0', 'write'],
    ['CREATE TABLE t (a int)', 'ddl'],
    ['DROP TABLE t', 'ddl'],
    ['TRUNCATE t', 'ddl'],
    ['', 'write'],
  ])('GIVEN %j THEN %s', (sql, kind) => {
    expect(kindOf(sql)).toBe(kind);
  });
});
