import { describe, expect, it } from 'vitest';
import { VersionedCache, type Stamp } from '../../src/store/read-cache';

/**
 * Issue 31: a first page kept under its board's version (src/store/read-cache.ts). Served as it
 * is while the database has not moved; once it moved, only after the board's version was read
 * and found unchanged; never past its age limit, however often it is confirmed.
 */
describe('VersionedCache', () => {
  const stamp = (gen: number, at = 0): Stamp => ({ gen, at });
  const cache = () => new VersionedCache<string>({ maxEntries: 2, maxAgeMs: 1000 });

  it('GIVEN a value kept at a generation THEN it is served at that generation only', () => {
    const c = cache();
    c.set('a', stamp(1), 'v1', 'page');
    expect(c.get('a', stamp(1, 10))).toBe('page');
    expect(c.get('a', stamp(2, 10))).toBeUndefined();
    expect(c.counts).toEqual({ hit: 1, confirmed: 0, missed: 0 });
  });

  it('GIVEN the database moved WHEN the version reads the same THEN it is confirmed and served at the new generation', () => {
    const c = cache();
    c.set('a', stamp(1), 'v1', 'page');
    expect(c.confirm('a', stamp(5, 10), 'v1')).toBe('page');
    expect(c.get('a', stamp(5, 20))).toBe('page');
    expect(c.counts).toEqual({ hit: 1, confirmed: 1, missed: 0 });
  });

  it('GIVEN the database moved WHEN the version moved or the board is gone THEN it is not served', () => {
    const c = cache();
    c.set('a', stamp(1), 'v1', 'page');
    expect(c.confirm('a', stamp(2), 'v2')).toBeUndefined();
    expect(c.confirm('a', stamp(2), null)).toBeUndefined();
    expect(c.confirm('b', stamp(2), 'v1')).toBeUndefined();
    expect(c.counts.missed).toBe(3);
  });

  it('GIVEN confirmations THEN nothing is served past its age from when it was read', () => {
    const c = cache();
    c.set('a', stamp(1, 0), 'v1', 'page');
    expect(c.confirm('a', stamp(2, 900), 'v1')).toBe('page');
    expect(c.get('a', stamp(2, 1000))).toBeUndefined();
    expect(c.confirm('a', stamp(3, 1000), 'v1')).toBeUndefined();
  });

  it('GIVEN a value confirmed at a newer generation WHEN an older read finishes THEN the newer stays', () => {
    const c = cache();
    c.set('a', stamp(1), 'v1', 'old');
    c.confirm('a', stamp(3), 'v1');
    c.set('a', stamp(2), 'v2', 'late');
    expect(c.get('a', stamp(3))).toBe('old');
    c.set('a', stamp(4), 'v3', 'new');
    expect(c.get('a', stamp(4))).toBe('new');
  });

  it('GIVEN more keys than it holds THEN the oldest stored goes first', () => {
    const c = cache();
    c.set('a', stamp(1), 'v', 'A');
    c.set('b', stamp(1), 'v', 'B');
    c.set('c', stamp(1), 'v', 'C');
    expect(c.size).toBe(2);
    expect(c.get('a', stamp(1))).toBeUndefined();
    expect(c.get('c', stamp(1))).toBe('C');
  });
});
