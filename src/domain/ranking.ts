import type { BoardSort, BoardType } from './vocabulary';
import { rankedValue } from './display';
import { TallyError } from './errors';

/**
 * The ranking value with the direction folded in (entities/entry.ts): value on `asc` boards,
 * −value on `desc` boards, so (rank_key ASC, player_id ASC) is the board order either way.
 * Never −0, which a driver could write as "-0".
 */
export function rankKeyOf(value: number, sort: BoardSort): number {
  if (value === 0) return 0;
  return sort === 'asc' ? value : -value;
}

/** DESIGN.md 3: ELO boards rank by elo; every other type by score (League: league points). */
export function valueOf(
  entry: { score: number | null; elo: number | null },
  boardType: BoardType,
): number {
  const value = rankedValue({ type: boardType }, entry);
  if (value === null) {
    throw new TallyError('internal_error', `an entry on a ${boardType} board has no value`);
  }
  return value;
}

/** The rank_key column of an entry on a board. */
export function entryRankKey(
  entry: { score: number | null; elo: number | null },
  board: { type: BoardType; sort: BoardSort },
): number {
  return rankKeyOf(valueOf(entry, board.type), board.sort);
}

/**
 * player_id order as the databases sort it: SQLite BINARY and MariaDB utf8mb4_bin both compare
 * UTF-8 bytes. JS `<` compares UTF-16 code units, which puts astral characters (surrogates
 * 0xD800–0xDFFF) before U+E000–U+FFFF; UTF-8 bytes put them after.
 */
export function compareIds(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Board order (DESIGN.md 3): rank_key ascending, then player_id ascending (binary). */
export function compareEntries(
  a: { rankKey: number; playerId: string },
  b: { rankKey: number; playerId: string },
): number {
  if (a.rankKey !== b.rankKey) return a.rankKey < b.rankKey ? -1 : 1;
  return compareIds(a.playerId, b.playerId);
}

/**
 * Standard competition ranking (1, 2, 2, 4) of values sorted best-first: rank = 1 + the number
 * of entries strictly better. The reference the read model's live ranks are checked against.
 */
export function competitionRanks(values: readonly number[]): number[] {
  const ranks: number[] = [];
  values.forEach((value, i) => {
    const previousRank = ranks[i - 1];
    ranks.push(previousRank !== undefined && values[i - 1] === value ? previousRank : i + 1);
  });
  return ranks;
}

/** Where a deep page starts: the cursor's rank_key and the counters' view of it. */
export interface PageStart {
  afterKey: number;
  /** Entries strictly better than the cursor's key. */
  better: number;
  /** Entries with exactly the cursor's key (the cursor's own among them). */
  tied: number;
}

/**
 * The competition ranks of one page of rank keys in board order (DESIGN.md 3), without reading
 * the rows before it: the first page starts at rank 1; a page after a cursor knows from the
 * counters how many entries are better than the cursor's key and how many share it. Rows of the
 * cursor's own tie group that open the page share its rank; every later group's rank is 1 + the
 * entries before the cursor's group, the whole group, and the page rows after it.
 */
export function pageRanks(keys: readonly number[], start: PageStart | null): number[] {
  let tiedOnPage = 0;
  while (start && tiedOnPage < keys.length && keys[tiedOnPage] === start.afterKey) tiedOnPage++;
  const ranks: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    const previous = ranks[i - 1];
    if (previous !== undefined && keys[i] === keys[i - 1]) ranks.push(previous);
    else if (!start) ranks.push(i + 1);
    else if (i < tiedOnPage) ranks.push(start.better + 1);
    else ranks.push(start.better + start.tied + (i - tiedOnPage) + 1);
  }
  return ranks;
}
