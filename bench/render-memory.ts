import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createRenderer, type RendererOptions } from '../src/render';
import { cardData as card, chartData as chart } from './render';
import type { TargetCheck } from './report';

/**
 * Issue 31 item 3: the memory of the render pool after many pictures. resvg-js frees a picture's
 * native memory only when V8 collects its wrapper (thx/resvg-js#216), so a long-running server
 * grows with every picture unless something reclaims it. This draws RENDER_MEMORY_PICTURES (1 000)
 * pictures, cards and charts in turn (bench/render.ts's: names in Latin, CJK, Arabic, Cyrillic
 * and emoji), through the pool as the server does (2 in flight, a fresh key each), and reads the RSS
 * of this whole process (worker threads are threads of it) every 100. It runs in a process of its
 * own, so nothing else the bench did is in the figure: `npx tsx bench/render-memory.ts`
 * (RENDER_MEMORY_PICTURES), or from `npm run bench` through renderMemory(), which runs this file
 * as a child pinned to the server core and reads its JSON.
 */
export const RENDER_MEMORY_TARGET_MB = 300;

export interface RenderMemory {
  pictures: number;
  threads: number;
  /** RSS (MB) before the first picture, then after each 100. */
  startMb: number;
  samples: { pictures: number; rssMb: number }[];
  /** Highest RSS seen (sampled every 50 ms) and the RSS after the last picture. */
  peakMb: number;
  endMb: number;
  seconds: number;
}

/** VmRSS of this process: the main thread's and every worker thread's memory. */
function rssMb(): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : Math.round(process.memoryUsage().rss / 1e6);
}

export async function measureRenderMemory(
  pictures = 1000,
  options: RendererOptions = {},
  progress: (line: string) => void = () => {},
): Promise<RenderMemory> {
  const renderer = createRenderer({ cacheEntries: 0, ...options });
  const startMb = rssMb();
  let peakMb = startMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb())), 50);
  const samples: RenderMemory['samples'] = [];
  const started = performance.now();
  let next = 0;
  let done = 0;
  const lane = async () => {
    for (let i = next++; i < pictures; i = next++) {
      await (i % 2 ? renderer.chart(`m:${i}`, chart(i)) : renderer.card(`m:${i}`, card(i)));
      if (++done % 100 === 0) {
        samples.push({ pictures: done, rssMb: rssMb() });
        progress(`${String(done).padStart(5)} pictures  RSS ${rssMb()} MB`);
      }
    }
  };
  await Promise.all([lane(), lane()]);
  const seconds = (performance.now() - started) / 1000;
  const endMb = rssMb();
  clearInterval(sampler);
  await renderer.close();
  return {
    pictures,
    threads: options.threads ?? 1,
    startMb,
    samples,
    peakMb: Math.max(peakMb, endMb),
    endMb,
    seconds: Math.round(seconds * 10) / 10,
  };
}

export function renderMemoryLines(m: RenderMemory): string {
  return [
    `\n== render pool memory: ${m.pictures} pictures, pool of ${m.threads} thread(s), ${m.seconds} s ==`,
    `RSS (MB, process with its render threads): start ${m.startMb}, ` +
      m.samples.map((s) => `${s.pictures}: ${s.rssMb}`).join(', '),
    `after ${m.pictures}: ${m.endMb} MB, peak ${m.peakMb} MB (target ≤ ${RENDER_MEMORY_TARGET_MB} MB)`,
  ].join('\n');
}

/** BENCH_RENDER_MEMORY_PICTURES (default 1 000; 0 leaves this part out of `npm run bench`). */
export function renderMemoryPictures(): number {
  const raw = process.env.BENCH_RENDER_MEMORY_PICTURES;
  const n = raw === undefined || raw === '' ? 1000 : Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    throw new Error('BENCH_RENDER_MEMORY_PICTURES must be an integer ≥ 0');
  }
  return n;
}

/** From `npm run bench`: this file in a fresh process on `cpu`, so its RSS holds nothing else. */
export async function renderMemory(pictures: number, cpu: string): Promise<RenderMemory> {
  const file = join(import.meta.dirname, 'render-memory.ts');
  const { stdout } = await promisify(execFile)(
    'taskset',
    ['-c', cpu, process.execPath, '--import', 'tsx', file],
    { env: { ...process.env, RENDER_MEMORY_PICTURES: String(pictures), RENDER_MEMORY_JSON: '1' } },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as RenderMemory;
}

export function renderMemoryChecks(m: RenderMemory | undefined): TargetCheck[] {
  if (!m) return [];
  const full = m.pictures >= 1000;
  return [
    {
      backend: '-',
      target: `render pool: RSS after 1 000 pictures ≤ ${RENDER_MEMORY_TARGET_MB} MB`,
      measured:
        `${m.endMb} MB after ${m.pictures} (start ${m.startMb}, peak ${m.peakMb})` +
        (full ? '' : '; fewer than 1 000 pictures: not checked'),
      met: full && m.endMb <= RENDER_MEMORY_TARGET_MB,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pictures = Number(process.env.RENDER_MEMORY_PICTURES ?? 1000);
  const json = process.env.RENDER_MEMORY_JSON === '1';
  const threads = Number(process.env.RENDER_MEMORY_THREADS ?? 1);
  const result = await measureRenderMemory(pictures, { threads }, json ? undefined : console.log);
  console.log(json ? JSON.stringify(result) : renderMemoryLines(result));
}
