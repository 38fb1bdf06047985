import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { alive, describe as describeProcesses, processTree } from '../support/process-tree';
import { ROOT, baseEnv, within } from '../support/serve';

/**
 * Issue: `npm start` under a supervisor. A supervisor (systemd, a container runtime, a shell
 * script) signals the pid it started: the README's run command. That pid is npm's; the signal
 * must stop Tally gracefully and leave no process of the tree behind.
 */
/** Every process of every tree a test started, killed after it whatever happened. */
const trees: (() => number[])[] = [];
afterEach(() => {
  for (const pid of alive(trees.flatMap((tree) => tree()))) process.kill(pid, 'SIGKILL');
  trees.length = 0;
});

/**
 * Whether the port refuses connections: a connection refused or dropped, not an answer, and not
 * an answer that is merely slow (a loaded machine) or a request we gave up on.
 */
async function refused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
    return false;
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
  }
}

/**
 * How long a supervisor waits for a graceful stop before it kills: `docker stop`'s default of 10 s
 * is the shortest in common use (systemd's is 90 s). The stop must fit in it on a loaded machine.
 */
const SUPERVISOR_PATIENCE_MS = 10_000;

async function until(what: string, ms: number, check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The ways a stop reaches Tally: a supervisor signals the pid it started (npm's), and Ctrl-C in
 * a terminal signals the whole process group (npm and Tally both get it, and npm forwards it).
 */
const STOPS = [
  { how: 'SIGTERM to the npm pid', signal: 'SIGTERM', group: false },
  { how: 'SIGINT to the npm pid', signal: 'SIGINT', group: false },
  { how: 'Ctrl-C (SIGINT to the process group)', signal: 'SIGINT', group: true },
] as const;

describe('npm start under a supervisor', () => {
  it.each(STOPS)(
    'GIVEN $how THEN it stops gracefully, the port stops answering and no process is left',
    async ({ signal, group }) => {
      const dir = await mkdtemp(join(tmpdir(), 'tally-supervisor-'));
      try {
        const env = baseEnv();
        // Exactly the README's run command (after `npm ci`), on a database of its own, in a
        // process group of its own as a terminal or a supervisor would start it.
        const npm = spawn('npm', ['start'], {
          cwd: ROOT,
          env: { ...env, DATABASE_URL: `sqlite:${dir}/tally.sqlite`, PORT: '0', LOG_LEVEL: 'info' },
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
        let tree = [npm.pid!];
        trees.push(() => tree);
        let output = '';
        npm.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
        npm.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
        const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
          // 'close', not 'exit': the streams are read to their end, Tally's last line included.
          (resolve) => npm.once('close', (code, sig) => resolve({ code, signal: sig })),
        );
        await until('npm start to serve', 60_000, () => {
          if (npm.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
          return /serving the API at/.test(output);
        });
        const url = /serving the API at (http:\/\/\S+)\/v1/.exec(output)![1]!;
        tree = processTree(npm.pid!);
        expect(describeProcesses(tree)).toMatch(/bin\/tally\.mjs serve --demo/);
        expect((await fetch(`${url}/healthz`)).status).toBe(200);

        const sent = Date.now();
        process.kill(group ? -npm.pid! : npm.pid!, signal);
        await until('the port to stop answering', SUPERVISOR_PATIENCE_MS, () => refused(url));
        const how = await within(SUPERVISOR_PATIENCE_MS, 'npm to exit', exited);
        await until(
          `no process of the tree left:\n${describeProcesses(alive(tree))}`,
          SUPERVISOR_PATIENCE_MS,
          () => Promise.resolve(alive(tree).length === 0),
        );
        // Graceful: Tally's own handler stopped it once and closed everything ("stopped" is
        // written after the database closed) before it exited 0, within a supervisor's patience.
        // A stop that hung and let the process end by itself once nothing held it (the SQLite
        // checkpoint thread's exit, awaited unref'd) wrote no "stopped"; an echo of Ctrl-C then
        // found Node tearing down and npm reported SIGINT.
        expect(output.match(/"msg":"stopping"/g), output).toHaveLength(1);
        expect(output.match(/"msg":"stopped","code":0/g), output).toHaveLength(1);
        expect(how, output).toEqual({ code: 0, signal: null });
        expect(output).not.toMatch(/second stop signal/);
        expect(Date.now() - sent).toBeLessThan(SUPERVISOR_PATIENCE_MS);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
