import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/serve';

/**
 * Issue 30 item 1: every `bash scripts/with-node.sh …` command runs without an npm warning. npm 11
 * warns `Unknown env config "nodedir"` on each command that loads its config when the script
 * exports npm_config_nodedir (what it did before 00a9261), so the commands here load npm's config.
 *
 * The machine's own npm config is left out (its ~/.npmrc says nodedir=/usr, which npm warns about
 * as an unknown user config: the machine's, not ours), and so is every npm_* variable this run
 * inherited from the npm or npx that started vitest: only the script's own environment counts.
 * The project's .npmrc (the working directory's) is ours and is read.
 */
let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tally-with-node-'));
  const userconfig = join(dir, 'npmrc');
  await writeFile(userconfig, '');
  env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  env.NPM_CONFIG_USERCONFIG = userconfig;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function withNode(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'bash',
      [join(ROOT, 'scripts/with-node.sh'), '24', ...args],
      { cwd: ROOT, env, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('scripts/with-node.sh', () => {
  it.each([
    [['npm', 'prefix'], ROOT.replace(/\/$/, '')],
    [['npm', 'config', 'get', 'engine-strict'], 'true'],
  ])(
    'GIVEN a clean npm user config WHEN it runs %j THEN npm answers and prints no warning',
    async (args, answer) => {
      const run = await withNode(args);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.trim()).toBe(answer);
      expect(run.stderr).not.toMatch(/npm warn/i);
    },
    120_000,
  );
});
