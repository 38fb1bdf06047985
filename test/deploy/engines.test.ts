import { execFile, execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/serve';

/**
 * Issue: supported runtimes. `npm ci` refuses a Node outside the supported lines with a message
 * that names them, and every dependency accepts the lowest release of each line. npm is run for
 * real (`ci --dry-run` on a copy of the manifest, lock file and .npmrc) with the version it sees
 * set by a preloaded module, since only one Node is installed at a time.
 */
const npmCli = execFileSync('sh', ['-c', 'readlink -f "$(command -v npm)"'], {
  encoding: 'utf8',
}).trim();
let project: string;
let supported: string;

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'tally-engines-'));
  for (const file of ['package.json', 'package-lock.json', '.npmrc'])
    await cp(join(ROOT, file), join(project, file));
  supported = (
    JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    }
  ).engines.node;
});
afterAll(() => rm(project, { recursive: true, force: true }));

function npmCiAs(version: string) {
  const preload = `data:text/javascript,Object.defineProperty(process,'version',{value:'${version}'})`;
  const args = [
    '--import',
    preload,
    npmCli,
    'ci',
    '--dry-run',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
  ];
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, args, { cwd: project, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

describe('supported Node versions', () => {
  it('GIVEN the engines field THEN it names 22, 24 and 26 and engine-strict is on', async () => {
    expect(supported).toBe('^22.13.0 || ^24.11.0 || ^26.0.0');
    expect(await readFile(join(ROOT, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
  });

  it.each(['v22.13.0', 'v24.11.0', 'v26.0.0'])(
    'GIVEN Node %s THEN npm ci accepts the whole dependency tree',
    async (version) => {
      const run = await npmCiAs(version);
      expect(run.output).not.toMatch(/EBADENGINE/);
      expect(run.code, run.output).toBe(0);
    },
    60_000,
  );

  it.each(['v20.20.2', 'v22.12.0', 'v23.11.0', 'v24.10.0', 'v25.9.0', 'v27.0.0'])(
    'GIVEN Node %s THEN npm ci refuses it, naming the supported versions',
    async (version) => {
      const run = await npmCiAs(version);
      expect(run.code).not.toBe(0);
      expect(run.output).toMatch(/EBADENGINE/);
      expect(run.output).toContain('Not compatible with your version of node/npm: tally@');
      expect(run.output).toContain(`Required: {"node":"${supported}"}`);
    },
    60_000,
  );
});
