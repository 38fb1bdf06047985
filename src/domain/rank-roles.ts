/**
 * Rank roles, pure: which Discord roles a player's standing earns on a board.
 *
 * - A `value` role is earned at a rating, points or score at least as good as `threshold` (in the
 *   board's direction: higher on `desc` boards, lower on `asc` ones, such as Time) and, once held,
 *   kept while the value stays at least as good as `keep` (a lower "lose" bound: hysteresis, so a
 *   player on the edge does not flicker between roles).
 * - A `top` role is earned at a rank of `threshold` or better and kept down to rank `keep`.
 * - Players with fewer than `minGames` results get none.
 * - One rank role at a time (the best one earned) unless the board stacks them. Top roles rank
 *   above value roles; among top roles the smaller N is better; among value roles, the better
 *   threshold.
 */
export type RankRoleKind = 'value' | 'top';

export interface RankRole {
  pk: number;
  boardPk: number;
  roleId: string;
  kind: RankRoleKind;
  threshold: number;
  /** Kept while at least this good (value) or at this rank or better (top); null: as threshold. */
  keep: number | null;
  /** Why Discord refuses this role (set by the last attempt), or null. */
  problem: string | null;
}

export interface RankRoleSettings {
  boardPk: number;
  minGames: number;
  stack: boolean;
}

/** What the rules need of one player's standing. */
export interface Standing {
  playerId: string;
  value: number | null;
  rank: number;
  games: number;
}

/** Whether value `a` is at least as good as `b` on a board sorted `sort`. */
const atLeast = (a: number, b: number, sort: 'asc' | 'desc') => (sort === 'desc' ? a >= b : a <= b);

/** Roles best first: top roles by N, then value roles by threshold in the board's direction. */
export function byPrecedence(roles: readonly RankRole[], sort: 'asc' | 'desc'): RankRole[] {
  return [...roles].sort((a, b) => {
    if (a.kind !== b.kind) return a.kind === 'top' ? -1 : 1;
    if (a.kind === 'top') return a.threshold - b.threshold;
    return sort === 'desc' ? b.threshold - a.threshold : a.threshold - b.threshold;
  });
}

/** Whether `standing` earns `role`, or keeps it when `held`. */
export function earns(role: RankRole, standing: Standing, held: boolean, sort: 'asc' | 'desc') {
  const bound = held ? (role.keep ?? role.threshold) : role.threshold;
  if (role.kind === 'top') return standing.rank <= bound;
  return standing.value !== null && atLeast(standing.value, bound, sort);
}

/**
 * The rank roles a player should hold: none below the minimum games, else the best earned (or
 * every earned one when the board stacks them). `held` are the role ids Tally gave them.
 */
export function rolesFor(
  standing: Standing | null,
  held: ReadonlySet<string>,
  roles: readonly RankRole[],
  settings: Pick<RankRoleSettings, 'minGames' | 'stack'>,
  sort: 'asc' | 'desc',
): string[] {
  if (!standing || standing.games < settings.minGames) return [];
  const earned = byPrecedence(roles, sort).filter((role) =>
    earns(role, standing, held.has(role.roleId), sort),
  );
  return (settings.stack ? earned : earned.slice(0, 1)).map((role) => role.roleId);
}

/** `@Gold: rating 1200+ (kept down to 1150)`, `@Champion: top 3 (kept to rank 5)`. */
export function describeRankRole(role: RankRole, valueName: string, sort: 'asc' | 'desc'): string {
  const mention = `<@&${role.roleId}>`;
  if (role.kind === 'top') {
    const keep =
      role.keep !== null && role.keep !== role.threshold ? ` (kept to rank ${role.keep})` : '';
    return `${mention}: top ${role.threshold}${keep}`;
  }
  const edge = sort === 'desc' ? '+' : ' or better';
  const keep =
    role.keep !== null && role.keep !== role.threshold ? ` (kept down to ${role.keep})` : '';
  return `${mention}: ${valueName} ${role.threshold}${edge}${keep}`;
}
