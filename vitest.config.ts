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
  },
});
