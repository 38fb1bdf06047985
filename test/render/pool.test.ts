import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RenderJob } from '../../src/render/draw';
import { NICE_INCREMENT, poolDrawer, type Drawer } from '../../src/render/pool';

/**
 * The render pool (issue 31 item 3): its threads run with a lower priority than the API's, so a
 * burst of pictures cannot take the core from requests, and closing it leaves none behind. The
 * threads are seen the way the kernel sees them: this process's tasks in /proc (vitest runs each
 * test file in a process of its own), with their nice values.
 */
const job = (i: number): RenderJob => ({
  kind: 'chart',
  data: {
    title: `Player ${i} · Ladder`,
    valueLabel: 'rating',
    points: [
      { at: Date.UTC(2026, 10, 1), value: 1000 },
      { at: Date.UTC(2026, 10, 9), value: 1000 + i },
    ],
  },
});

interface Task {
  nice: number;
  name: string;
}

/** This process's threads by id: nice value (field 19 of /proc/…/stat) and name. */
function threads(): Map<number, Task> {
  const tasks = new Map<number, Task>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      tasks.set(Number(tid), { nice: Number(fields[16]), name });
    } catch {
      // the thread ended while we looked
    }
  }
  return tasks;
}

/**
 * The render threads: threads running nicer than the main thread. A pool's worker may start
 * more of its own, which inherit its nice value and end with it. Not told by their name: Node 22
 * names no thread, later versions call a worker "WorkerThread". Left out: resvg-js's runtime
 * threads ("tokio-runtime-w…"), which the first worker to load it starts for the whole process
 * (so they inherit its nice value too) and which idle on after the pool closes.
 */
function renderThreads(): number[] {
  const tasks = threads();
  const main = tasks.get(process.pid)!.nice;
  return [...tasks]
    .filter(([, t]) => t.nice > main && !t.name.startsWith('tokio-runtime'))
    .map(([tid]) => tid);
}

async function until<T>(read: () => T, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const isPng = (png: Buffer) => png.subarray(1, 4).toString() === 'PNG';

let drawer: Drawer | undefined;
afterEach(() => drawer?.close());

describe('the render pool', () => {
  it('GIVEN a render THEN its threads run NICE_INCREMENT nicer than the main thread, which keeps its priority', async () => {
    const before = threads().get(process.pid)!.nice;
    drawer = poolDrawer({ threads: 1 });
    expect(isPng(await drawer.draw(job(1)))).toBe(true);
    const tasks = threads();
    expect(tasks.get(process.pid)!.nice).toBe(before);
    const render = renderThreads();
    expect(render.length).toBeGreaterThan(0);
    expect(render.map((t) => tasks.get(t)!.nice)).toEqual(
      render.map(() => before + NICE_INCREMENT),
    );
  });

  it('GIVEN requests at once THEN every one is drawn by the niced thread, none refused', async () => {
    drawer = poolDrawer({ threads: 1 });
    const d = drawer;
    const pngs = await Promise.all(Array.from({ length: 8 }, (_, i) => d.draw(job(i))));
    expect(pngs.every(isPng)).toBe(true);
    expect(renderThreads().length).toBeGreaterThan(0);
  });

  it('GIVEN a picture being drawn WHEN the pool closes THEN it ends with no render thread left', async () => {
    drawer = poolDrawer({ threads: 1 });
    await drawer.draw(job(1));
    const pending = drawer.draw(job(2)).then(
      () => 'drawn',
      (err: unknown) => (err instanceof Error ? err.message : 'not an Error'),
    );
    await drawer.close();
    // settled either way: drawn, ended with its thread, or never started
    expect(await pending).toMatch(/^drawn$|Terminating worker thread|task has been aborted/);
    expect(await until(renderThreads, (t) => t.length === 0, 2_000)).toEqual([]);
  });
});
