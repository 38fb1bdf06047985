import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, baseEnv, npmStart, stopNpmStart } from '../support/serve';

/**
 * Issue 30, "Done when": the README's start-here and own-workspace steps, run as written there
 * (the commands are read from README.md) against `npm start` on a fresh SQLite file and a free
 * port, each output checked, down to the first match in the new ladder's standings.
 */
const STEP_TIMEOUT_MS = 60_000;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function runFile(file: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: ROOT, env, timeout: STEP_TIMEOUT_MS, encoding: 'utf8' },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          signal: error?.signal ?? null,
          stdout,
          stderr,
        }),
    );
  });
}

/** The README's text between `<!-- name:start -->` and its end marker: a sh block's commands. */
function commandsOf(readme: string, name: string): string[] {
  const block = new RegExp(
    `<!-- ${name}:start -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`,
  ).exec(readme);
  expect(block, `the README has its ${name} steps between their markers`).not.toBeNull();
  return block![1]!
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

describe('the README first run', () => {
  let readme: string;
  let dataDir: string;
  let server: ChildProcess;
  let output = '';
  let url = '';
  const env = (): Record<string, string> => ({
    ...baseEnv(),
    DATABASE_URL: `sqlite:${join(dataDir, 'tally.sqlite')}`,
    PORT: '0',
  });

  beforeAll(async () => {
    readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    dataDir = await mkdtemp(join(tmpdir(), 'tally-first-run-'));
    // "Start here": `npm ci && npm start`; the checkout is installed already.
    const start = /```sh\n(npm ci && npm start)\s/.exec(
      readme.slice(readme.indexOf('## Start here')),
    );
    expect(start, 'Start here runs npm ci && npm start').not.toBeNull();
    const started = await npmStart(env(), [/Try, while the server runs/], STEP_TIMEOUT_MS);
    server = started.child;
    url = started.url;
    output = started.output();
  }, 90_000);

  afterAll(async () => {
    await stopNpmStart(server);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('GIVEN the README THEN how to get a supported Node comes before any command', () => {
    const firstCommand = readme.indexOf('```sh');
    const withNode = readme.indexOf('bash scripts/with-node.sh 24');
    expect(withNode).toBeGreaterThan(0);
    expect(withNode).toBeLessThan(firstCommand);
    expect(readme.slice(0, firstCommand)).toMatch(/Node 24\.11\+.*22\.13\+ and 26/s);
  });

  it.runIf(existsSync('/usr/bin/node'))(
    'GIVEN an unsupported Node THEN bin/tally.mjs says which to get and exits 1, no crash',
    async () => {
      const version = await runFile('/usr/bin/node', ['--version'], baseEnv());
      const major = Number(/^v(\d+)/.exec(version.stdout)?.[1]);
      if ([22, 24, 26].includes(major)) return; // this machine's Node is a supported one
      const run = await runFile('/usr/bin/node', ['bin/tally.mjs', 'serve'], env());
      expect(run.signal).toBeNull();
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(
        `tally: Node ${version.stdout.trim()} is not supported; Tally runs on Node 22.13+, 24.11+, 26`,
      );
      expect(run.stderr).toContain('bash scripts/with-node.sh 24 ');
    },
  );

  it('GIVEN npm start THEN its guide uses one host and prints the board index, which serves a page', async () => {
    const origin = new URL(url).origin;
    expect(origin).toMatch(/^http:\/\/localhost:\d+$/);
    const urls = output.match(/https?:\/\/[^\s'"/]+/g) ?? [];
    expect(new Set(urls)).toEqual(new Set([origin]));
    const index = `${origin}/boards/guild%3A804615273910462851`;
    expect(output).toContain(index);
    const page = await fetch(index);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('GIVEN /healthz THEN it answers the JSON the README shows', async () => {
    const shown = /`GET \/healthz` \(JSON:\s+`(\{.*?\})` with 200/s.exec(readme);
    expect(shown, 'the README quotes /healthz').not.toBeNull();
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(JSON.parse(shown![1]!));
  });

  it(
    'GIVEN the own-workspace steps as written THEN each output, and the first match in the standings',
    async () => {
      const port = new URL(url).port;
      const steps = commandsOf(readme, 'own-workspace');
      expect(steps).toHaveLength(6);
      let key = '';
      const outputs: string[] = [];
      for (const step of steps) {
        const command = step
          .replaceAll('localhost:3000', `localhost:${port}`)
          .replaceAll('sk_live_…', key);
        const run = await runFile('bash', ['-c', command], { ...env(), PORT: port });
        expect(run.code, `${step}\n${run.stderr}`).toBe(0);
        outputs.push(run.stdout);
        key ||= /sk_live_\S+/.exec(run.stdout)?.[0] ?? '';
      }
      const owner = 'guild:123456789012345678';
      const [added, created, minted, boards, match, entries] = outputs as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      expect(added.trim()).toBe(`Added ${owner} (My server); API access: open`);
      // One line: no "results wait for a moderator", the board applies them at once.
      expect(created.trim()).toBe(
        `Created ELO board ladder "1v1 ladder": http://localhost:${port}/boards/guild%3A123456789012345678/ladder`,
      );
      expect(minted).toMatch(/Secret, shown once and never again:\s+sk_live_\S+/);
      expect(key).not.toBe('');
      const list = JSON.parse(boards) as { data: { id: string; auto_applies: boolean }[] };
      expect(list.data).toEqual([expect.objectContaining({ id: 'ladder', auto_applies: true })]);
      expect(JSON.parse(match)).toMatchObject({ status: 'approved' });
      const standings = JSON.parse(entries) as {
        data: { rank: number; player_name: string; wins: number; losses: number }[];
      };
      expect(standings.data.map((e) => [e.rank, e.player_name, `${e.wins}-${e.losses}`])).toEqual([
        [1, 'Ada', '1-0'],
        [2, 'Grace', '0-1'],
      ]);
      // The README says so in its words after the steps.
      expect(readme).toContain('the standings list Ada first (1-0) and Grace (0-1)');
    },
    6 * STEP_TIMEOUT_MS,
  );

  it('GIVEN serve --port THEN it says to set PORT instead, and serve --help describes it', async () => {
    const flag = await runFile(
      process.execPath,
      ['bin/tally.mjs', 'serve', '--port', '4000'],
      env(),
    );
    expect(flag.code).toBe(1);
    expect(flag.stderr.trim()).toBe(
      'error: serve takes its settings from the environment, not --port: PORT=4000 npx tally serve (README "Configuration")',
    );
    const help = await runFile(process.execPath, ['bin/tally.mjs', 'serve', '--help'], env());
    expect(help.stdout).toContain('migrate, then run the worker, the HTTP API and the bot');
    expect(help.stdout).not.toContain('--port');
  });
});
