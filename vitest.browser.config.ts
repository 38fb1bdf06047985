import { defineConfig } from 'vitest/config';

/** Tests that drive Debian's headless Chromium: `bash scripts/browser-test.sh`, not `npm test`. */
export default defineConfig({
  test: {
    include: ['test/browser/**/*.browser.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/support/set-up-failures.ts'],
  },
});
