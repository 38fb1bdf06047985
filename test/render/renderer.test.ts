import { afterEach, describe, expect, it } from 'vitest';
import { createRenderer, type Renderer } from '../../src/render';
import type { CardData, ChartData } from '../../src/render/types';
import { decode, keep } from './pictures';

const card: CardData = {
  title: 'Ladder 🏆',
  subtitle: 'ELO · Season 3',
  rows: [
    { rank: 1, name: 'Robin Hale', value: '1,534', record: '10-2-3' },
    { rank: 2, name: '山田たろう', value: '1,498', record: '9-4-1' },
  ],
};
const chart: ChartData = {
  title: 'Robin Hale · Ladder',
  valueLabel: 'rating',
  points: [
    { at: Date.UTC(2026, 10, 1), value: 1000 },
    { at: Date.UTC(2026, 10, 9), value: 1016 },
  ],
};

let renderer: Renderer | undefined;
afterEach(() => renderer?.close());

describe('the renderer', () => {
  it('GIVEN the same key twice THEN the second is the cached Buffer, not a second render', async () => {
    renderer = createRenderer({ threads: 0 });
    const first = await renderer.card('board:1:v:7', card);
    const again = await renderer.card('board:1:v:7', card);
    expect(again).toBe(first);
    expect(renderer.stats()).toEqual({ renders: 1, hits: 1 });
    await renderer.card('board:1:v:8', card); // a new version is a new picture
    expect(renderer.stats().renders).toBe(2);
  });

  it('GIVEN concurrent requests for one key THEN they share one render', async () => {
    renderer = createRenderer({ threads: 0 });
    const pngs = await Promise.all([1, 2, 3].map(() => renderer!.chart('player:4:board:1', chart)));
    expect(new Set(pngs).size).toBe(1);
    expect(renderer.stats()).toEqual({ renders: 1, hits: 2 });
  });

  it('GIVEN a card and a chart under one key THEN each is its own picture', async () => {
    renderer = createRenderer({ threads: 0 });
    const [a, b] = [await renderer.card('k', card), await renderer.chart('k', chart)];
    expect([decode(a).height, decode(b).height]).toEqual([630, 600]);
  });

  it('GIVEN more keys than cache entries THEN the least recently used is drawn again', async () => {
    renderer = createRenderer({ threads: 0, cacheEntries: 2 });
    for (const key of ['a', 'b', 'a', 'c', 'a', 'b']) await renderer.chart(key, chart);
    expect(renderer.stats()).toEqual({ renders: 4, hits: 2 }); // a b (a) c (a) b
  });

  it('GIVEN a render that fails THEN the promise rejects with an Error and nothing is cached', async () => {
    renderer = createRenderer({ threads: 0 });
    const broken = { ...chart, points: [] };
    await expect(renderer.chart('x', broken)).rejects.toBeInstanceOf(Error);
    await expect(renderer.chart('x', broken)).rejects.toThrow(/at least one point/);
    expect(renderer.stats().renders).toBe(2);
  });

  it('GIVEN worker threads THEN cards and charts come back from the pool, failures as Errors', async () => {
    renderer = createRenderer({ threads: 1 });
    const [png, line] = await Promise.all([renderer.card('c', card), renderer.chart('h', chart)]);
    keep('card-from-worker', png);
    expect(Buffer.isBuffer(png)).toBe(true);
    expect(decode(png).width).toBe(1200);
    expect(decode(line).width).toBe(1200);
    const failed = await renderer.chart('bad', { ...chart, points: [] }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toMatch(/at least one point/);
  });

  it('GIVEN more distinct pictures at once than the pool queues THEN the excess is refused at once and the rest are drawn', async () => {
    renderer = createRenderer({ threads: 1 });
    const asked = Array.from({ length: 30 }, (_, i) =>
      renderer!.chart(`flood:${i}`, { ...chart, title: `Player ${i}` }).then(
        (png) => ({ png }),
        (err: unknown) => ({ err }),
      ),
    );
    const answers = await Promise.all(asked);
    const refused = answers.filter((a) => 'err' in a);
    // One drawing, 16 waiting: the rest are refused instead of queueing without end.
    expect(refused.length).toBeGreaterThanOrEqual(30 - 1 - 16);
    expect(refused.every((a) => 'err' in a && a.err instanceof Error)).toBe(true);
    const drawn = answers.filter((a): a is { png: Buffer } => 'png' in a);
    expect(drawn.length).toBeGreaterThanOrEqual(1);
    expect(drawn.every((a) => a.png.subarray(1, 4).toString() === 'PNG')).toBe(true);
  });
});
