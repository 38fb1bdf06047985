import { baseline } from './baseline';
import { entriesDeep, entriesFirst, entryRank } from './entries';
import type { Scenario } from './types';
import { scoresWrite } from './writes';

/**
 * The registry of scenarios, in the order a round runs them. To add one (say POST /scores),
 * write a Scenario in this folder and list it here; the harness, the load generator and the
 * report pick it up by name.
 */
export const tallyScenarios: Scenario<unknown>[] = [entriesFirst, entriesDeep, entryRank];

/** Not per board size: one unit per backend (bench/targets.ts writeUnits). */
export const writeScenarios: Scenario<unknown>[] = [scoresWrite as Scenario<unknown>];

export const allScenarios: Scenario<unknown>[] = [baseline, ...tallyScenarios, ...writeScenarios];

export function scenarioByName(name: string): Scenario<unknown> {
  const found = allScenarios.find((s) => s.name === name);
  if (!found)
    throw new Error(
      `unknown scenario ${name} (known: ${allScenarios.map((s) => s.name).join(', ')})`,
    );
  return found;
}
