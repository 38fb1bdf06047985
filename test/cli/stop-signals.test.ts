import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_CACHE_ENV, ROOT } from '../support/serve';

/**
 * How a stop signal's repeats are read (src/stop-signals.ts): under npm, one copy within the echo
 * window is npm forwarding what the terminal already sent; anything else means "stop now".
 */
const SCRIPT = join(ROOT, 'test/support/stop-signals-process.ts');
const started: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of started)
    if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
  started.length = 0;
});

async function stopper(how: 'npm' | 'plain', closeMs: number | 'never') {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, how, String(closeMs)], {
    env: { ...process.env, ...COMPILE_CACHE_ENV, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => output.includes('ready\n') && resolve());
    void exited.then(() => reject(new Error(`exited before it was ready:\n${output}`)));
  });
  return { child, exited, output: () => output };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const running = (child: ReturnType<typeof spawn>) =>
  child.exitCode === null && child.signalCode === null;

describe('stop signals', () => {
  it('GIVEN npm start and Ctrl-C whose forwarded copy comes late THEN it waits for that copy and exits 0', async () => {
    const { child, exited, output } = await stopper('npm', 10);
    child.kill('SIGINT');
    // A loaded machine: npm's copy 1.5 s after the terminal's. Exiting before it came would
    // let it land while Node tears down, and npm would report SIGINT instead of exit 0.
    await pause(1_500);
    expect(running(child), output()).toBe(true);
    const echoed = Date.now();
    child.kill('SIGINT');
    const how = await exited;
    expect({ code: how.code, signal: how.signal }, output()).toEqual({ code: 0, signal: null });
    expect(how.at - echoed).toBeLessThan(1_000); // the echo ends the wait, not the window
    expect(output()).not.toMatch(/second stop signal/);
  }, 20_000);

  it('GIVEN npm start and one SIGTERM (a supervisor signals npm, npm forwards it) THEN it exits 0 once no echo can be expected', async () => {
    const { child, exited, output } = await stopper('npm', 10);
    const sent = Date.now();
    child.kill('SIGTERM');
    const how = await exited;
    expect({ code: how.code, signal: how.signal }, output()).toEqual({ code: 0, signal: null });
    expect(how.at - sent).toBeGreaterThanOrEqual(2_900);
    expect(how.at - sent).toBeLessThan(10_000); // docker stop's patience
  }, 20_000);

  it('GIVEN npm start, a stop that hangs and Ctrl-C pressed twice THEN the second press exits at once with 130', async () => {
    const { child, exited, output } = await stopper('npm', 'never');
    child.kill('SIGINT');
    // npm's echo of the first press (a moment later: two pending copies of one signal merge).
    await pause(200);
    child.kill('SIGINT');
    await pause(300);
    expect(running(child), output()).toBe(true);
    child.kill('SIGINT');
    const how = await exited;
    expect({ code: how.code, signal: how.signal }, output()).toEqual({ code: 130, signal: null });
    expect(output()).toMatch(/second stop signal/);
  }, 20_000);

  it('GIVEN Tally run directly (no npm to echo), a stop that hangs and a second SIGTERM THEN it exits at once with 143', async () => {
    const { child, exited, output } = await stopper('plain', 'never');
    child.kill('SIGTERM');
    await pause(300);
    expect(running(child), output()).toBe(true);
    child.kill('SIGTERM');
    const how = await exited;
    expect({ code: how.code, signal: how.signal }, output()).toEqual({ code: 143, signal: null });
  }, 20_000);

  it('GIVEN Tally run directly and one SIGTERM THEN it exits 0 as soon as it has closed', async () => {
    const { child, exited, output } = await stopper('plain', 10);
    const sent = Date.now();
    child.kill('SIGTERM');
    const how = await exited;
    expect({ code: how.code, signal: how.signal }, output()).toEqual({ code: 0, signal: null });
    expect(how.at - sent).toBeLessThan(2_000);
  }, 20_000);
});
