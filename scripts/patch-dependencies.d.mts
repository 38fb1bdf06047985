/** Types of scripts/patch-dependencies.mjs, for its test (test/render/arabic-marks.test.ts). */
export const SATORI_VERSION: string;
export const SATORI_FILES: string[];
export function patchSatori(
  dir: string,
): { skipped: string; changes?: undefined } | { skipped?: undefined; changes: [string, string][] };
