import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createRenderer, type CardData, type ChartData, type Renderer } from '../src/render';

/**
 * What a picture costs (issue 14 item 3), in this process: a card and a chart drawn on the
 * calling thread (the CPU a render takes), the cached path, and the main thread's event-loop
 * delay while renders run on it and while they run in the worker pool. `npm run bench` runs it
 * before the rounds; `npx tsx bench/render.ts` runs it alone; a server bench can call
 * measureRender() and print renderLines().
 */
export interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

export interface RenderBench {
  samples: number;
  threads: number;
  /** The first card on a fresh thread: WebAssembly, fonts and Twemoji loaded (ms). */
  cardColdMs: number;
  /** The first card through a fresh pool: the worker starts and loads the same (ms). */
  poolColdMs: number;
  /** Cards with mixed-script names and charts of 60 points, drawn on this thread (ms). */
  card: Percentiles;
  chart: Percentiles;
  /** renderer.card() for a key already drawn (µs). */
  cardCachedUs: Percentiles;
  /** Event-loop delay of this thread (ms): idle, rendering here, rendering in the pool. */
  loopDelay: { idle: Percentiles; inline: Percentiles; pool: Percentiles };
  /** Cards per second, 4 in flight: on this thread, in the pool. */
  cardsPerSecond: { inline: number; pool: number };
  /** Resident set size (MB): at start, after rendering here, with the pool's workers warm. */
  rssMb: { start: number; inline: number; pool: number };
}

const NAMES = [
  'Robin Hale',
  '李小龙',
  '山田たろう',
  '김민준',
  'محمد علي',
  'Иван Петров',
  'Gamer 🎮🔥',
  'Zoë Ångström',
  'Ana 🇧🇷',
  'Đặng Thu',
];
const T0 = Date.UTC(2026, 8, 1);

/** The i-th card (bench/render-memory.ts draws them too). */
export const cardData = (i: number): CardData => ({
  title: 'Spring Ladder 🏆',
  subtitle: 'ELO · Season 3 (Spring)',
  footer: '128 players · updated 24 Nov 2026',
  rows: NAMES.map((name, r) => ({
    rank: r + 1,
    name,
    value: (1900 - r * 41 + (i % 7)).toLocaleString('en-US'),
    record: `${20 - r}-${r + (i % 3)}-2`,
  })),
});
export const chartData = (i: number): ChartData => ({
  title: `Robin Hale 🎮 · Ladder`,
  valueLabel: 'rating',
  points: Array.from({ length: 60 }, (_, k) => ({
    at: T0 + k * 36 * 3_600_000,
    value: 1000 + Math.round(120 * Math.sin((k + i) / 6)) + k * 4,
  })),
});

const ms = (ns: number) => ns / 1e6;
const round = (n: number) => Math.round(n * 100) / 100;
const rssMb = () => Math.round(process.memoryUsage().rss / 1e6);

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
  return { p50: at(0.5), p99: at(0.99), max: round(sorted[sorted.length - 1]!) };
}

async function timeEach(n: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return times;
}

/** Event-loop delay while `work` runs (a 1 ms sampling timer); its result and the elapsed time. */
async function underMonitor(work: () => Promise<unknown>) {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  await new Promise((r) => setTimeout(r, 5)); // the sampling timer's first tick sets its baseline
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 5)); // a stall at the very end is recorded too
  h.disable();
  const delay = {
    p50: round(ms(h.percentile(50))),
    p99: round(ms(h.percentile(99))),
    max: round(ms(h.max)),
  };
  return { delay, seconds };
}

/**
 * `n` cards, 4 in flight, each under a fresh key (so each is drawn). Each lane yields to the
 * event loop between cards, as requests arriving over the network would.
 */
async function flood(renderer: Renderer, n: number, tag: string) {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < n; i = next++) {
      await renderer.card(`${tag}:${i}`, cardData(i));
      await new Promise((r) => setImmediate(r));
    }
  };
  return underMonitor(() => Promise.all([lane(), lane(), lane(), lane()]));
}

export async function measureRender(
  options: { samples?: number; threads?: number } = {},
): Promise<RenderBench> {
  const samples = options.samples ?? 40;
  const threads = options.threads ?? 1;
  const start = rssMb();
  const inline = createRenderer({ threads: 0, cacheEntries: 1000 });
  const cold = await timeEach(1, () => inline.card('cold', cardData(0)));
  const card = await timeEach(samples, (i) => inline.card(`card:${i}`, cardData(i)));
  const chart = await timeEach(samples, (i) => inline.chart(`chart:${i}`, chartData(i)));
  const cached = await timeEach(samples * 10, () => inline.card('card:0', cardData(0)));
  const cachedUs = cached.map((t) => t * 1000);
  const idle = await underMonitor(() => new Promise((r) => setTimeout(r, 1000)));
  const onThread = await flood(inline, samples, 'flood');
  const afterInline = rssMb();
  await inline.close();

  const pool = createRenderer({ threads, cacheEntries: 1000 });
  const poolCold = await timeEach(1, () => pool.card('cold', cardData(0)));
  await Promise.all(
    Array.from({ length: threads * 2 }, (_, i) => pool.card(`warm:${i}`, cardData(i))),
  );
  const inPool = await flood(pool, samples, 'flood');
  const afterPool = rssMb();
  await pool.close();

  return {
    samples,
    threads,
    cardColdMs: round(cold[0]!),
    poolColdMs: round(poolCold[0]!),
    card: percentiles(card),
    chart: percentiles(chart),
    cardCachedUs: percentiles(cachedUs),
    loopDelay: { idle: idle.delay, inline: onThread.delay, pool: inPool.delay },
    cardsPerSecond: {
      inline: round(samples / onThread.seconds),
      pool: round(samples / inPool.seconds),
    },
    rssMb: { start, inline: afterInline, pool: afterPool },
  };
}

const fmt = (p: Percentiles) => `p50 ${p.p50}  p99 ${p.p99}  max ${p.max}`;

export function renderLines(r: RenderBench): string {
  return [
    `\n== pictures (src/render), ${r.samples} samples, pool of ${r.threads} threads ==`,
    `card, first on a fresh thread   ${r.cardColdMs} ms (through a fresh pool: ${r.poolColdMs} ms)`,
    `card, drawn (ms)                ${fmt(r.card)}`,
    `chart, drawn (ms)               ${fmt(r.chart)}`,
    `card, cached (µs)               ${fmt(r.cardCachedUs)}`,
    `event-loop delay (ms), idle     ${fmt(r.loopDelay.idle)}`,
    `  4 cards in flight, this thread ${fmt(r.loopDelay.inline)}  (${r.cardsPerSecond.inline} cards/s)`,
    `  4 cards in flight, pool        ${fmt(r.loopDelay.pool)}  (${r.cardsPerSecond.pool} cards/s)`,
    `RSS (MB): start ${r.rssMb.start}, after drawing here ${r.rssMb.inline}, pool warm ${r.rssMb.pool}`,
  ].join('\n');
}

/** BENCH_RENDER_SAMPLES (default 40; 0 skips the pictures part of `npm run bench`). */
export function renderSamples(): number {
  const raw = process.env.BENCH_RENDER_SAMPLES;
  const n = raw === undefined || raw === '' ? 40 : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error('BENCH_RENDER_SAMPLES must be an integer ≥ 0');
  return n;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(renderLines(await measureRender({ samples: renderSamples() || 40 })));
}
