import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * resvg-js 2.6 frees a picture's native memory (its pixmap: ~3 MB at 1200×630) only when V8
 * collects the JS wrapper, and V8 does not count that memory, so with a small JS heap it seldom
 * collects and the process grows by every picture drawn (thx/resvg-js#216; measured here: +3.2 MB
 * per card, without bound). So after every ~16 MB of pixmaps (five cards) the drawing thread asks
 * for a full collection: a few milliseconds on a worker's small heap. The collection only queues
 * the wrappers' finalizers; Node runs them on a later turn of the event loop, which a thread with
 * the next picture already waiting reached late: 1 000 pictures, two in flight, ended at 433 MB
 * (peak 812 MB). So the picture's thread now waits that one turn before its next picture, and
 * the same 1 000 stay at ~245 MB, 3 000 too (bench/render-memory.ts). (resvg-js 2.7 reports
 * the memory to V8 itself; it is still an alpha.)
 */
const BUDGET = 16e6;
let drawn = 0;
let collect: (() => void) | null | undefined;

/** global.gc without --expose-gc (a worker's execArgv cannot take it): jest-leak-detector's way. */
function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  } catch {
    collect = null; // then memory is returned when V8 collects on its own
  }
  return collect;
}

let due = false;

/** Call after each resvg render with the pixmap's size in bytes. */
export function pixmapDrawn(bytes: number): void {
  drawn += bytes;
  if (drawn < BUDGET) return;
  drawn = 0;
  due = true;
}

/**
 * Call when a picture is made, before its thread takes the next one: when due, a full collection,
 * then one turn of the event loop, in which Node runs the finalizers the collection queued (native
 * immediates run before this one), so resvg's memory is freed before the next picture is drawn.
 */
export async function reclaim(): Promise<void> {
  if (!due) return;
  due = false;
  const gc = collector();
  if (!gc) return; // then memory is returned when V8 collects on its own
  gc();
  await new Promise((resolve) => setImmediate(resolve));
}
