import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { redisServerUrl } from './backends';

/** `tally serve` as a real child process, for the crash, shutdown and multi-process tests. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PUBLIC_URL = 'http://tally.test';

/** Every variable Tally reads, plus the crash point: the child gets only what a test sets. */
export const TALLY_ENV = [
  'DATABASE_URL',
  'REDIS_URL',
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DISCORD_TOKEN',
  'DISCORD_APPLICATION_ID',
  'DISCORD_API_URL',
  'DISCORD_SHARDS',
  'DISCORD_SHARD_COUNT',
  'TRUST_PROXY',
  'API_ACCESS',
  'SYNC_WAIT_MS',
  'RATE_LIMIT_READ_PER_MIN',
  'RATE_LIMIT_WRITE_PER_MIN',
  'LOG_LEVEL',
  'TALLY_CRASH_AT',
];

/**
 * Node's compile cache for the processes tests start: every start of `tally` compiles the same
 * thousands of modules, a sixth of its CPU, and the suite starts it a few hundred times. Entries
 * are checked against each file's content (https://nodejs.org/api/module.html#module-compile-cache),
 * so the cache changes nothing but the time.
 */
export const COMPILE_CACHE_ENV = { NODE_COMPILE_CACHE: join(tmpdir(), 'tally-test-compile-cache') };

/**
 * What a child process of a test starts from: this process's environment without any Tally
 * variable (a child gets only those its test sets), with the compile cache.
 */
export function baseEnv(): Record<string, string> {
  const inherited = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && !TALLY_ENV.includes(entry[0]),
  );
  return { ...Object.fromEntries(inherited), ...COMPILE_CACHE_ENV };
}

export interface Served {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

/** Rejects after `ms` with `what` in the message, so no wait is unbounded. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Starts `tally serve` on a database with limits raised out of the way (and this run's Redis,
 * if any); resolves once it printed its URL. `env` adds or overrides variables.
 */
export async function spawnServe(
  databaseUrl: string,
  env: Record<string, string> = {},
  startTimeoutMs = 20_000,
): Promise<Served> {
  const child = spawn(process.execPath, ['bin/tally.mjs', 'serve'], {
    cwd: ROOT,
    env: {
      ...baseEnv(),
      DATABASE_URL: databaseUrl,
      PORT: '0',
      PUBLIC_URL,
      RATE_LIMIT_READ_PER_MIN: '1000000',
      RATE_LIMIT_WRITE_PER_MIN: '1000000',
      ...(redisServerUrl ? { REDIS_URL: redisServerUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /serving the API at (http:\/\/\S+)\/v1/.exec(output);
      if (found?.[1]) resolve(found[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((how) =>
      reject(new Error(`serve exited early (${how.signal ?? how.code}):\n${output}`)),
    );
  });
  try {
    return {
      child,
      exited,
      output: () => output,
      url: await within(startTimeoutMs, 'tally serve to listen', url),
    };
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
}

/**
 * `npm start` as the README runs it (`serve --demo`), resolved once its output (stdout and stderr)
 * matches every one of `until` and says where it serves.
 */
export async function npmStart(
  env: Record<string, string>,
  until: RegExp[],
  timeoutMs: number,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn('npm', ['start'], { cwd: ROOT, env, stdio: 'pipe' });
  let output = '';
  const url = await within(
    timeoutMs,
    'npm start to print its URL and guide',
    new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const serving = /serving the API at (http:\/\/\S+)\/v1/.exec(output);
        if (serving && until.every((pattern) => pattern.test(output))) resolve(serving[1]!);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`npm start exited ${code}:\n${output}`)));
    }),
  );
  return { child, url, output: () => output };
}

/** Stops what npmStart started (SIGTERM, as Ctrl-C would), if it still runs. */
export async function stopNpmStart(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await within(15_000, 'npm start to stop', exited);
}

/** What a `tally` command printed and how it exited (null: killed, e.g. by the timeout). */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * One `tally` command as an operator runs it, on `databaseUrl`, with none of this process's Tally
 * settings leaking in but `env` (a REDIS_URL, say).
 */
export function runTally(
  databaseUrl: string,
  args: string[],
  timeoutMs = 30_000,
  env: Record<string, string> = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/tally.mjs', ...args],
      {
        cwd: ROOT,
        env: { ...baseEnv(), DATABASE_URL: databaseUrl, PUBLIC_URL, ...env },
        timeout: timeoutMs,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
