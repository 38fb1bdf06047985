import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability` (scripts/test-reliability.sh): fuzzing, isolation, fault injection
 * and the two-process load run, on MariaDB + Redis. Kept out of `npm test` (vitest.config.ts):
 * these run for minutes, start private database servers and load the machine.
 */
export default defineConfig({
  test: {
    include: ['test/reliability/**/*.test.ts'],
    exclude: [...configDefaults.exclude, '**/*.browser.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Fault and load files start servers and saturate the 2 cores; one file at a time keeps
    // their numbers meaningful and their bounds honest.
    fileParallelism: false,
    reporters: ['default', './test/support/set-up-failures.ts'],
  },
});
