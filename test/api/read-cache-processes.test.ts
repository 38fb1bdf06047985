import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { closeContext, openContext } from '../../src/main';
import { createBoard } from '../../src/pipeline/boards';
import { mintKey } from '../../src/pipeline/keys';
import { revokeKey } from '../../src/pipeline/keys';
import { addOwner } from '../../src/pipeline/owners';
import { backendName, describeWhen, mysqlServerUrl, redisServerUrl } from '../support/backends';
import { PUBLIC_URL, runTally, spawnServe, type Served } from '../support/serve';
import { createSharedDatabase, endServed } from '../support/shared-database';
import { idempotencyHeader, nextSnowflake } from '../support/tally';

type Opened = Awaited<ReturnType<typeof openContext>>;

/**
 * Issue 16: a `tally serve` process caches first pages and keys; a change committed by another
 * process (this test's own connection, the operator CLI) must show on the server's next request.
 * SQLite: the server reads the shared file's WAL index on every request, so the very next
 * request. MariaDB + Redis: the writer publishes once its commit is confirmed, so the next
 * request after that message can arrive; the test takes the change only from an answer given
 * while the entry filled just before the write is younger than the 1 s safety net, so the net
 * cannot be what refreshed it, however slowly a loaded machine delivers the message.
 */

/** The read caches' safety net (`maxAgeMs` in src/api/auth.ts and src/api/routes/entries.ts). */
const NET_MS = 1000;
describeWhen(!mysqlServerUrl || Boolean(redisServerUrl))(
  `cached reads across processes (${backendName})`,
  () => {
    let database: Awaited<ReturnType<typeof createSharedDatabase>>;
    let served: Served;
    /** This test's own connection, a second process as far as the server can tell. */
    let writer: Opened;
    const config = () =>
      loadConfig({
        DATABASE_URL: database.url,
        PUBLIC_URL,
        ...(redisServerUrl ? { REDIS_URL: redisServerUrl } : {}),
      });

    beforeAll(async () => {
      database = await createSharedDatabase('tally-read-cache-');
      writer = await openContext(config());
      served = await spawnServe(database.url);
    }, 60_000);
    afterAll(async () => {
      if (served) await endServed(served);
      if (writer) await closeContext(writer);
      await database?.drop();
    });

    interface World {
      ownerId: string;
      boardId: string;
      key: { id: string; secret: string };
      chatId: string;
    }

    /** An owner with a key and one entry, applied by the served process's worker. */
    async function world(): Promise<World> {
      const ownerId = (await addOwner(writer.ctx, `guild:${nextSnowflake()}`)).id;
      const board = await createBoard(writer.ctx, { ownerId, type: 'Highscore', windowHours: 0 });
      const key = await mintKey(writer.ctx, { ownerId, type: 'live', access: 'read-write' });
      const w = { ownerId, boardId: board.id, key, chatId: nextSnowflake() };
      await write(w, 10);
      return w;
    }

    /** A score through the served process (so its commit refreshes that process's caches). */
    async function write(w: World, score: number): Promise<void> {
      const res = await fetch(`${served.url}/v1/boards/${w.boardId}/scores`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${w.key.secret}`,
          'content-type': 'application/json',
          ...idempotencyHeader(),
        },
        body: JSON.stringify({ player: { chat_id: w.chatId }, score }),
      });
      expect(res.status, await res.text()).toBe(201);
    }

    const page = async (w: World, key = w.key.secret) => {
      const res = await fetch(`${served.url}/v1/boards/${w.boardId}/entries`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const text = await res.text();
      const data =
        res.status === 200 ? (JSON.parse(text) as { data: { player_name: string }[] }) : null;
      return { status: res.status, name: data?.data[0]?.player_name ?? null };
    };

    /**
     * Fills the server's caches now (a write of its own moved its generation), then a hit;
     * `filledFrom`: the entries were filled no earlier than this.
     */
    async function warm(w: World, score: number) {
      await write(w, score);
      const filledFrom = Date.now();
      const first = await page(w);
      expect(await page(w)).toEqual(first);
      return { first, filledFrom };
    }

    /**
     * The server's answer after another process's commit: the next one on SQLite; on MariaDB +
     * Redis the first that is `done`, which must be answered before `by`.
     */
    async function next<T>(
      probe: () => Promise<T>,
      done: (value: T) => boolean,
      by: number,
    ): Promise<T> {
      if (!mysqlServerUrl) return probe();
      for (;;) {
        const value = await probe();
        if (Date.now() >= by) {
          throw new Error(
            `not shown in time (${Date.now() - by} ms late); last answer ${JSON.stringify(value)}`,
          );
        }
        if (done(value)) return value;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }
    /** While the entry filled at `filledFrom` is younger than the net: only the message can show it. */
    const withinNet = (filledFrom: number) => filledFrom + NET_MS;
    /**
     * After a CLI command, whose commit came at an unknown moment while the page was read
     * around it (`readingWhile`): well below the net, so it alone rarely refreshes in time.
     */
    const soonAfterCli = () => Date.now() + 300;

    it('GIVEN a cached first page WHEN another process renames the player THEN it shows', async () => {
      const w = await world();
      const { first: before, filledFrom } = await warm(w, 20);
      expect(before.status).toBe(200);
      const changed = await writer.ctx.repos.entries.renamePlayer(
        w.ownerId,
        `chat:${w.chatId}`,
        'Renamed elsewhere',
      );
      expect(changed).toBe(1);
      const after = await next(
        () => page(w),
        (p) => p.name === 'Renamed elsewhere',
        withinNet(filledFrom),
      );
      expect(after).toEqual({ status: 200, name: 'Renamed elsewhere' });
    });

    /** How the server answered first pages so far (src/api/operability.ts). */
    async function answers(): Promise<Record<'hit' | 'confirmed' | 'missed', number>> {
      const text = await (await fetch(`${served.url}/metrics`)).text();
      const count = (outcome: string) =>
        Number(
          /\s(\S+)$/.exec(
            text
              .split('\n')
              .find((l) => l.startsWith(`tally_first_page_cache_answers{outcome="${outcome}"}`)) ??
              ' NaN',
          )?.[1],
        );
      return { hit: count('hit'), confirmed: count('confirmed'), missed: count('missed') };
    }

    it('GIVEN two boards’ cached first pages WHEN another process changes one THEN only that one is read again (issue 31)', async () => {
      const a = await world();
      const b = await world();
      await page(b);
      await page(a);
      const filledFrom = Date.now();
      expect((await page(a)).name).toBe((await page(a)).name);
      const changed = await writer.ctx.repos.entries.renamePlayer(
        b.ownerId,
        `chat:${b.chatId}`,
        'Renamed on b',
      );
      expect(changed).toBe(1);
      const shown = await next(
        () => page(b),
        (p) => p.name === 'Renamed on b',
        withinNet(filledFrom),
      );
      expect(shown).toEqual({ status: 200, name: 'Renamed on b' });
      const before = await answers();
      const kept = await page(a);
      const after = await answers();
      expect(Date.now(), 'a slow machine: the net may have dropped the page').toBeLessThan(
        withinNet(filledFrom),
      );
      expect(kept.status).toBe(200);
      expect(after.missed - before.missed).toBe(0);
      expect(after.hit + after.confirmed - before.hit - before.confirmed).toBe(1);
    });

    it('GIVEN a cached key WHEN another process revokes it THEN the server refuses it', async () => {
      const w = await world();
      const { first, filledFrom } = await warm(w, 20);
      expect(first.status).toBe(200);
      await revokeKey(writer.ctx, w.key.id, 'operator');
      const after = await next(
        () => page(w),
        (p) => p.status === 401,
        withinNet(filledFrom),
      );
      expect(after.status).toBe(401);
    });

    it('GIVEN a cached key WHEN the operator CLI revokes it THEN the server refuses it', async () => {
      const w = await world();
      expect((await warm(w, 20)).first.status).toBe(200);
      const run = await readingWhile(w, cli(['key', 'revoke', w.key.id]));
      expect(run.code, run.stderr).toBe(0);
      const after = await next(
        () => page(w),
        (p) => p.status === 401,
        soonAfterCli(),
      );
      expect(after.status).toBe(401);
    });

    it('GIVEN a cached key WHEN the operator CLI withdraws the owner’s access THEN the server refuses it', async () => {
      const w = await world();
      expect((await warm(w, 20)).first.status).toBe(200);
      const run = await readingWhile(w, cli(['owner', 'access', w.ownerId, 'withdraw']));
      expect(run.code, run.stderr).toBe(0);
      const after = await next(
        () => page(w),
        (p) => p.status === 401,
        soonAfterCli(),
      );
      expect(after.status).toBe(401);
    });

    /**
     * Reads the page while the CLI runs (it takes over a second to start): the server refills
     * its entry each time the 1 s net runs out, so when the CLI commits the entry is of any age
     * and the net alone would rarely refuse the key within the bound of `next`.
     */
    async function readingWhile<T>(w: World, running: Promise<T>): Promise<T> {
      let done = false;
      const reader = (async () => {
        while (!done) {
          await page(w);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      try {
        return await running;
      } finally {
        done = true;
        await reader;
      }
    }

    /** `tally …` as the operator runs it beside the server: the same database and Redis. */
    const cli = (args: string[]) =>
      runTally(database.url, args, 30_000, redisServerUrl ? { REDIS_URL: redisServerUrl } : {});
  },
);
