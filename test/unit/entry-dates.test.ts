import { describe, expect, it } from 'vitest';
import { isoOf } from '../../src/api/serialize/entry';

/** The Entry's last_sub (spec 2.4) is written by a hand-rolled formatter on the hot path. */
describe('isoOf', () => {
  it('GIVEN 20 000 instants across years 1000–9999 THEN it writes exactly what toISOString writes', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const from = Date.UTC(1000, 0, 1);
    const to = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    const instants = [from, to, 0, Date.UTC(2026, 10, 23, 9, 5, 7, 3)];
    for (let i = 0; i < 20_000; i++) instants.push(Math.floor(from + random() * (to - from)));
    for (const ms of instants) expect(isoOf(new Date(ms))).toBe(new Date(ms).toISOString());
  });

  it('GIVEN a year outside 1000–9999 or an invalid date THEN it behaves as toISOString', () => {
    expect(isoOf(new Date(Date.UTC(999, 0, 1)))).toBe('0999-01-01T00:00:00.000Z');
    expect(isoOf(new Date(Date.UTC(10000, 0, 1)))).toBe('+010000-01-01T00:00:00.000Z');
    expect(() => isoOf(new Date(NaN))).toThrow(RangeError);
  });
});
