import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/serve';

/**
 * Issue 25 item 6: a set-up that fails is a failed test in the summary, not "skipped". Runs the
 * suite's own reporters on a fixture whose beforeAll throws.
 */
describe('a failed set-up in the summary', () => {
  it('GIVEN a beforeAll that throws THEN its tests count as failed, named with the reason, and the run fails', async () => {
    const fixture = join(ROOT, 'test/fixtures/set-up-failure');
    const run = await new Promise<{ code: number | null; out: string; stdout: string }>(
      (resolve) => {
        execFile(
          process.execPath,
          [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', fixture],
          { cwd: fixture, timeout: 60_000, env: { ...process.env, NO_COLOR: '1', CI: 'true' } },
          (error, stdout, stderr) =>
            resolve({
              code: error ? (error.code as number | null) : 0,
              out: stdout + stderr,
              stdout,
            }),
        );
      },
    );
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain(
      'Set-up failed: failing-set-up.check.ts › a world that never starts: the fake Discord did not answer within 10 s',
    );
    expect(run.out).toContain('2 tests could not run and count as failed.');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('Summary: 1 passed, 2 failed');
  }, 60_000);
});
