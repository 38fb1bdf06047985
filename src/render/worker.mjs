// A render worker of the pool (src/render/pool.ts; piscina imports this file and calls its default
// export per job). Plain JavaScript on purpose: a worker thread does not inherit the way its
// parent loads TypeScript (tsx's hooks under `node bin/tally.mjs`, vite's under vitest), so it
// loads the renderer through tsx's scoped API, the same way on Node 22, 24 and 26.
import { tsImport } from 'tsx/esm/api';

const { draw } = await tsImport('./draw.ts', import.meta.url);

/** @param {import('./draw.ts').RenderJob} job */
export default function render(job) {
  return draw(job);
}
