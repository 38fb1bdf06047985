import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Browser tests need Chromium: vitest.browser.config.ts runs them (scripts/browser-test.sh).
    // The reliability suite runs for minutes: vitest.reliability.config.ts (npm run test:reliability).
    exclude: [...configDefaults.exclude, '**/*.browser.test.ts', 'test/reliability/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves a core free by default: on a 2-core machine that is one file at a time.
    // Every test sets up its own world (its own database, ports and processes), so all cores.
    maxWorkers: '100%',
    // A beforeAll that throws counts its tests as failed, not skipped (test/support/set-up-failures.ts).
    reporters: ['default', './test/support/set-up-failures.ts'],
  },
});
