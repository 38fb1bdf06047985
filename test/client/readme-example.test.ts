import { execFile, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, baseEnv, npmStart, stopNpmStart } from '../support/serve';

/**
 * The README's client example, exactly as written there, against `npm start` exactly as the
 * README runs it (on a fresh SQLite file and a free port), with the built `tally/client`.
 */
describe('the README client example', () => {
  let dataDir: string;
  let server: ChildProcess;
  let url = '';
  let key = '';
  const env = () => {
    return { ...baseEnv(), DATABASE_URL: `sqlite:${join(dataDir, 'tally.sqlite')}`, PORT: '0' };
  };
  const run = (file: string, args: string[], extra: Record<string, string> = {}) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        file,
        args,
        { cwd: ROOT, env: { ...env(), ...extra }, timeout: 60_000, encoding: 'utf8' },
        (error, stdout, stderr) =>
          resolve({
            code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
            stdout,
            stderr,
          }),
      );
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tally-readme-'));
    // What `npm ci` did (prepare): the client built from this checkout's source.
    const built = await run('npm', ['run', 'build:client']);
    expect(built.code, built.stderr).toBe(0);
    const readWrite = /read-write\s+\S+\s+(sk_live_\S+)/;
    const started = await npmStart(env(), [readWrite], 60_000);
    server = started.child;
    url = started.url;
    key = readWrite.exec(started.output())![1]!;
  }, 90_000);

  afterAll(async () => {
    await stopNpmStart(server);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('GIVEN npm start THEN the example posts a match, waits for its outcome and prints the standings', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const block =
      /<!-- client-example:start -->\s*```js\n([\s\S]*?)```\s*<!-- client-example:end -->/.exec(
        readme,
      );
    expect(block, 'the README has the example between its markers').not.toBeNull();
    // Where the README says to save it: inside the checkout, so `tally/client` resolves.
    await mkdir(join(ROOT, 'scratch'), { recursive: true });
    const file = join(ROOT, 'scratch', `readme-example-${process.pid}.mjs`);
    await writeFile(file, block![1]!);
    try {
      const ran = await run(process.execPath, [file], {
        TALLY_URL: url,
        TALLY_KEY: key,
      });
      expect(ran.code, ran.stderr).toBe(0);
      const lines = ran.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^Chess Ladder: 201 sub_\d+ approved$/);
      expect(lines[1]).toMatch(/^outcome: approved, match #\d+$/);
      const standings = lines.slice(2);
      expect(standings.length).toBeGreaterThan(2);
      for (const line of standings) expect(line).toMatch(/^\d+\. .+ \d+ \(\d+-\d+\)$/);
      expect(standings.find((l) => / Ada /.test(l))).toMatch(/\(1-0\)$/);
      expect(standings.find((l) => / Grace /.test(l))).toMatch(/\(0-1\)$/);

      // A refused call is printed as its code, not a stack trace.
      const refused = await run(process.execPath, [file], {
        TALLY_URL: url,
        TALLY_KEY: 'sk_live_revoked',
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toMatch(/^refused: authentication_failed: .+/);

      // Issue 30: no server there, one line naming the URL tried, no uncaught error.
      const down = await run(process.execPath, [file], {
        TALLY_URL: 'http://127.0.0.1:9',
        TALLY_KEY: key,
      });
      expect(down.code).toBe(1);
      expect(down.stderr.trim()).toMatch(
        /^no answer from the API at GET http:\/\/127\.0\.0\.1:9\/v1\/boards\S*: fetch failed \(.+\)$/,
      );
    } finally {
      await rm(file, { force: true });
    }
  });
});
