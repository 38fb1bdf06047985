import type { Context } from './context';
import { generationOf } from '../store/generation';
import { ReadCache, stampOf, type ReadCacheOptions, type Stamp } from '../store/read-cache';

export type { ReadCacheOptions, Stamp };
export { ReadCache };

/**
 * Caches of reads for the front ends (the API's keys and first pages), valid only while the
 * database has not moved (src/store/generation.ts): this takes the reading a request's cache
 * lookups and fills go by, once per request, before anything is read for it.
 */
export function readStamps(ctx: Pick<Context, 'repos'>): () => Stamp | null {
  const generation = generationOf(ctx.repos.db);
  return () => stampOf(generation);
}
