import { afterEach, describe, expect, it } from 'vitest';
import { createBoard } from '../../src/pipeline/boards';
import { addOwner } from '../../src/pipeline/owners';
import { openQueue } from '../../src/pipeline/queues';
import { backendName } from '../support/backends';
import { childScript } from '../support/child-script';
import { within } from '../support/serve';
import { createSharedDatabase, inDatabase } from '../support/shared-database';
import { nextSnowflake } from '../support/tally';

/**
 * Issue 28 item 6: two Tally processes on one database (real processes, their schedulers and
 * members' presses interleaving) form each match exactly once and never put one member in two
 * matches. Every member is tried by both processes, in opposite orders, while both take the
 * queue's step every round; afterwards each member is in exactly one place (waiting, or one
 * match of two players), and every member who pressed Ready in a full match plays.
 */
const MEMBERS = 24;

describe(`a queue served by two processes (${backendName})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('GIVEN 24 members joined through both processes at once THEN each joins once, and each is waiting or in exactly one match of two', async () => {
    const database = await createSharedDatabase('tally-queue-');
    cleanups.push(() => database.drop());
    const members = Array.from({ length: MEMBERS }, () => `chat:${nextSnowflake()}`);
    const boardPk = await inDatabase(database.url, async ({ ctx }) => {
      const owner = await addOwner(ctx, `guild:${nextSnowflake()}`);
      const board = await createBoard(ctx, { ownerId: owner.id, type: 'ELO', windowHours: 0 });
      await openQueue(ctx, board, { channelId: nextSnowflake() });
      return board.pk;
    });
    const started = [0, 1].map((i) =>
      queueProcess([database.url, String(boardPk), String(i), members.join(',')]),
    );
    try {
      await within(
        60_000,
        'the queue processes to start',
        Promise.all(started.map((p) => p.ready)),
      );
      for (const p of started) p.go();
      const did = await within(
        120_000,
        'the queue processes to finish',
        Promise.all(started.map((p) => p.result)),
      );
      // Each member was tried twice and joined once.
      expect(did[0]!.joined + did[1]!.joined).toBe(MEMBERS);
      expect(did[0]!.steps + did[1]!.steps).toBeGreaterThan(0);
    } finally {
      for (const p of started) p.kill();
    }
    await inDatabase(database.url, async ({ ctx }) => {
      const rows = (await ctx.repos.db.run((m) =>
        m.query(
          'SELECT p.match_pk AS matchPk, p.entrant AS entrant, q.state AS state FROM queue_players p JOIN queue_matches q ON q.pk = p.match_pk',
        ),
      )) as { matchPk: number; entrant: string; state: string }[];
      const waiting = (await ctx.repos.db.run((m) =>
        m.query('SELECT entrant FROM queue_waits'),
      )) as { entrant: string }[];
      const inMatches = rows.map((r) => r.entrant);
      expect(new Set(inMatches).size).toBe(inMatches.length);
      expect([...inMatches, ...waiting.map((w) => w.entrant)].sort()).toEqual([...members].sort());
      const sizes = new Map<number, number>();
      for (const r of rows) sizes.set(Number(r.matchPk), (sizes.get(Number(r.matchPk)) ?? 0) + 1);
      expect([...sizes.values()].every((n) => n === 2)).toBe(true);
      expect(sizes.size).toBeGreaterThanOrEqual(MEMBERS / 2 - 1);
      // Everyone pressed Ready at once: every match is on.
      expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['playing']));
    });
  });
});

/** One queue process (test/support/queue-process.ts): ready once open; `go` starts it. */
const queueProcess = (args: string[]) =>
  childScript('test/support/queue-process.ts', args, (out) => JSON.parse(out) as Did);

interface Did {
  joined: number;
  refused: number;
  ready: number;
  steps: number;
}
