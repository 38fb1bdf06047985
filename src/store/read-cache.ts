import type { Generation } from './generation';

/**
 * A reading of the database's generation (src/store/generation.ts), taken once per request
 * before anything is read for it. Generations only grow, so readings order themselves.
 */
export interface Stamp {
  readonly gen: number;
  /** Monotonic milliseconds when it was taken. */
  readonly at: number;
}

/** The generation now, or null while nothing may be cached. */
export function stampOf(generation: Generation): Stamp | null {
  const gen = generation.current();
  return gen === null ? null : { gen, at: performance.now() };
}

export interface ReadCacheOptions {
  /** Entries kept; the oldest stored goes first. */
  maxEntries: number;
  /** A safety net, not the mechanism: nothing is served older than this. */
  maxAgeMs: number;
}

interface Cached<V> {
  at: number;
  value: V;
}

/**
 * A bounded per-process cache of reads that are valid only while the database has not moved.
 * A value is stored under the stamp taken before it was read, and served to a request whose
 * stamp has the same generation, while it is younger than `maxAgeMs`. A newer generation drops
 * every entry at once.
 *
 *   const hit = stamp && cache.get(key, stamp);
 *   if (hit) return hit;
 *   const value = await readTheDatabase();
 *   if (stamp) cache.set(key, stamp, value);
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, Cached<V>>();
  /** The generation of every entry. */
  private gen = -1;

  constructor(private readonly options: ReadCacheOptions) {}

  get(key: string, stamp: Stamp): V | undefined {
    if (!this.current(stamp)) return undefined;
    const found = this.entries.get(key);
    if (!found) return undefined;
    if (stamp.at - found.at >= this.options.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return found.value;
  }

  /** Keeps what was read after `stamp` was taken, unless a newer generation has been seen. */
  set(key: string, stamp: Stamp, value: V): void {
    if (!this.current(stamp)) return;
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { at: stamp.at, value });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether the stamp is of the entries' generation, moving to it if it is newer. */
  private current(stamp: Stamp): boolean {
    if (stamp.gen === this.gen) return true;
    if (stamp.gen < this.gen) return false;
    this.entries.clear();
    this.gen = stamp.gen;
    return true;
  }
}
