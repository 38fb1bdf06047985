import { access } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Piscina } from 'piscina';
import type { RenderJob } from './draw';

/** Something that turns a job into a PNG: the worker pool, or this thread (threads = 0). */
export interface Drawer {
  draw(job: RenderJob): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * One thread by default: it draws ~20 cards a second, renders are cached, and each thread holds
 * its own fonts and WebAssembly (~170 MB resident once CJK names have been drawn).
 */
export const DEFAULT_THREADS = 1;

/**
 * The render thread's young generation, in MB. Node sizes a worker's like a process's, and
 * satori's garbage (~15 MB a card) then keeps ~165 MB of heap resident where 50 MB do
 * (bench/render-memory.ts: 1 000 pictures, 287 MB without the cap, 245 MB with it, and faster).
 */
const YOUNG_GENERATION_MB = 16;

/**
 * Added to the render threads' nice value (Linux, per thread; set by the thread itself in
 * worker.mjs): when the API and a render both want the core, the API's requests run first and
 * the render takes what is left. Measured on one core with charts drawn back to back (1fe8bf3),
 * the main thread kept 49-52 % of its work at 0 and 88-91 % at 10. Not nicer: a cold thread's
 * first picture (~500 ms of CPU) must still fit the pages' 10 s render timeout on a busy core.
 */
export const NICE_INCREMENT = 10;

export interface PoolOptions {
  threads: number;
}

/**
 * libuv's thread pool (the API's file, crypto and DNS work) starts on its first use, from the
 * thread that uses it, and its threads inherit that thread's nice value: started by a render
 * thread, all of them would run at NICE_INCREMENT for the rest of the process. One file check on
 * this thread before the first picture makes sure they start here (a no-op once they run).
 */
let threadPoolStarted: Promise<void> | null = null;
const startThreadPool = () => (threadPoolStarted ??= access(tmpdir()).catch(() => undefined));

/**
 * A card costs ~50 ms of CPU (satori's layout and glyph paths, resvg's rasterising), a chart
 * ~25 ms, and the first one in a thread ~500 ms (WebAssembly and fonts), so they run off the
 * event loop in a piscina pool. Workers start on the first render and stop after five idle
 * minutes, which also frees their fonts. A thread is kept, not recycled: with reclaim.ts its
 * memory stays flat (3 000 pictures), while a replaced thread left ~50 MB behind and cost a
 * cold start each time.
 */
export function poolDrawer(options: PoolOptions): Drawer {
  const pool = new Piscina<RenderJob, Uint8Array>({
    filename: new URL('./worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: 300_000,
    // A bounded backlog (~1 s of cards): past it a render is refused at once, and the caller
    // answers with text or a 503, instead of every picture waiting behind a growing queue.
    maxQueue: 16,
    // Between jobs a worker runs its event loop (piscina's default blocks in Atomics.wait), so
    // the collection reclaim.ts asks for and resvg's finalizers do run.
    atomics: 'disabled',
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    workerData: { niceIncrement: NICE_INCREMENT },
  });
  return {
    // A Buffer crosses as a plain Uint8Array; view the same bytes as a Buffer again.
    draw: async (job) => {
      await startThreadPool();
      const png = await pool.run(job);
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    },
    close: () => pool.destroy(),
  };
}

/** Draws on the calling thread: for measuring the cost the pool avoids, and for tools. */
export function inlineDrawer(): Drawer {
  return {
    draw: async (job) => (await import('./draw')).draw(job),
    close: async () => {},
  };
}
