import type { Request } from 'express';
import { badRequest, TallyError } from '../domain/errors';

/** One value of a query parameter; a repeated parameter is as unusable as a malformed one. */
export function queryValue(req: Request, name: string): string | undefined {
  return valueOf(req.query, name);
}

function valueOf(query: Request['query'], name: string): string | undefined {
  const value: unknown = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`query parameter ${name} must be given once`);
  return value;
}

/** spec 4.1: limit is an integer 1–200, default 50; out of range is a 422. */
export function pageLimit(req: Request): number {
  return limitOf(req.query);
}

function limitOf(query: Request['query']): number {
  const raw = valueOf(query, 'limit');
  if (raw === undefined) return 50;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1 || Number(raw) > 200) {
    throw new TallyError('invalid_request', 'limit must be an integer from 1 to 200');
  }
  return Number(raw);
}

export const pageCursor = (req: Request) => queryValue(req, 'cursor');

/**
 * `limit` then `cursor` (pageLimit, pageCursor) from one parse of the query string: Express
 * parses it again on every read of req.query.
 */
export function pageQuery(req: Request): { limit: number; cursor: string | undefined } {
  const query = req.query;
  return { limit: limitOf(query), cursor: valueOf(query, 'cursor') };
}

/** A page envelope (spec 2.10); the use case read one extra row to know there is more. */
export function envelope<T>(data: T[], nextCursor: string | null) {
  return { data, has_more: nextCursor !== null, next_cursor: nextCursor };
}
