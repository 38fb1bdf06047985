import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Child processes pinned to one core with taskset (server core vs load-generator core), tracked
 * so that every one is stopped on exit, on Ctrl-C and on a crash of the harness.
 */
const children = new Set<ChildProcess>();

export interface Pinned {
  child: ChildProcess;
  /** The last lines the child printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

export function spawnPinned(
  cpu: string,
  command: string,
  args: string[],
  options: SpawnOptions & { ipc?: boolean } = {},
): Pinned {
  const { ipc, ...rest } = options;
  const child = spawn('taskset', ['-c', cpu, command, ...args], {
    ...rest,
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
  });
  children.add(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => children.delete(child));
  return { child, output: () => tail, stop: () => stopChild(child) };
}

/** SIGTERM (servers close gracefully and write --cpu-prof files), SIGKILL after a grace period. */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((c) => stopChild(c)));
}

let hooked = false;
/** Stops every child when the harness ends, however it ends. */
export function installCleanup(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', () => {
    for (const c of children) c.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping child processes…`);
      void stopAll().finally(() => process.exit(130));
    });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200, failing early if the process exits. */
export async function waitForHttp(pinned: Pinned, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (pinned.child.exitCode !== null) {
      throw new Error(
        `process exited (${pinned.child.exitCode}) before listening:\n${pinned.output()}`,
      );
    }
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${pinned.output()}`);
}

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

/** CPU seconds (user + system) a process has used so far, from /proc; null if unreadable. */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start at ") ".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Busy jiffies of some cores (e.g. "0", "1"), from /proc/stat; null if unreadable. */
function coreBusySeconds(cores: string[]): number | null {
  try {
    const lines = readFileSync('/proc/stat', 'utf8').split('\n');
    let busy = 0;
    for (const core of cores) {
      const line = lines.find((l) => l.startsWith(`cpu${core} `));
      if (!line) return null;
      const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
      busy += user! + nice! + system! + irq! + softirq! + (steal ?? 0);
    }
    return busy / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export interface CpuShares {
  /** Per process: share of one core. */
  processes: Record<string, number | null>;
  /**
   * Work on the given cores that none of those processes did (other people's test runs, say),
   * in cores: the noise the figure was taken under.
   */
  foreign: number | null;
}

/** Measures the CPU share (0–1 of one core) of some processes while `run` runs. */
export async function withCpu<T>(
  pids: Record<string, number | undefined>,
  cores: string[],
  run: () => Promise<T>,
): Promise<{ value: T; cpu: CpuShares }> {
  const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuSeconds(pid)]));
  const coresBefore = coreBusySeconds(cores);
  const start = performance.now();
  const value = await run();
  const seconds = (performance.now() - start) / 1000;
  const coresAfter = coreBusySeconds(cores);
  const processes: Record<string, number | null> = {};
  let ours = 0;
  for (const [name, pid] of Object.entries(pids)) {
    const a = before[name];
    const b = cpuSeconds(pid);
    processes[name] = a == null || b === null ? null : (b - a) / seconds;
    ours += processes[name] ?? 0;
  }
  const foreign =
    coresBefore === null || coresAfter === null
      ? null
      : Math.max(0, (coresAfter - coresBefore) / seconds - ours);
  return { value, cpu: { processes, foreign } };
}
