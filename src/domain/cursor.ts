import { badRequest } from './errors';

/**
 * Cursors are opaque to clients but not signed (spec 8): base64url of a small JSON object. A
 * hand-built cursor is accepted and starts wherever it says; a malformed one is a 400.
 */
export function encodeCursor(position: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): Record<string, unknown> {
  if (cursor.length < 1 || cursor.length > 512 || !/^[A-Za-z0-9_-]+={0,2}$/.test(cursor)) {
    throw badRequest('cursor is malformed');
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('cursor is malformed');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest('cursor is malformed');
  return value as Record<string, unknown>;
}

/** A safe integer field of a decoded cursor, or a 400. */
export function cursorInt(position: Record<string, unknown>, field: string): number {
  const value = position[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw badRequest('cursor is malformed');
  return value;
}

export function cursorString(position: Record<string, unknown>, field: string, max = 160): string {
  const value = position[field];
  if (typeof value !== 'string' || value.length > max) throw badRequest('cursor is malformed');
  return value;
}

/** Where an entries page starts (DESIGN.md 3): the last row's value and player_id, never a rank. */
export interface EntriesCursor {
  value: number;
  playerId: string;
}

export const encodeEntriesCursor = (c: EntriesCursor) =>
  encodeCursor({ v: c.value, p: c.playerId });

/** A malformed cursor is a 400 (spec 4.4); a hand-built but well-formed one starts where it says. */
export function decodeEntriesCursor(cursor: string): EntriesCursor {
  const position = decodeCursor(cursor);
  return { value: cursorInt(position, 'v'), playerId: cursorString(position, 'p') };
}

/**
 * A keyset page from `limit + 1` rows read (spec 2.10): there is a next page only when the
 * extra row exists, never because a page came back short; its cursor is the last row shown.
 */
export function splitPage<T>(
  rows: T[],
  limit: number,
  cursorOf: (last: T) => string,
): { items: T[]; nextCursor: string | null } {
  const { items, next } = keysetPage(rows, limit, cursorOf);
  return { items, nextCursor: next };
}

/**
 * The same rule for any position type (a pk, a season number, an offset): the page's rows and
 * where the next page starts, or null when the extra row was not there.
 */
export function keysetPage<T, K>(
  rows: readonly T[],
  limit: number,
  positionOf: (last: T) => K,
): { items: T[]; next: K | null } {
  if (rows.length <= limit) return { items: [...rows], next: null };
  const items = rows.slice(0, limit);
  return { items, next: positionOf(items[items.length - 1]!) };
}
