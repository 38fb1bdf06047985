import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../src/config';
import { hashSecret } from '../src/domain/keys';
import { openContext } from '../src/main';
import { createBoard as createBoardUseCase } from '../src/pipeline/boards';
import type { Context } from '../src/pipeline/context';
import { mintKey as mintKeyUseCase, revokeKey } from '../src/pipeline/keys';
import { addOwner } from '../src/pipeline/owners';
import { rebuildRankCounts } from '../src/store/entries';
import { DATA_DIR, type Backend } from './backends';

/**
 * Seeded boards, cached between runs: data/bench/state-<backend>.json remembers the owner, the
 * key's secret and each board's id; a board is reused while its entry count and rank counters
 * still match, so only the first run on a machine pays for seeding.
 */
const SEED_VERSION = 1;
const OWNER = 'guild:100000000000000042';

export interface SeededBoard {
  id: string;
  pk: number;
  size: number;
}

export interface BenchState {
  version: number;
  owner: string;
  key: { id: string; secret: string };
  boards: Record<string, SeededBoard>;
  /** The write scenario's auto-applying Highscore board and its read-write keys (added lazily). */
  write?: { board: SeededBoard; keys: { id: string; secret: string }[] };
  /** A revoked key, for the key-verification timing (added lazily). */
  revoked?: { id: string; secret: string };
}

export const WRITE_KEYS = 4;

/** Player ids are `chat:` and an 18-digit snowflake that encodes the seeding index. */
export const playerId = (i: number) => `chat:1${String(i).padStart(17, '0')}`;

const stateFile = (backend: Backend) => join(DATA_DIR, `state-${backend.name}.json`);

function readState(backend: Backend): BenchState | null {
  if (!existsSync(stateFile(backend))) return null;
  try {
    const state = JSON.parse(readFileSync(stateFile(backend), 'utf8')) as BenchState;
    return state.version === SEED_VERSION ? state : null;
  } catch {
    return null;
  }
}

export function writeState(backend: Backend, state: BenchState): void {
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(stateFile(backend), `${JSON.stringify(state, null, 2)}\n`);
}

/**
 * Owners, boards and keys are made with the use cases the operator CLI runs (DESIGN.md 4), in
 * this process: spawning `tally` once per key costs seconds each on a busy machine.
 */
export async function mintKey(
  ctx: Context,
  access: 'read' | 'read-write' = 'read',
): Promise<BenchState['key']> {
  const minted = await mintKeyUseCase(ctx, {
    ownerId: OWNER,
    type: 'live',
    access,
    label: 'bench',
  });
  return { id: minted.id, secret: minted.secret };
}

/** Keys known to the database and not revoked (a cached state may outlive its database rows). */
async function keyIsActive(ds: DataSource, secret: string): Promise<boolean> {
  const rows = (await ds.query('SELECT revoked_at FROM api_keys WHERE hash = ?', [
    hashSecret(secret),
  ])) as { revoked_at: unknown }[];
  return rows.length === 1 && rows[0]!.revoked_at === null;
}

/**
 * The write scenario's board (Highscore, validation window 0: auto-applies) with WRITE_KEYS
 * read-write keys, and one revoked key for the key-verification timing. Created once, cached in
 * the state file next to the read boards.
 */
export async function prepareWriteSetup(
  backend: Backend,
  state: BenchState,
  ctx: Context,
  ds: DataSource,
): Promise<{
  write: NonNullable<BenchState['write']>;
  revoked: NonNullable<BenchState['revoked']>;
}> {
  let write = state.write;
  if (write) {
    const rows = (await ds.query('SELECT pk FROM boards WHERE public_id = ?', [
      write.board.id,
    ])) as { pk: number }[];
    const keysOk = await Promise.all(write.keys.map((k) => keyIsActive(ds, k.secret)));
    if (Number(rows[0]?.pk) !== write.board.pk || keysOk.includes(false)) write = undefined;
  }
  if (!write) {
    const board = await createBoard(ctx, 0, 'Bench writes');
    const keys = [];
    for (let i = 0; i < WRITE_KEYS; i++) keys.push(await mintKey(ctx, 'read-write'));
    write = { board, keys };
    state.write = write;
    writeState(backend, state);
  }
  let revoked = state.revoked;
  if (revoked) {
    const rows = (await ds.query('SELECT revoked_at FROM api_keys WHERE hash = ?', [
      hashSecret(revoked.secret),
    ])) as { revoked_at: unknown }[];
    if (rows.length !== 1 || rows[0]!.revoked_at === null) revoked = undefined;
  }
  if (!revoked) {
    revoked = await mintKey(ctx, 'read');
    await revokeKey(ctx, revoked.id, 'operator');
    state.revoked = revoked;
    writeState(backend, state);
  }
  return { write, revoked };
}

async function freshState(backend: Backend, log: (m: string) => void): Promise<void> {
  log(`${backend.name}: creating a fresh database`);
  await backend.reset();
}

const count = async (ds: DataSource, sql: string, params: unknown[]) =>
  Number(((await ds.query(sql, params)) as { n: number | string | null }[])[0]?.n ?? 0);

/** A board is reusable while its entries and its level-0 rank counters both number `size`. */
async function boardIsIntact(ds: DataSource, board: SeededBoard): Promise<boolean> {
  const rows = (await ds.query('SELECT pk FROM boards WHERE public_id = ?', [board.id])) as {
    pk: number;
  }[];
  if (Number(rows[0]?.pk) !== board.pk) return false;
  const entries = await count(ds, 'SELECT COUNT(*) AS n FROM entries WHERE board_pk = ?', [
    board.pk,
  ]);
  const counted = await count(
    ds,
    'SELECT SUM(n) AS n FROM entry_rank_counts WHERE board_pk = ? AND level = 0',
    [board.pk],
  );
  return entries === board.size && counted === board.size;
}

/**
 * Opens (and if needed creates and seeds) the backend's database with one Highscore board per
 * size. Returns the state and an open data source for the scenarios' setup queries.
 */
export async function prepareBackend(
  backend: Backend,
  sizes: number[],
  log: (m: string) => void,
): Promise<{ state: BenchState; dataSource: DataSource; ctx: Context }> {
  let state = readState(backend);
  if (!state || !(await backend.exists())) {
    await freshState(backend, log);
    state = null;
  }
  // Migrates a fresh database; no REDIS_URL: the harness needs no signals across processes.
  const { ctx, db } = await openContext(loadConfig({ DATABASE_URL: backend.databaseUrl }));
  const dataSource = db.dataSource;
  if (!state) {
    await addOwner(ctx, OWNER, 'Bench');
    state = { version: SEED_VERSION, owner: OWNER, key: await mintKey(ctx), boards: {} };
    writeState(backend, state);
  }
  for (const size of sizes) {
    const known = state.boards[size];
    if (known && (await boardIsIntact(dataSource, known))) continue;
    if (known) log(`${backend.name}: board of ${size} entries is not intact; seeding it again`);
    const board = known ?? (await createBoard(ctx, size));
    const started = performance.now();
    await seedEntries(dataSource, board, log);
    log(
      `${backend.name}: seeded ${size} entries in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    state.boards[size] = board;
    writeState(backend, state);
  }
  writeState(backend, state);
  return { state, dataSource, ctx };
}

/** A Highscore board (desc) with validation window 0: writes auto-apply. */
async function createBoard(
  ctx: Context,
  size: number,
  name = `Bench ${size}`,
): Promise<SeededBoard> {
  const board = await createBoardUseCase(ctx, {
    ownerId: OWNER,
    type: 'Highscore',
    windowHours: 0,
    name,
  });
  return { id: board.id, pk: board.pk, size };
}

/** mulberry32: a small seeded PRNG, so every machine seeds the same boards. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MAX_SCORE = 5_000_000; // 1 M entries over 5 M values: many ties, as real boards have
const YEAR_MS = 365 * 24 * 3600 * 1000;
const COLUMNS =
  'board_pk, player_id, player_name, score, elo, rank_key, wins, draws, losses, submissions, last_sub';

/**
 * Bulk INSERTs straight into `entries` (a desc Highscore board: rank_key = −score), in multi-row
 * batches inside transactions, then the rank counters rebuilt from them (src/store/entries.ts).
 */
async function seedEntries(ds: DataSource, board: SeededBoard, log: (m: string) => void) {
  const mysql = ds.options.type === 'mysql';
  await ds.query('DELETE FROM entries WHERE board_pk = ?', [board.pk]);
  const random = prng(board.size);
  const base = Date.UTC(2025, 0, 1);
  const batch = mysql ? 2000 : 500;
  const perTransaction = mysql ? 50_000 : 200_000;
  for (let start = 0; start < board.size; start += perTransaction) {
    const end = Math.min(board.size, start + perTransaction);
    await ds.transaction(async (tx) => {
      for (let from = start; from < end; from += batch) {
        const to = Math.min(end, from + batch);
        const params: unknown[] = [];
        for (let i = from; i < to; i++) {
          const score = Math.floor(random() * (MAX_SCORE + 1));
          const lastSub = new Date(base + Math.floor(random() * YEAR_MS));
          params.push(board.pk, playerId(i), `Player ${i}`, score, null, score === 0 ? 0 : -score);
          params.push(null, null, null, 1, lastSub.toISOString().replace('T', ' ').slice(0, 23));
        }
        const values = Array.from({ length: to - from }, () => '(?,?,?,?,?,?,?,?,?,?,?)').join(',');
        await tx.query(`INSERT INTO entries (${COLUMNS}) VALUES ${values}`, params);
      }
    });
    if (board.size >= 100_000) log(`  … ${end} / ${board.size} entries`);
  }
  await rebuildRankCounts(ds, board.pk);
  // InnoDB's statistics would catch up by themselves after a bulk load; make it deterministic.
  if (mysql) await ds.query('ANALYZE TABLE entries, entry_rank_counts');
}
