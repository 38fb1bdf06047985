import type { Context } from './context';
import { generationOf } from '../store/generation';
import {
  ReadCache,
  VersionedCache,
  stampOf,
  type ReadCacheOptions,
  type Stamp,
} from '../store/read-cache';

export type { ReadCacheOptions, Stamp };
export { ReadCache, VersionedCache };

/**
 * Caches of reads for the front ends (the API's keys and first pages), valid only while the
 * database has not moved (src/store/generation.ts): this takes the reading a request's cache
 * lookups and fills go by, once per request, before anything is read for it.
 */
export function readStamps(ctx: Pick<Context, 'repos'>): () => Stamp | null {
  const generation = generationOf(ctx.repos.db);
  return () => stampOf(generation);
}

/**
 * The version of the board a request names (src/store/board-versions.ts), for a VersionedCache:
 * read before its page is read, and to confirm a kept page once the database has moved; null
 * when there is no such board.
 */
export const boardVersionOf = (
  ctx: Pick<Context, 'repos'>,
  ownerId: string,
  boardId: string,
): Promise<string | null> => ctx.repos.boards.versionOf(ownerId, boardId);
