import type { Board } from '../../../entities/board';
import { createTeam } from '../../../src/pipeline/boards';
import { nextSnowflake, startTestTally, type TestTally } from '../../support/tally';
import { sendRaw } from './raw-http';

/**
 * The data the hostile-input and isolation tests aim at: owner A with one board of every kind,
 * keys of every sort, real matches and handles; owner B with boards, matches, a team and a handle
 * of its own ("another owner's id"). Limits are raised out of the way (they have their own tests).
 */
export interface World {
  tally: TestTally;
  a: {
    owner: string;
    key: string;
    readKey: string;
    testKey: string;
    /** boards:read only. */
    narrowKey: string;
    boards: Record<BoardName, Board>;
    teams: string[];
    handles: string[];
    /** Players with entries on A's ELO board. */
    players: string[];
  };
  b: {
    owner: string;
    key: string;
    boards: { elo: Board; fixed: Board; highscore: Board };
    teams: string[];
    handles: string[];
    players: string[];
  };
}

export type BoardName =
  | 'elo'
  | 'league'
  | 'highscore'
  | 'classic'
  | 'time'
  | 'rating'
  | 'ffa'
  | 'fixed'
  | 'moderated'
  | 'unicode';

export const BOARD_NAMES: BoardName[] = [
  'elo',
  'league',
  'highscore',
  'classic',
  'time',
  'rating',
  'ffa',
  'fixed',
  'moderated',
  'unicode',
];

export const boardPath = (board: Pick<Board, 'id'>, rest = '') =>
  `/v1/boards/${encodeURIComponent(board.id)}${rest}`;

let idem = 0;
/** A fresh Idempotency-Key, unique across processes and runs. */
export const freshIdempotencyKey = () => `rel-${process.pid}-${Date.now()}-${++idem}`;

/** A write through the API that must succeed; returns its handle. */
export async function write(
  tally: TestTally,
  key: string,
  board: Board,
  body: unknown,
): Promise<string> {
  const kind = board.type === 'ELO' || board.type === 'League' ? 'matches' : 'scores';
  const res = await sendRaw(tally.url, {
    method: 'POST',
    target: boardPath(board, `/${kind}`),
    headers: [
      ['Authorization', `Bearer ${key}`],
      ['Content-Type', 'application/json'],
      ['Idempotency-Key', freshIdempotencyKey()],
    ],
    body: JSON.stringify(body),
  });
  if (res.status !== 201 && res.status !== 202) {
    throw new Error(`seed write refused: ${res.status} ${res.text}`);
  }
  return (res.body as { handle: string }).handle;
}

export const chat = (snowflake: string) => ({ chat_id: snowflake });

export async function buildWorld(env: Record<string, string> = {}): Promise<World> {
  const tally = await startTestTally({
    RATE_LIMIT_READ_PER_MIN: '10000000',
    RATE_LIMIT_WRITE_PER_MIN: '10000000',
    ...env,
  });
  const ownerA = await tally.owner();
  const ownerB = await tally.owner();
  const board = (
    ownerId: string,
    input: Parameters<TestTally['board']>[0] extends infer I ? Omit<I & object, 'ownerId'> : never,
  ) => tally.board({ ownerId, ...input });
  const boards: Record<BoardName, Board> = {
    elo: await board(ownerA, { type: 'ELO', windowHours: 0 }),
    league: await board(ownerA, { type: 'League', windowHours: 0 }),
    highscore: await board(ownerA, { type: 'Highscore', windowHours: 0 }),
    classic: await board(ownerA, { type: 'Classic', windowHours: 0 }),
    time: await board(ownerA, { type: 'Time', sort: 'asc', windowHours: 0 }),
    rating: await board(ownerA, { type: 'Rating' }),
    ffa: await board(ownerA, { type: 'ELO', freeForAll: true, windowHours: 0 }),
    fixed: await board(ownerA, { type: 'ELO', fixedTeams: true, windowHours: 0 }),
    moderated: await board(ownerA, { type: 'ELO', windowHours: 24 }),
    unicode: await board(ownerA, { type: 'Highscore', id: 'Ünï cødé/board ✓', windowHours: 0 }),
  };
  const teamsA = [
    (await createTeam(tally.ctx, ownerA, boards.fixed.id, 'Red')).teamId,
    (await createTeam(tally.ctx, ownerA, boards.fixed.id, 'Blue')).teamId,
  ];
  const bBoards = {
    elo: await board(ownerB, { type: 'ELO', windowHours: 0 }),
    fixed: await board(ownerB, { type: 'ELO', fixedTeams: true, windowHours: 0 }),
    highscore: await board(ownerB, { type: 'Highscore', windowHours: 0 }),
  };
  const teamsB = [
    (await createTeam(tally.ctx, ownerB, bBoards.fixed.id, 'Green')).teamId,
    (await createTeam(tally.ctx, ownerB, bBoards.fixed.id, 'Gold')).teamId,
  ];
  const key = await tally.key({ ownerId: ownerA });
  const bKey = await tally.key({ ownerId: ownerB });
  const playersA = [nextSnowflake(), nextSnowflake(), nextSnowflake()];
  const playersB = [nextSnowflake(), nextSnowflake(), nextSnowflake(), nextSnowflake()];
  const handlesA: string[] = [];
  const handlesB: string[] = [];
  for (const [i, winner] of (['team1', 'team2', 'draw'] as const).entries()) {
    const [p, q] = [playersA[i % 3]!, playersA[(i + 1) % 3]!];
    handlesA.push(
      await write(tally, key, boards.elo, { team1: [chat(p)], team2: [chat(q)], winner }),
    );
  }
  handlesA.push(
    await write(tally, key, boards.league, {
      team1: [chat(playersA[0]!)],
      team2: [chat(playersA[1]!)],
      team1_score: 3,
      team2_score: 1,
    }),
    await write(tally, key, boards.highscore, { player: chat(playersA[0]!), score: 42 }),
    await write(tally, key, boards.fixed, {
      team1: [{ team_id: teamsA[0] }],
      team2: [{ team_id: teamsA[1] }],
      winner: 'team1',
    }),
  );
  // B has more matches than A on its ELO board, so B's match numbers exceed A's.
  for (let i = 0; i < 5; i++) {
    const [p, q] = [playersB[i % 4]!, playersB[(i + 1) % 4]!];
    handlesB.push(
      await write(tally, bKey, bBoards.elo, {
        team1: [chat(p)],
        team2: [chat(q)],
        winner: 'team1',
      }),
    );
  }
  handlesB.push(
    await write(tally, bKey, bBoards.highscore, { player: chat(playersB[0]!), score: 7 }),
    await write(tally, bKey, bBoards.fixed, {
      team1: [{ team_id: teamsB[0] }],
      team2: [{ team_id: teamsB[1] }],
      winner: 'team2',
    }),
  );
  await settled(tally);
  return {
    tally,
    a: {
      owner: ownerA,
      key,
      readKey: await tally.key({ ownerId: ownerA, access: 'read' }),
      testKey: await tally.key({ ownerId: ownerA, type: 'test', access: 'read-write' }),
      narrowKey: await tally.key({ ownerId: ownerA, scopes: ['boards:read'] }),
      boards,
      teams: teamsA,
      handles: handlesA,
      players: playersA.map((p) => `chat:${p}`),
    },
    b: {
      owner: ownerB,
      key: bKey,
      boards: bBoards,
      teams: teamsB,
      handles: handlesB,
      players: playersB.map((p) => `chat:${p}`),
    },
  };
}

/** Waits (bounded) until the worker has no queued or processing submission left. */
export async function settled(tally: TestTally, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows: { n: number | string }[] = await tally.ctx.repos.db.dataSource.query(
      "SELECT COUNT(*) AS n FROM submissions WHERE status IN ('queued', 'processing')",
    );
    if (Number(rows[0]?.n ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error('the worker did not settle the queue in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Everything a write can change: standings, matches, scores, submissions, idempotency records. */
export async function snapshot(tally: TestTally): Promise<string> {
  const q = (sql: string): Promise<unknown[]> => tally.ctx.repos.db.dataSource.query(sql);
  const [entries, counts] = await Promise.all([
    q(
      'SELECT board_pk, player_id, player_name, score, elo, wins, draws, losses, submissions FROM entries ORDER BY board_pk, player_id',
    ),
    q(
      'SELECT (SELECT COUNT(*) FROM submissions) AS submissions, (SELECT COUNT(*) FROM matches) AS matches, (SELECT COUNT(*) FROM scores) AS scores, (SELECT COUNT(*) FROM idempotency_records) AS idempotency',
    ),
  ]);
  // MariaDB returns BIGINT and COUNT as strings, SQLite as numbers: compare as text.
  return JSON.stringify({ entries, counts }, (_k, v: unknown) =>
    typeof v === 'number' || typeof v === 'bigint' ? String(v) : v,
  );
}
