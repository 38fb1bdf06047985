import { describe, expect, it } from 'vitest';
import { rolesFor, type RankRole } from '../../src/domain/rank-roles';

/** Which rank roles a standing earns: thresholds, hysteresis, top N, minimum games, stacking. */
const role = (
  roleId: string,
  kind: RankRole['kind'],
  threshold: number,
  keep: number | null = null,
): RankRole => ({
  pk: 0,
  boardPk: 1,
  roleId,
  kind,
  threshold,
  keep,
  problem: null,
});
const GOLD = role('gold', 'value', 1200, 1150);
const SILVER = role('silver', 'value', 1000, 950);
const TOP = role('top3', 'top', 3, 5);
const ROLES = [SILVER, GOLD, TOP];
const one = { minGames: 0, stack: false };
const at = (value: number, rank = 10, games = 5) => ({ playerId: 'p', value, rank, games });

describe('rank roles', () => {
  it.each([
    // value, rank, held, earned
    [1210, 10, [], ['gold']],
    [1160, 10, [], ['silver']], // not yet gold: 1150 only keeps a gold already held
    [1160, 10, ['gold'], ['gold']], // held: kept down to 1150
    [1140, 10, ['gold'], ['silver']], // fell past the keep bound
    [960, 10, ['silver'], ['silver']],
    [940, 10, ['silver'], []],
    [1300, 3, [], ['top3']], // a top role outranks value roles
    [1300, 5, ['top3'], ['top3']], // kept down to rank 5
    [1300, 6, ['top3'], ['gold']],
  ])('GIVEN %i at rank %i holding %j THEN earns %j', (value, rank, held, earned) => {
    expect(rolesFor(at(value, rank), new Set(held), ROLES, one, 'desc')).toEqual(earned);
  });

  it('GIVEN too few games, no standing, stacking, or a lower-is-better board THEN the rules follow', () => {
    expect(
      rolesFor(at(1300, 1, 2), new Set(), ROLES, { minGames: 3, stack: false }, 'desc'),
    ).toEqual([]);
    expect(rolesFor(null, new Set(['gold']), ROLES, one, 'desc')).toEqual([]);
    expect(rolesFor(at(1300, 1), new Set(), ROLES, { minGames: 0, stack: true }, 'desc')).toEqual([
      'top3',
      'gold',
      'silver',
    ]);
    // Time board: 60 s or faster earns "fast", kept up to 65 s.
    const fast = role('fast', 'value', 60_000, 65_000);
    expect(rolesFor(at(59_000), new Set(), [fast], one, 'asc')).toEqual(['fast']);
    expect(rolesFor(at(64_000), new Set(), [fast], one, 'asc')).toEqual([]);
    expect(rolesFor(at(64_000), new Set(['fast']), [fast], one, 'asc')).toEqual(['fast']);
  });
});
