import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { encodeCursor } from '../../src/domain/cursor';
import { competitionRanks, compareEntries, rankKeyOf } from '../../src/domain/ranking';
import type { EntryState } from '../../src/domain/scoring';
import { backendName } from '../support/backends';
import { assertContract, assertProblem } from '../support/contract';
import { idempotencyHeader, nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { submitEntry, voteOnEntry } from '../../src/pipeline/contests';
import { SEEDED } from '../support/pipeline';

const MAX = Number.MAX_SAFE_INTEGER;
let n = 0;
const idem = () => ({ 'idempotency-key': `reads-${process.pid}-${++n}` });

interface EntryBody {
  rank: number;
  player_id: string;
  score: number | null;
  elo: number | null;
}
interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

describe(`the read API: entries, ranks and matches (${backendName})`, () => {
  let tally: TestTally;
  let owner: string;
  let key: string;
  const path = (b: Board, rest = '') => `/v1/boards/${encodeURIComponent(b.id)}${rest}`;
  const get = (p: string, k = key) => tally.request('GET', p, { key: k });

  beforeAll(async () => {
    tally = await startTestTally({ RATE_LIMIT_READ_PER_MIN: '1000000' });
    owner = await tally.owner();
    key = await tally.key({ ownerId: owner });
  });
  afterAll(() => tally.stop());

  /** Writes entries through the same repository the worker uses, counters included. */
  async function putEntries(board: Board, values: Map<string, number>) {
    const states: EntryState[] = [...values].map(([playerId, value]) => ({
      playerId,
      playerName: playerId.slice(playerId.indexOf(':') + 1),
      score: board.type === 'ELO' ? null : value,
      elo: board.type === 'ELO' ? value : null,
      wins: null,
      draws: null,
      losses: null,
      submissions: 1,
      lastSub: new Date('2026-11-01T12:00:00.000Z'),
    }));
    await tally.ctx.repos.db.transaction((tx) =>
      tally.ctx.repos.results.saveEntries(tx, board, states, SEEDED),
    );
  }

  /** The reference order and ranks, computed from the values alone. */
  function reference(board: Board, values: Map<string, number>) {
    const rows = [...values]
      .map(([playerId, value]) => ({ playerId, value, rankKey: rankKeyOf(value, board.sort) }))
      .sort(compareEntries);
    const ranks = competitionRanks(rows.map((r) => r.rankKey));
    return rows.map((r, i) => ({ player_id: r.playerId, value: r.value, rank: ranks[i]! }));
  }

  async function walk(board: Board, limit: number): Promise<EntryBody[]> {
    const seen: EntryBody[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 1000; pages++) {
      const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await get(path(board, `/entries${query}`));
      assertContract(res, 'listEntries');
      const body = res.body as Page<EntryBody>;
      seen.push(...body.data);
      expect(body.next_cursor === null).toBe(!body.has_more);
      if (!body.has_more) return seen;
      expect(body.data).toHaveLength(limit);
      cursor = body.next_cursor;
    }
    throw new Error('too many pages');
  }

  function heavyTies(count: number): Map<string, number> {
    const pool = [MAX, 10 ** 15, 10, 10, 5, 0, 0, 0, -3, -MAX];
    const values = new Map<string, number>();
    for (let i = 0; i < count; i++) {
      const id = i % 9 === 0 ? `custom:Plåyer ${i} 🎲` : `chat:${nextSnowflake()}`;
      values.set(id, pool[(i * 7) % pool.length]!);
    }
    return values;
  }

  for (const [type, sort] of [
    ['Highscore', 'desc'],
    ['Time', 'asc'],
  ] as const) {
    it(`GIVEN heavy ties on a ${type} (${sort}) board THEN every page size sees each entry once, ranked like the reference`, async () => {
      const board = await tally.board({ ownerId: owner, type, sort, windowHours: 0 });
      const values = heavyTies(61);
      await putEntries(board, values);
      const expected = reference(board, values);
      for (const limit of [1, 2, 3, 7, 50, 200]) {
        const seen = await walk(board, limit);
        expect(
          seen.map((e) => [e.player_id, e.score, e.rank]),
          `limit ${limit}`,
        ).toEqual(expected.map((e) => [e.player_id, e.value, e.rank]));
      }
      for (const e of expected.filter((_, i) => i % 5 === 0)) {
        const res = await get(path(board, `/entries/${encodeURIComponent(e.player_id)}`));
        assertContract(res, 'getEntry');
        expect(res.body).toMatchObject({ player_id: e.player_id, rank: e.rank, score: e.value });
      }
    });
  }

  it('GIVEN entries that move THEN pages and live ranks follow the new values at once', async () => {
    const board = await tally.board({ ownerId: owner, type: 'ELO', windowHours: 0 });
    const values = new Map<string, number>();
    for (let i = 0; i < 40; i++) values.set(`chat:${nextSnowflake()}`, 1000 + ((i * 37) % 11) * 8);
    await putEntries(board, values);
    const movers = [...values.keys()].filter((_, i) => i % 4 === 0);
    for (const [i, id] of movers.entries()) values.set(id, i % 2 ? 1040 : 600 + i);
    await putEntries(board, new Map(movers.map((id) => [id, values.get(id)!])));
    const expected = reference(board, values);
    const seen = await walk(board, 6);
    expect(seen.map((e) => [e.player_id, e.elo, e.rank])).toEqual(
      expected.map((e) => [e.player_id, e.value, e.rank]),
    );
    for (const id of movers) {
      const res = await get(path(board, `/entries/${id}`));
      expect((res.body as EntryBody).rank).toBe(expected.find((e) => e.player_id === id)!.rank);
    }
  });

  it('GIVEN a hand-built cursor THEN the page resumes mid-tie after it, with true ranks', async () => {
    const board = await tally.board({ ownerId: owner, type: 'Classic', windowHours: 0 });
    await putEntries(
      board,
      new Map([
        ['custom:a', 50],
        ['custom:b', 20],
        ['custom:c', 20],
        ['custom:d', 20],
        ['custom:e', 7],
      ]),
    );
    const res = await get(path(board, `/entries?cursor=${encodeCursor({ v: 20, p: 'custom:b' })}`));
    assertContract(res, 'listEntries');
    expect((res.body as Page<EntryBody>).data.map((e) => [e.player_id, e.rank])).toEqual([
      ['custom:c', 2],
      ['custom:d', 2],
      ['custom:e', 5],
    ]);
    // A position between rows starts at the next row in board order.
    const between = await get(path(board, `/entries?cursor=${encodeCursor({ v: 30, p: 'x' })}`));
    expect((between.body as Page<EntryBody>).data.map((e) => e.rank)).toEqual([2, 2, 2, 5]);
  });

  it('GIVEN a malformed cursor or an unusable limit THEN 400 and 422 problems', async () => {
    const board = await tally.board({ ownerId: owner, type: 'Classic' });
    const notJson = Buffer.from('nope').toString('base64url');
    const noValue = encodeCursor({ p: 'custom:a' });
    const floatValue = encodeCursor({ v: 1.5, p: 'custom:a' });
    for (const cursor of ['%%%', notJson, noValue, floatValue, 'a'.repeat(513)]) {
      assertProblem(await get(path(board, `/entries?cursor=${cursor}`)), 400, 'invalid_request');
    }
    for (const limit of ['0', '201', 'ten', '-1', '1.5']) {
      assertProblem(await get(path(board, `/entries?limit=${limit}`)), 422, 'invalid_request');
    }
  });

  it('GIVEN a board without entries THEN its first page is an empty 200, not a 404', async () => {
    // The first page joins board and entries in one statement; no row must still mean "empty".
    for (const type of ['Highscore', 'ELO'] as const) {
      const empty = await tally.board({ ownerId: owner, type });
      const res = await get(path(empty, '/entries'));
      expect(res.status).toBe(200);
      assertContract(res, 'listEntries');
      expect(res.body).toEqual({ data: [], has_more: false, next_cursor: null });
    }
  });

  it('GIVEN a Rating board THEN its entries are 422 board_type_mismatch', async () => {
    const rating = await tally.board({ ownerId: owner, type: 'Rating' });
    assertProblem(await get(path(rating, '/entries')), 422, 'board_type_mismatch', 'listEntries');
    assertProblem(
      await get(path(rating, `/entries/${nextSnowflake()}`)),
      422,
      'board_type_mismatch',
      'getEntry',
    );
  });

  it('GIVEN a Rating board running a contest with entries and votes THEN the API reads it as before: write null, entries and matches 422, writes 422', async () => {
    const rating = await tally.board({ ownerId: owner, type: 'Rating' });
    const author = `chat:${nextSnowflake()}`;
    const bytes = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const { entry } = await submitEntry(tally.ctx, {
      ownerId: owner,
      boardId: rating.id,
      authorId: author,
      authorName: 'Ann',
      title: 'Tide',
      bytes,
    });
    await voteOnEntry(tally.ctx, {
      ownerId: owner,
      entryPk: entry.pk,
      voterId: `chat:${nextSnowflake()}`,
      value: 9,
    });
    const board = await get(path(rating));
    expect(board.status).toBe(200);
    assertContract(board, 'getBoard');
    expect((board.body as { write: unknown }).write).toBeNull();
    assertProblem(await get(path(rating, '/entries')), 422, 'board_type_mismatch', 'listEntries');
    assertProblem(
      await get(path(rating, `/entries/${author}`)),
      422,
      'board_type_mismatch',
      'getEntry',
    );
    assertProblem(await get(path(rating, '/matches')), 422, 'board_type_mismatch', 'listMatches');
    const write = await tally.request('POST', path(rating, '/scores'), {
      key,
      headers: idempotencyHeader(),
      body: JSON.stringify({ player: { chat_id: nextSnowflake() }, score: 9 }),
    });
    assertProblem(write, 422, 'board_type_mismatch', 'createScore');
  });

  it("GIVEN another owner's board, entry or match THEN the same 404 as a missing one", async () => {
    const other = await tally.owner();
    const theirs = await tally.board({ ownerId: other, type: 'ELO', windowHours: 0 });
    const player = `chat:${nextSnowflake()}`;
    await putEntries(theirs, new Map([[player, 1000]]));
    for (const rest of ['/entries', `/entries/${player}`, '/matches', '/matches/1']) {
      const mine = await get(`/v1/boards/${theirs.id}${rest}`);
      const missing = await get(`/v1/boards/board_999999999${rest}`);
      assertProblem(mine, 404, 'not_found');
      assertProblem(missing, 404, 'not_found');
      // Only the echoes of the request differ: its id, its path and the board id it named.
      const stable = (body: unknown) => {
        const { type, title, status, code } = body as Record<string, unknown>;
        return { type, title, status, code };
      };
      expect(stable(mine.body)).toEqual(stable(missing.body));
      expect((mine.body as { detail: string }).detail.replace(theirs.id, 'X')).toBe(
        (missing.body as { detail: string }).detail.replace('board_999999999', 'X'),
      );
    }
  });

  it('GIVEN player ids on the entry path THEN namespaced ids and bare snowflakes resolve, others are 400, no row is 404', async () => {
    const board = await tally.board({ ownerId: owner, type: 'Highscore', windowHours: 0 });
    const snowflake = nextSnowflake();
    await putEntries(
      board,
      new Map([
        [`chat:${snowflake}`, 9],
        ['custom:Zoë / 1', 4],
      ]),
    );
    for (const id of [snowflake, `chat:${snowflake}`]) {
      const res = await get(path(board, `/entries/${id}`));
      assertContract(res, 'getEntry');
      expect(res.body).toMatchObject({ player_id: `chat:${snowflake}`, rank: 1 });
    }
    const custom = await get(path(board, `/entries/${encodeURIComponent('custom:Zoë / 1')}`));
    expect(custom.body).toMatchObject({ player_id: 'custom:Zoë / 1', rank: 2 });
    for (const bad of ['nobody', 'chat:123', '123', 'player:1', 'x'.repeat(161), 'team:abc']) {
      assertProblem(
        await get(path(board, `/entries/${encodeURIComponent(bad)}`)),
        400,
        'invalid_request',
        'getEntry',
      );
    }
    assertProblem(
      await get(path(board, `/entries/${nextSnowflake()}`)),
      404,
      'not_found',
      'getEntry',
    );
  });

  describe('match history', () => {
    let elo: Board;
    let league: Board;
    const [a, b, c] = [nextSnowflake(), nextSnowflake(), nextSnowflake()];

    beforeAll(async () => {
      elo = await tally.board({ ownerId: owner, type: 'ELO', windowHours: 0 });
      league = await tally.board({ ownerId: owner, type: 'League', windowHours: 0 });
      const post = async (board: Board, body: Record<string, unknown>) => {
        const res = await tally.request('POST', path(board, '/matches'), {
          key,
          headers: idem(),
          body: JSON.stringify(body),
        });
        expect(res.status, res.text).toBe(201);
      };
      await post(elo, { team1: [{ chat_id: a }], team2: [{ chat_id: b }], winner: 'team1' });
      await post(elo, { team1: [{ chat_id: b }], team2: [{ chat_id: c }], winner: 'draw' });
      await post(elo, { team1: [{ chat_id: a }], team2: [{ chat_id: c }], winner: 'team2' });
      await post(league, {
        team1: [{ chat_id: a }],
        team2: [{ chat_id: b }],
        team1_score: 3,
        team2_score: 1,
      });
    });

    interface MatchBody {
      id: number;
      team1: { player_id: string; elo: number | null }[];
      team2: { player_id: string; elo: number | null }[];
    }
    const ids = (res: { body: unknown }) => (res.body as Page<MatchBody>).data.map((m) => m.id);

    it('lists newest first, pages by cursor and filters by player and status', async () => {
      const all = await get(path(elo, '/matches'));
      assertContract(all, 'listMatches');
      expect(ids(all)).toEqual([3, 2, 1]);
      const first = await get(path(elo, '/matches?limit=2'));
      expect(ids(first)).toEqual([3, 2]);
      const cursor = (first.body as Page<MatchBody>).next_cursor;
      const second = await get(path(elo, `/matches?limit=2&cursor=${cursor}`));
      expect(ids(second)).toEqual([1]);
      expect(second.body).toMatchObject({ has_more: false, next_cursor: null });
      expect(ids(await get(path(elo, `/matches?player=${a}`)))).toEqual([3, 1]);
      expect(ids(await get(path(elo, `/matches?player=chat:${c}`)))).toEqual([3, 2]);
      expect(ids(await get(path(elo, `/matches?player=${nextSnowflake()}`)))).toEqual([]);
      expect(ids(await get(path(elo, '/matches?status=approved&limit=1')))).toEqual([3]);
      expect(ids(await get(path(elo, '/matches?status=pending')))).toEqual([]);
    });

    it('refuses an unusable player (400), status (422) and a non-match board (422)', async () => {
      assertProblem(
        await get(path(elo, '/matches?player=bob')),
        400,
        'invalid_request',
        'listMatches',
      );
      assertProblem(await get(path(elo, '/matches?player=')), 400, 'invalid_request');
      assertProblem(await get(path(elo, '/matches?status=done')), 422, 'invalid_request');
      const scores = await tally.board({ ownerId: owner, type: 'Highscore' });
      const res = await get(path(scores, '/matches'));
      assertProblem(res, 422, 'board_type_mismatch', 'listMatches');
      expect((res.body as { detail: string }).detail).toContain('/entries');
      assertProblem(await get(path(scores, '/matches/1')), 422, 'board_type_mismatch');
    });

    it('shows one match with full rosters and snapshots; ELO has no scoreline keys, League has both', async () => {
      const res = await get(path(elo, '/matches/3'));
      assertContract(res, 'getMatch');
      const body = res.body as Record<string, unknown>;
      expect(body).toMatchObject({
        id: 3,
        board: elo.id,
        team_size: 1,
        winner: 'team2',
        status: 'approved',
        applied: true,
        submitted_by: 'api',
        team1: [{ player_id: `chat:${a}`, elo: 1016 }],
      });
      expect('team1_score' in body || 'team2_score' in body).toBe(false);
      // c's snapshot in match 3 is its rating after match 2, a draw that b (984 after losing
      // match 1) played against c (1000): b gains round(32 · (0.5 − E_b)) = 1, c loses 1.
      const second = (await get(path(elo, '/matches/2'))).body as MatchBody;
      expect([second.team1[0]!.elo, second.team2[0]!.elo]).toEqual([984, 1000]);
      expect((body.team2 as { elo: number }[])[0]!.elo).toBe(999);

      const leagueMatch = await get(path(league, '/matches/1'));
      assertContract(leagueMatch, 'getMatch');
      expect(leagueMatch.body).toMatchObject({
        team1_score: 3,
        team2_score: 1,
        winner: 'team1',
        team1: [{ player_id: `chat:${a}`, elo: null }],
      });
      for (const id of ['0', 'abc', '-1', '1.5']) {
        assertProblem(await get(path(elo, `/matches/${id}`)), 422, 'invalid_request', 'getMatch');
      }
      assertProblem(await get(path(elo, '/matches/99')), 404, 'not_found', 'getMatch');
    });

    it('entries on match boards carry wins, draws and losses; score boards carry submissions', async () => {
      const res = await get(path(elo, '/entries'));
      assertContract(res, 'listEntries');
      const rows = (res.body as Page<Record<string, unknown>>).data;
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.score).toBeNull();
        expect(typeof row.elo).toBe('number');
        expect(row.submissions).toBeNull();
        expect(Number(row.wins) + Number(row.draws) + Number(row.losses)).toBe(2);
        expect(row.last_sub).toMatch(/Z$/);
      }
      const league1 = await get(path(league, `/entries/${a}`));
      expect(league1.body).toMatchObject({
        score: 3,
        elo: null,
        wins: 1,
        draws: 0,
        losses: 0,
        submissions: null,
      });
    });
  });
});
