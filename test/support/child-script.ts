import { spawn } from 'node:child_process';
import { COMPILE_CACHE_ENV } from './serve';

/**
 * A test script in a real process of its own (`node --import tsx <script> …args`), for the
 * tests that race processes on one database: it prints `ready` once it has opened what it
 * needs, waits for `go` on stdin (so several start together however slowly each loaded), and
 * prints its result after `ready`. `result` is that output, read by `parse`.
 */
export function childScript<T>(script: string, args: string[], parse: (out: string) => T) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ...COMPILE_CACHE_ENV },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => stdout.startsWith('ready\n') && resolve());
    void exited.then((code) =>
      reject(new Error(`exited (${code}) before it was ready:\n${stderr}`)),
    );
  });
  const result = exited.then((code) => {
    if (code !== 0) throw new Error(`${script} exited ${code}:\n${stderr}`);
    return parse(stdout.slice('ready\n'.length).trim());
  });
  void result.catch(() => undefined); // awaited by the test unless it gave up before `go`
  return {
    ready,
    result,
    go: () => child.stdin.end('go\n'),
    kill: () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'),
  };
}
