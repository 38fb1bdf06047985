import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DockerfileParser } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draw, type RenderJob } from '../../src/render/draw';
import { SCRIPTS } from '../render/pictures';
import { readImageConfig, startImageProcess } from '../support/image';
import { ROOT, baseEnv, within } from '../support/serve';

/**
 * Issue: Tally under a supervisor. The Dockerfile and the systemd unit in the repo are linted,
 * and both start Tally by the same path as `npm start`. No Docker engine runs here, so the
 * image's file tree is rebuilt from its COPY lines and started the way its entrypoint would.
 */
const run = promisify(execFile);
const read = (path: string) => readFile(join(ROOT, path), 'utf8');
const startScript = async () =>
  (JSON.parse(await read('package.json')) as { scripts: { start: string } }).scripts.start;

describe('the Dockerfile', () => {
  let text: string;
  const instruction = (name: string) =>
    DockerfileParser.parse(text)
      .getInstructions()
      .filter((i) => i.getKeyword() === name);
  const execForm = (name: string) =>
    JSON.parse(instruction(name)[0]!.getRawArgumentsContent()!) as string[];
  beforeAll(async () => {
    text = await read('Dockerfile');
  });

  it('GIVEN the Dockerfile linter THEN it reports nothing', () => {
    expect(validate(text)).toEqual([]);
  });

  it('GIVEN its base image THEN it is the primary runtime, Node 24', () => {
    expect(instruction('FROM').map((i) => i.getArgumentsContent())).toEqual([
      expect.stringMatching(/^node:24-/),
    ]);
  });

  it('GIVEN its entrypoint THEN it is the start path of npm start, without the demo', async () => {
    const argv = [...execForm('ENTRYPOINT'), ...execForm('CMD')];
    expect(argv).toEqual(['node', 'bin/tally.mjs', 'serve']);
    // `exec`: the shell npm runs the script in becomes node, so npm's signal reaches Tally.
    expect(await startScript()).toBe(`exec ${argv.join(' ')} --demo`);
  });

  describe('GIVEN the image file tree (COPY lines, npm ci --omit=dev)', () => {
    let app: string;
    beforeAll(async () => {
      app = await mkdtemp(join(tmpdir(), 'tally-image-'));
      for (const copy of instruction('COPY')) {
        const args = copy.getArguments().map((a) => a.getValue());
        const target = args.pop()!;
        for (const source of args) {
          const to = target.endsWith('/') ? join(app, target, source) : join(app, target);
          await cp(join(ROOT, source), to, { recursive: true });
        }
      }
      await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: app,
        timeout: 180_000,
      });
    }, 200_000);
    afterAll(() => rm(app, { recursive: true, force: true }));

    it('THEN its node_modules is at most 150 MB (issue 31: files production never reads pruned)', async () => {
      const { stdout } = await run('du', ['-sk', join(app, 'node_modules')]);
      expect(Number(stdout.split('\t')[0]) * 1024).toBeLessThanOrEqual(150e6);
    });

    it('THEN a card and a chart in every script come out byte for byte as with every font file', async () => {
      const names = [...SCRIPTS.map(([, name]) => name), 'Gamer 🎮🔥', '👩‍💻'];
      const jobs: RenderJob[] = [
        {
          kind: 'card',
          data: {
            title: '春季 Ladder',
            subtitle: 'ELO',
            rows: names.map((name, i) => ({ rank: i + 1, name, value: `${1600 - i}` })),
          },
        },
        {
          kind: 'chart',
          data: {
            title: `${names.join(' ')}`,
            valueLabel: 'rating',
            points: [
              { at: 0, value: 1500 },
              { at: 86_400_000, value: 1530 },
            ],
          },
        },
      ];
      const script = join(app, 'draw-jobs.mts');
      await writeFile(
        script,
        `import { draw } from './src/render/draw.ts';\n` +
          `for (const job of JSON.parse(process.argv[2])) ` +
          `process.stdout.write((await draw(job)).toString('base64') + '\\n');\n`,
      );
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', script, JSON.stringify(jobs)],
        { cwd: app, maxBuffer: 16 * 1024 * 1024 },
      );
      const pruned = stdout.trim().split('\n');
      for (const [i, job] of jobs.entries()) {
        expect(pruned[i], job.kind).toBe((await draw(job)).toString('base64'));
      }
    }, 60_000);

    it('THEN its entrypoint serves and stops gracefully on SIGTERM', async () => {
      const image = await readImageConfig();
      expect(image.env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
      const { child, output, exited } = startImageProcess(
        [...image.entrypoint, ...image.cmd],
        app,
        // The image's environment, but on loopback, any port and a database of this test.
        {
          ...baseEnv(),
          ...image.env,
          HOST: '127.0.0.1',
          PORT: '0',
          DATABASE_URL: `sqlite:${app}/data/t.sqlite`,
        },
      );
      try {
        const deadline = Date.now() + 30_000;
        while (
          !/serving the API at/.test(output()) &&
          child.exitCode === null &&
          Date.now() < deadline
        )
          await new Promise((r) => setTimeout(r, 50));
        const url = /serving the API at (http:\/\/\S+)\/v1/.exec(output())?.[1];
        expect(url, output()).toBeDefined();
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
        expect((await fetch(`${url}/openapi.yaml`)).status).toBe(200);
        child.kill('SIGTERM');
        expect(await within(10_000, 'the image entrypoint to exit', exited)).toBe(0);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    }, 60_000);
  });
});

describe('the systemd unit (deploy/tally.service)', () => {
  it('GIVEN systemd-analyze verify THEN it reports nothing', async () => {
    const unit = await read('deploy/tally.service');
    const dir = await mkdtemp(join(tmpdir(), 'tally-unit-'));
    try {
      // verify checks that the executable exists: use this test's node for /usr/bin/node.
      const file = join(dir, 'tally.service');
      await writeFile(
        file,
        unit.replace('ExecStart=/usr/bin/node ', `ExecStart=${process.execPath} `),
      );
      const { stdout, stderr } = await run('systemd-analyze', ['verify', file]);
      expect(stdout + stderr).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('GIVEN its ExecStart THEN it is the start path of npm start, signalled directly', async () => {
    const unit = await read('deploy/tally.service');
    const setting = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1];
    const workdir = setting('WorkingDirectory')!;
    const [node, script, ...args] = setting('ExecStart')!.split(' ');
    expect(node).toMatch(/\/node$/);
    expect([`node ${script!.replace(`${workdir}/`, '')}`, ...args].join(' ')).toBe(
      (await startScript()).replace(/^exec /, '').replace(/ --demo$/, ''),
    );
    expect(setting('KillSignal')).toBe('SIGTERM');
    expect(setting('KillMode')).toBe('mixed');
  });
});
