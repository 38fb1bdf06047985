// A render worker of the pool (src/render/pool.ts; piscina imports this file and calls its default
// export per job). Plain JavaScript on purpose: a worker thread does not inherit the way its
// parent loads TypeScript (tsx's hooks under `node bin/tally.mjs`, vite's under vitest), so it
// loads the renderer through tsx's scoped API, the same way on Node 22, 24 and 26.
import { getPriority, setPriority } from 'node:os';
import { workerData } from 'piscina';
import { tsImport } from 'tsx/esm/api';

// First of all, this thread gives way to the API's (pool.ts NICE_INCREMENT). On Linux a
// thread's nice value is its own and setpriority(2) with pid 0 sets the calling thread's, so the
// main thread keeps its priority; threads started from here on inherit this one's. Where that
// is not allowed the pictures are drawn at the same priority, as before.
try {
  setPriority(0, Math.min(19, getPriority(0) + workerData.niceIncrement));
} catch {
  // not permitted here: draw anyway
}

const { draw } = await tsImport('./draw.ts', import.meta.url);

/** @param {import('./draw.ts').RenderJob} job */
export default function render(job) {
  return draw(job);
}
