import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { formatTime } from '../../src/domain/score-text';
import { formatValue, timeTicks, valueTicks } from '../../src/render/chart-scale';
import { chartSvg } from '../../src/render/chart-svg';
import type { ChartData } from '../../src/render/types';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 3, 18, 30);
const ladder: ChartData = {
  title: 'Robin Hale · Ladder',
  valueLabel: 'rating',
  points: [1000, 1016, 1031, 1012, 1040, 1534].map((value, i) => ({ at: T0 + i * 3 * DAY, value })),
};
const size = { width: 600, height: 300 };

/** The text of every <text> element, unescaped enough for these assertions. */
const texts = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('chartSvg', () => {
  it('GIVEN a series THEN is a well-formed, accessible SVG of the given size', () => {
    const svg = chartSvg(ladder, size);
    expect(() => new Resvg(svg)).not.toThrow(); // resvg refuses malformed XML
    const root = /^<svg [^>]*>/.exec(svg)?.[0];
    expect(root).toContain('role="img"');
    expect(root).toContain('width="600" height="300" viewBox="0 0 600 300"');
    expect(svg).toContain('<title>Robin Hale · Ladder (rating)</title>');
    expect(svg).toMatch(
      /<desc>6 values from 3 Nov 2026 to 18 Nov 2026; last 1,534, min 1,000, max 1,534.<\/desc>/,
    );
    expect(svg).not.toMatch(/NaN|Infinity|undefined|<script/);
  });

  it('GIVEN markup in a title THEN it is text, not markup', () => {
    const svg = chartSvg({ ...ladder, title: `<script>alert("x")</script> & 'co'` }, size);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;');
    expect(() => new Resvg(svg)).not.toThrow();
  });

  it('GIVEN theme auto THEN follows prefers-color-scheme in CSS; a fixed theme has no media query', () => {
    expect(chartSvg(ladder, size)).toContain('@media (prefers-color-scheme: dark)');
    expect(chartSvg(ladder, { ...size, theme: 'dark' })).not.toContain('@media');
    expect(chartSvg(ladder, { ...size, theme: 'dark' })).toContain('.tc-bg{fill:#212128}');
  });

  it('GIVEN ratings THEN the y ticks are round, grouped and cover min and max; the last value is labelled', () => {
    const labels = texts(chartSvg(ladder, size));
    expect(labels).toContain('rating: last 1,534 · min 1,000 · max 1,534');
    expect(labels).toEqual(expect.arrayContaining(['1,000', '1,200', '1,400', '1,600']));
    expect(labels.filter((l) => l === '1,534')).toHaveLength(1); // the marker's label
    expect(labels).toEqual(expect.arrayContaining(['5 Nov', '12 Nov']));
  });

  it('GIVEN a time board THEN values read m:ss.mmm', () => {
    const times: ChartData = {
      title: 'Speedrun',
      valueLabel: 'time',
      format: 'time',
      points: [62_500, 61_250, 59_875].map((value, i) => ({ at: T0 + i * DAY, value })),
    };
    const labels = texts(chartSvg(times, size));
    expect(labels).toContain('time: last 0:59.875 · min 0:59.875 · max 1:02.500');
    expect(labels).toEqual(expect.arrayContaining(['1:00.000', '1:02.000']));
  });

  it('GIVEN a single point THEN one dated tick, the marker, its value and a dashed level line, not a lone dot', () => {
    const svg = chartSvg({ ...ladder, points: [{ at: T0, value: 1000 }] }, size);
    expect(texts(svg)).toEqual(expect.arrayContaining(['3 Nov 2026', '1,000']));
    expect(svg).toContain('class="tc-last"');
    expect(svg).toMatch(/<path class="tc-line"[^>]*stroke-dasharray/);
    expect(svg).not.toMatch(/NaN|Infinity/);
  });

  it('GIVEN a single point with the value before it THEN a step from that value to it, both on the axis', () => {
    const svg = chartSvg({ ...ladder, points: [{ at: T0, value: 1016 }], start: 1000 }, size);
    expect(svg).toMatch(
      /<path class="tc-line" fill="none" stroke-width="2" d="M[\d.]+ [\d.]+H[\d.]+V[\d.]+"\/>/,
    );
    expect(svg).not.toContain('stroke-dasharray');
    expect(texts(svg)).toEqual(expect.arrayContaining(['1,000', '1,016']));
  });

  it('GIVEN a history within one day THEN the axis reads hours and says the date once', () => {
    const day: ChartData = {
      ...ladder,
      points: [1000, 1016, 1031].map((value, i) => ({
        at: T0 - 6 * 3_600_000 + i * 2 * 3_600_000,
        value,
      })),
    };
    const labels = texts(chartSvg(day, size));
    expect(labels.filter((l) => /^\d\d:\d\d$/.test(l)).length).toBeGreaterThanOrEqual(2);
    expect(labels.filter((l) => l === '3 Nov 2026')).toHaveLength(1);
  });

  it('GIVEN a font size THEN every label is drawn at it', () => {
    const svg = chartSvg(ladder, { width: 320, height: 260, fontSize: 13 });
    expect(svg).toContain('font-size="13"');
  });

  it('GIVEN a flat series THEN the line sits inside ticks around its value', () => {
    const flat = { ...ladder, points: [0, 1, 2].map((i) => ({ at: T0 + i * DAY, value: 1000 })) };
    const svg = chartSvg(flat, size);
    expect(svg).not.toMatch(/NaN|Infinity/);
    const ticks = texts(svg).filter((l) => /^[\d,]+$/.test(l));
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks).toContain('1,000');
  });

  it('GIVEN no points or a value that is not a number THEN it throws (the page leaves the chart out)', () => {
    expect(() => chartSvg({ ...ladder, points: [] }, size)).toThrow(/at least one point/);
    expect(() => chartSvg({ ...ladder, points: [{ at: T0, value: NaN }] }, size)).toThrow(/finite/);
  });

  it('GIVEN a phone’s narrow chart THEN the summary keeps every number whole; a wide one is unchanged', () => {
    const narrow = { width: 320, height: 260, fontSize: 13 }; // src/web/player-view.ts NARROW
    const wide = { width: 720, height: 320, fontSize: 16 };
    const rating = {
      ...ladder,
      points: [1016, 1074, 1052].map((value, i) => ({ at: T0 + i * DAY, value })),
    };
    const summary = (svg: string) => texts(svg).filter((t) => /last|min|max/.test(t));
    // The label goes first (the page's caption says it): one line still.
    expect(summary(chartSvg(rating, narrow))).toEqual(['last 1,052 · min 1,016 · max 1,074']);
    expect(summary(chartSvg(rating, wide))).toEqual(['rating: last 1,052 · min 1,016 · max 1,074']);
    expect(summary(chartSvg(rating, size))).toEqual(['rating: last 1,052 · min 1,016 · max 1,074']);
    // Longer figures: two lines, the plot below them.
    const times: ChartData = {
      ...rating,
      valueLabel: 'time',
      format: 'time',
      points: [3_723_456, 3_580_000, 3_600_125].map((value, i) => ({ at: T0 + i * DAY, value })),
    };
    const lines = summary(chartSvg(times, narrow));
    expect(lines).toEqual(['time: last 1:00:00.125', 'min 59:40.000 · max 1:02:03.456']);
    expect(summary(chartSvg(times, wide))).toEqual([
      'time: last 1:00:00.125 · min 59:40.000 · max 1:02:03.456',
    ]);
    const y = (svg: string, t: string) =>
      Number(new RegExp(`y="([\\d.]+)"[^>]*>${t}`).exec(svg)![1]);
    const svg = chartSvg(times, narrow);
    expect(y(svg, 'min 59')).toBeGreaterThan(y(svg, 'time: last'));
    for (const svgText of [chartSvg(rating, narrow), svg]) expect(svgText).not.toContain('…');
  });

  it('GIVEN a long title THEN it is cut with an ellipsis to fit', () => {
    const svg = chartSvg({ ...ladder, title: 'A'.repeat(200) }, size);
    expect(texts(svg)[0]).toMatch(/^A+…$/);
  });
});

describe('chart axes', () => {
  it.each([
    [1000, 1534, 'integer', 1000, 1600],
    [0, 7, 'integer', 0, 8],
    [59_875, 62_500, 'time', 59_000, 63_000],
    [1000, 1000, 'integer', 990, 1010],
  ] as const)('GIVEN %i..%i (%s) THEN ticks run from %i to %i', (min, max, format, lo, hi) => {
    const axis = valueTicks(min, max, format);
    expect([axis.lo, axis.hi]).toEqual([lo, hi]);
    expect(axis.ticks[0]).toBe(lo);
    expect(axis.ticks.at(-1)).toBe(hi);
  });

  it('GIVEN spans of hours, weeks and years THEN ticks fall on round times', () => {
    const hours = timeTicks(Date.UTC(2026, 0, 1, 9), Date.UTC(2026, 0, 1, 21), 6);
    expect(hours.map((t) => t.label)).toEqual(['09:00', '12:00', '15:00', '18:00', '21:00']);
    const months = timeTicks(Date.UTC(2026, 0, 15), Date.UTC(2026, 5, 15), 6);
    expect(months.map((t) => t.label)).toEqual([
      'Feb 2026',
      'Mar 2026',
      'Apr 2026',
      'May 2026',
      'Jun 2026',
    ]);
    const years = timeTicks(Date.UTC(2020, 5, 1), Date.UTC(2026, 5, 1), 8);
    expect(years.map((t) => t.label)).toEqual(['2021', '2022', '2023', '2024', '2025', '2026']);
  });

  it('GIVEN values THEN they read as the board page and the time boards write them', () => {
    expect(formatValue(1534)).toBe('1,534');
    expect(formatValue(62_500, 'time')).toBe('1:02.500');
    expect(formatValue(3_723_004, 'time')).toBe('1:02:03.004');
    for (const ms of [0, 59_875, 62_500, 3_599_999, 3_723_004, -1_500]) {
      expect(formatValue(ms, 'time')).toBe(formatTime(ms));
    }
  });
});
