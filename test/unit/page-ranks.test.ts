import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { competitionRanks, pageRanks } from '../../src/domain/ranking';

/**
 * The page-rank rule: a page's ranks, computed from the page and the counters alone, are the
 * ranks the whole board would give those rows (standard competition ranking, DESIGN.md 3).
 */
describe('pageRanks', () => {
  it.each([
    [[10, 20, 20, 30], null, [1, 2, 2, 4]],
    // After the cursor at key 20 (one entry better, two tied): the other 20 shares rank 2.
    [[20, 30, 30, 40], { afterKey: 20, better: 1, tied: 2 }, [2, 4, 4, 6]],
    // After the last of the 20s: the page starts past the tie group.
    [[30, 30, 40], { afterKey: 20, better: 1, tied: 2 }, [4, 4, 6]],
    [[], { afterKey: 20, better: 1, tied: 2 }, []],
  ] as const)('GIVEN keys %j after %j THEN ranks %j', (keys, start, ranks) => {
    expect(pageRanks(keys, start)).toEqual(ranks);
  });

  it('GIVEN any board with ties, any cursor and any page size THEN the ranks are the board ranks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        (values, at, limit, fromStart) => {
          const keys = [...values].sort((a, b) => a - b);
          const all = competitionRanks(keys);
          const cursor = at % keys.length;
          const first = fromStart ? 0 : cursor + 1;
          const page = keys.slice(first, first + limit);
          const afterKey = keys[cursor]!;
          const start = fromStart
            ? null
            : {
                afterKey,
                better: keys.filter((k) => k < afterKey).length,
                tied: keys.filter((k) => k === afterKey).length,
              };
          expect(pageRanks(page, start)).toEqual(all.slice(first, first + limit));
        },
      ),
      { seed: 20261123, numRuns: 2_000 },
    );
  });
});
