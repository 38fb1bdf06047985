import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import type { EntryState } from '../../src/domain/scoring';
import { backendName } from '../support/backends';
import { assertContract } from '../support/contract';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { sendRaw } from './support-input/raw-http';
import { boardPath, freshIdempotencyKey, settled } from './support-input/world';
import { SEEDED } from '../support/pipeline';

/**
 * Issue 6: "walk every page of a board with heavy ties while writes land between page fetches: no
 * entry skipped or repeated among those that did not move, ranks equal to a reference
 * computation". Score writes go through the API and the worker (auto-applying boards) between
 * page fetches: movers improve their value, new players appear, and some writes do not improve
 * (the player's `submissions` changes, its value does not: it did not move). The reference for
 * every page is brute force over the board's rows read straight from the database at that moment:
 * rank = 1 + the number of entries with a strictly better value (DESIGN.md 3).
 */
const SEED = Number(process.env.PAGES_SEED ?? 6_2026);

/** mulberry32: a small seeded generator, so a failing walk replays. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface EntryBody {
  rank: number;
  player_id: string;
  score: number;
}

describe(`paging through ties while writes land (${backendName})`, () => {
  let tally: TestTally;
  let owner: string;
  let key: string;
  const summary = { pages: 0, writes: 0, moved: 0, steady: 0 };

  beforeAll(async () => {
    tally = await startTestTally({
      RATE_LIMIT_READ_PER_MIN: '1000000',
      RATE_LIMIT_WRITE_PER_MIN: '1000000',
    });
    owner = await tally.owner();
    key = await tally.key({ ownerId: owner });
  });
  afterAll(async () => {
    console.log(
      `walked ${summary.pages} pages with ${summary.writes} writes landing between fetches (seed ${SEED}): ${summary.steady} unmoved entries each seen exactly once, ${summary.moved} movers`,
    );
    await tally.stop();
  });

  /** The board's values as the database holds them now. */
  async function values(board: Board): Promise<Map<string, number>> {
    const rows: { player_id: string; score: string | number }[] =
      await tally.ctx.repos.db.dataSource.query(
        'SELECT player_id, score FROM entries WHERE board_pk = ?',
        [board.pk],
      );
    return new Map(rows.map((r) => [r.player_id, Number(r.score)]));
  }

  const better = (board: Board, a: number, b: number) => (board.sort === 'desc' ? a > b : a < b);

  async function seed(
    board: Board,
    count: number,
    pool: number[],
    rnd: () => number,
  ): Promise<string[]> {
    const players: string[] = [];
    const states: EntryState[] = [];
    for (let i = 0; i < count; i++) {
      const snowflake = nextSnowflake();
      players.push(`chat:${snowflake}`);
      states.push({
        playerId: `chat:${snowflake}`,
        playerName: snowflake,
        score: pool[Math.floor(rnd() * pool.length)]!,
        elo: null,
        wins: null,
        draws: null,
        losses: null,
        submissions: 1,
        lastSub: new Date('2026-11-01T12:00:00.000Z'),
      });
    }
    await tally.ctx.repos.db.transaction((tx) =>
      tally.ctx.repos.results.saveEntries(tx, board, states, SEEDED),
    );
    return players;
  }

  async function writeScore(board: Board, player: string, score: number) {
    const res = await sendRaw(tally.url, {
      method: 'POST',
      target: boardPath(board, '/scores'),
      headers: [
        ['Authorization', `Bearer ${key}`],
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', freshIdempotencyKey()],
      ],
      body: JSON.stringify({ player: { chat_id: player.slice(5) }, score }),
    });
    expect([201, 202], res.text).toContain(res.status);
    if (res.status === 202) await settled(tally);
    summary.writes++;
  }

  for (const [type, sort, limit] of [
    ['Highscore', 'desc', 4],
    ['Time', 'asc', 7],
    ['Highscore', 'desc', 1],
  ] as const) {
    it(`GIVEN heavy ties on a ${type} (${sort}) board and writes between fetches of ${limit}-entry pages THEN no unmoved entry is skipped or repeated and every rank matches the reference`, async () => {
      const rnd = random(SEED + limit);
      const board = await tally.board({ ownerId: owner, type, sort, windowHours: 0 });
      const pool = [0, 5, 5, 10, 10, 10, 50, 100, 100, 9_000_000_000_000];
      const players = await seed(board, 50, pool, rnd);
      const moved = new Set<string>();
      const seen = new Map<string, number>();
      let cursor: string | null = null;
      for (let page = 0; page < 500; page++) {
        const target = `${boardPath(board, '/entries')}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await sendRaw(tally.url, {
          method: 'GET',
          target,
          headers: [['Authorization', `Bearer ${key}`]],
        });
        const now = await values(board); // nothing lands between the fetch and this read
        assertContract(res, 'listEntries');
        summary.pages++;
        const body = res.body as {
          data: EntryBody[];
          has_more: boolean;
          next_cursor: string | null;
        };
        for (const entry of body.data) {
          seen.set(entry.player_id, (seen.get(entry.player_id) ?? 0) + 1);
          const value = now.get(entry.player_id);
          expect(entry.score, entry.player_id).toBe(value);
          const reference = 1 + [...now.values()].filter((v) => better(board, v, value!)).length;
          expect(entry.rank, `rank of ${entry.player_id} on page ${page}`).toBe(reference);
        }
        if (!body.has_more) break;
        cursor = body.next_cursor;
        // Writes land between this page and the next: one or two per gap.
        for (let w = 0; w < 1 + Math.floor(rnd() * 2); w++) {
          const roll = rnd();
          if (roll < 0.4) {
            // A mover: jumps to a new best value (possibly across the cursor).
            const player = players[Math.floor(rnd() * players.length)]!;
            const current = (await values(board)).get(player)!;
            const target = pool[Math.floor(rnd() * pool.length)]!;
            if (better(board, target, current)) moved.add(player);
            await writeScore(board, player, target);
          } else if (roll < 0.7) {
            // A write that cannot improve: the value stays, so the player has not moved.
            const player = players[Math.floor(rnd() * players.length)]!;
            const current = (await values(board)).get(player)!;
            await writeScore(board, player, sort === 'desc' ? current - 1 : current + 1);
          } else {
            // A new player, anywhere in the order.
            const player = `chat:${nextSnowflake()}`;
            moved.add(player);
            players.push(player);
            await writeScore(board, player, pool[Math.floor(rnd() * pool.length)]!);
          }
        }
      }
      const steady = players.filter((p) => !moved.has(p));
      for (const player of steady) expect(seen.get(player), `unmoved ${player}`).toBe(1);
      for (const player of moved) expect(seen.get(player) ?? 0).toBeLessThanOrEqual(2);
      expect(steady.length).toBeGreaterThan(20);
      summary.moved += moved.size;
      summary.steady += steady.length;
    }, 120_000);
  }
});
