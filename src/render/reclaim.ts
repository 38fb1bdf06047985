import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * resvg-js 2.6 frees a picture's native memory (its pixmap: ~3 MB at 1200×630) only when V8
 * collects the JS wrapper, and V8 does not count that memory, so with a small JS heap it seldom
 * collects and the process grows by every picture drawn (thx/resvg-js#216; measured here: +3.2 MB
 * per card, without bound). So after every ~16 MB of pixmaps (five cards) the drawing thread
 * asks for a full collection: a few milliseconds on a worker's small heap. (resvg-js 2.7 reports
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

/** Call after each resvg render with the pixmap's size in bytes. */
export function pixmapDrawn(bytes: number): void {
  drawn += bytes;
  if (drawn < BUDGET) return;
  drawn = 0;
  const gc = collector();
  if (gc) setImmediate(gc); // after the picture is handed back; finalizers run on a later turn
}
