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
