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

interface Versioned<V> extends Cached<V> {
  /** The generation it was read or last confirmed at. */
  gen: number;
  /** What it was read under (src/store/board-versions.ts), read before the value was. */
  version: string;
}

/**
 * A cache of reads of one board each (its first pages), which a commit elsewhere does not drop
 * (issue 31: with the whole cache dropped on every commit, a write on any board turned every
 * cached page into a read, and reads queued behind the writes of other boards). Each value keeps
 * the board's version, read before the value was read. It is served as it is while the database
 * has not moved since it was read or confirmed (the stamp's generation); once the database has
 * moved, the board's version is read again, and the value is served, and confirmed at the new
 * generation, only if the version is still the same: only commits that moved this board's
 * version (every change to its pages does, in its own transaction) drop it. As with ReadCache,
 * nothing is served older than `maxAgeMs` after it was read, whatever the confirmations.
 *
 *   const hit = stamp && cache.get(key, stamp);             // no read at all
 *   if (hit) return hit;
 *   const version = await versionOf(board);               // one indexed row
 *   const kept = cache.confirm(key, stamp, version);       // same version: still the page
 *   if (kept) return kept;
 *   const value = await readThePage();
 *   cache.set(key, stamp, version, value);
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, Versioned<V>>();
  /** Answers so far: served with no read, served once the version was read, to be read. */
  readonly counts = { hit: 0, confirmed: 0, missed: 0 };

  constructor(private readonly options: ReadCacheOptions) {}

  /** The value if it was read or confirmed at the stamp's generation; nothing is read. */
  get(key: string, stamp: Stamp): V | undefined {
    const found = this.fresh(key, stamp);
    if (found?.gen !== stamp.gen) return undefined;
    this.counts.hit++;
    return found.value;
  }

  /** The value if it was kept under `version`, now confirmed at the stamp's generation. */
  confirm(key: string, stamp: Stamp, version: string | null): V | undefined {
    const found = this.fresh(key, stamp);
    if (!found || version === null || found.version !== version) {
      this.counts.missed++;
      return undefined;
    }
    if (stamp.gen > found.gen) found.gen = stamp.gen;
    this.counts.confirmed++;
    return found.value;
  }

  /** Keeps what was read after `stamp` was taken and `version` was read, unless newer is kept. */
  set(key: string, stamp: Stamp, version: string, value: V): void {
    const found = this.entries.get(key);
    if (found && found.gen > stamp.gen) return;
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { at: stamp.at, gen: stamp.gen, version, value });
  }

  get size(): number {
    return this.entries.size;
  }

  private fresh(key: string, stamp: Stamp): Versioned<V> | undefined {
    const found = this.entries.get(key);
    if (found && stamp.at - found.at >= this.options.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return found;
  }
}
