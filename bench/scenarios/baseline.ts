import type { Scenario } from './types';

/**
 * B0 and B1 (bare node:http and an empty Express app) answer every request with the same fixed
 * body; the request carries the same Authorization header as the Tally scenarios.
 */
export const baselineParams = { path: '/v1/boards/baseline/entries?limit=50' };

export const baseline: Scenario<{ path: string }> = {
  name: 'baseline',
  description: 'GET / answered with a fixed JSON body',
  prepare: async () => baselineParams,
  request: (p) => ({ method: 'GET', path: p.path }),
  distinct: () => 1,
};
