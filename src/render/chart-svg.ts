import { dateLabel, formatValue, timeTicks, valueTicks } from './chart-scale';
import { fitText } from './text-width';
import type { ChartData, ChartPoint, PictureWords } from './types';
import { said, wordsOf } from './words';

export interface ChartOptions {
  width: number;
  height: number;
  /** 'auto' (default) follows the page's prefers-color-scheme; PNGs take a fixed one. */
  theme?: 'light' | 'dark' | 'auto';
  /** Leave the title line out (the PNG draws its own title, with emoji); default true. */
  showTitle?: boolean;
  /**
   * The text size in the SVG's own units; default from the width. A chart drawn for a phone
   * takes a size that stays readable (≥ 12 CSS px) at the width it is shown.
   */
  fontSize?: number;
}

/** The board page's colours (src/web/board-page.ts), so an inlined chart sits in the page. */
const PALETTES = {
  light: { bg: '#fff', text: '#1d1d22', muted: '#5a5a66', grid: '#e2e2e8', line: '#3547c8' },
  dark: { bg: '#212128', text: '#e6e6ea', muted: '#a3a3b0', grid: '#34343d', line: '#9aa8ff' },
};

/** Class names are prefixed: an inlined SVG's <style> applies to the whole HTML page. */
const rules = (p: (typeof PALETTES)['light']) =>
  `.tc-bg{fill:${p.bg}}.tc-text{fill:${p.text}}.tc-muted{fill:${p.muted}}` +
  `.tc-grid{stroke:${p.grid}}.tc-line{stroke:${p.line}}.tc-area{fill:${p.line};fill-opacity:.12}` +
  `.tc-dot{fill:${p.line}}.tc-last{fill:${p.line};stroke:${p.bg}}`;

function style(theme: NonNullable<ChartOptions['theme']>): string {
  if (theme !== 'auto') return rules(PALETTES[theme]);
  return `${rules(PALETTES.light)}@media (prefers-color-scheme: dark){${rules(PALETTES.dark)}}`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const r1 = (n: number) => Math.round(n * 10) / 10;
const sameDay = (a: number, b: number) => Math.floor(a / 86_400_000) === Math.floor(b / 86_400_000);

function text(x: number, y: number, content: string, attrs: string): string {
  return `<text x="${r1(x)}" y="${r1(y)}" ${attrs}>${escapeXml(content)}</text>`;
}

/** Where things go: the plot's edges and the scales from data to SVG coordinates. */
interface Frame {
  fs: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  sx: (at: number) => number;
  sy: (value: number) => number;
}

/**
 * The summary under the title, "rating: last 1,052 · min 1,016 · max 1,074", in as many lines as
 * it needs to keep every number whole: on one line when it fits (a wide chart, the PNG); else
 * without the label, which the page's caption says too; else in two lines, the last value with
 * its label on the first and the range on the second. Only a line too long alone is cut.
 */
function summaryLines(
  label: string,
  [last, min, max]: [string, string, string],
  width: number,
  fs: number,
  { language, words }: { language: string; words: PictureWords },
): string[] {
  const say = (key: string, vars: Record<string, string>) => said(language, words.chart, key, vars);
  const fits = (line: string) => fitText(line, width, fs) === line;
  const labelled = (summary: string) => say('labelled', { label, summary });
  const lastly = say('last', { value: last });
  const range = `${say('min', { value: min })} · ${say('max', { value: max })}`;
  for (const line of [labelled(`${lastly} · ${range}`), `${lastly} · ${range}`]) {
    if (fits(line)) return [line];
  }
  const first = [labelled(lastly), lastly].find(fits) ?? lastly;
  return [first, range].map((line) => fitText(line, width, fs));
}

/** The title (unless left out) and the summary lines; returns them and where the plot may start. */
function header(data: ChartData, W: number, fs: number, showTitle: boolean, summary: string[]) {
  const pad = fs;
  const parts: string[] = [];
  let y = showTitle ? pad : 0;
  if (showTitle) {
    y += fs * 1.3;
    const title = fitText(data.title, W - 2 * pad, fs * 1.3);
    parts.push(text(pad, y, title, `class="tc-text" font-size="${fs * 1.3}" font-weight="700"`));
  }
  summary.forEach((line, i) => {
    y += i === 0 ? fs * 1.5 : fs * 1.3;
    parts.push(text(pad, y, line, `class="tc-muted"`));
  });
  return { parts, y };
}

function yAxis(f: Frame, ticks: number[], labels: string[]): string[] {
  return ticks.map((t, i) => {
    const y = r1(f.sy(t));
    return (
      `<line class="tc-grid" x1="${r1(f.left)}" x2="${r1(f.right)}" y1="${y}" y2="${y}"/>` +
      text(f.left - f.fs * 0.4, y + f.fs * 0.35, labels[i]!, `class="tc-muted" text-anchor="end"`)
    );
  });
}

/** Whether an axis of these ticks needs its date said once more (all of them read as times). */
const needsDate = (ticks: { label: string }[]) =>
  ticks.length === 0 || ticks.every((t) => /^\d\d:\d\d$/.test(t.label));

/**
 * The x axis: round times; a history within one day reads as hours, so its date is said once,
 * on a line under them (the axis would otherwise have no date at all).
 */
function xAxis(
  f: Frame,
  [first, last]: [number, number],
  [x0, x1]: [number, number],
  language: string,
): string[] {
  const ticks =
    first === last
      ? [{ at: first, label: dateLabel(first, language) }]
      : timeTicks(x0, x1, Math.max(2, Math.floor((f.right - f.left) / (f.fs * 6))), language);
  const parts = ticks.map((t) =>
    text(f.sx(t.at), f.bottom + f.fs * 1.3, t.label, `class="tc-muted" text-anchor="middle"`),
  );
  if (needsDate(ticks))
    parts.push(text(f.left, f.bottom + f.fs * 2.6, dateLabel(first, language), `class="tc-muted"`));
  return parts;
}

/**
 * A step line (a value holds until the next event changes it), its area, dots, the last point.
 * A single value is not a lone dot: a line comes in from the plot's left edge at the value
 * before it (`start`, when there was one) and steps to it; without one, a dashed level line.
 */
function series(f: Frame, points: ChartPoint[], lastLabel: string, start?: number): string[] {
  const at = (p: ChartPoint) => `${r1(f.sx(p.at))}`;
  const value = (p: ChartPoint) => `${r1(f.sy(p.value))}`;
  const path = points
    .map((p, i) => (i === 0 ? `M${at(p)} ${value(p)}` : `H${at(p)}V${value(p)}`))
    .join('');
  const parts: string[] = [];
  if (points.length === 1) {
    const only = points[0]!;
    const from = start === undefined ? value(only) : `${r1(f.sy(start))}`;
    const d = `M${r1(f.left)} ${from}H${at(only)}V${value(only)}`;
    if (start !== undefined)
      parts.push(`<path class="tc-area" d="${d}V${r1(f.bottom)}H${r1(f.left)}Z"/>`);
    const dash = start === undefined ? ' stroke-dasharray="6 4"' : '';
    parts.push(`<path class="tc-line" fill="none" stroke-width="2"${dash} d="${d}"/>`);
  }
  if (points.length > 1) {
    parts.push(`<path class="tc-area" d="${path}V${r1(f.bottom)}H${at(points[0]!)}Z"/>`);
    parts.push(`<path class="tc-line" fill="none" stroke-width="2" d="${path}"/>`);
  }
  if (points.length <= 60) {
    parts.push(
      ...points.map((p) => `<circle class="tc-dot" cx="${at(p)}" cy="${value(p)}" r="2.5"/>`),
    );
  }
  const last = points[points.length - 1]!;
  const [lx, ly] = [f.sx(last.at), f.sy(last.value)];
  parts.push(
    `<circle class="tc-last" cx="${r1(lx)}" cy="${r1(ly)}" r="5" stroke-width="2"/>`,
    text(lx + f.fs * 0.6, ly + f.fs * 0.35, lastLabel, `class="tc-text" font-weight="700"`),
  );
  return parts;
}

/**
 * A participant's value over time as a standalone SVG (issue 14 item 3): a step line, because a
 * value changes at events and holds in between; round ticks; the last point marked and labelled;
 * last, min and max in a line under the title. Pure: the same data gives the same bytes.
 */
export function chartSvg(data: ChartData, opts: ChartOptions): string {
  const { width: W, height: H, theme = 'auto', showTitle = true } = opts;
  const points = data.points;
  if (!points.length) throw new Error('a chart needs at least one point');
  if (!points.every((p) => Number.isFinite(p.at) && Number.isFinite(p.value))) {
    throw new Error('a chart point is not a finite number');
  }
  const spoken = wordsOf(data);
  const { language } = spoken;
  const fmt = (v: number) => formatValue(v, data.format, language);
  const values = points.map((p) => p.value);
  const [min, max] = [Math.min(...values), Math.max(...values)];
  // The value before a lone point is drawn (series), so the axis covers it too.
  const start = points.length === 1 && Number.isFinite(data.start) ? data.start : undefined;
  const [lowest, highest] = [Math.min(min, start ?? min), Math.max(max, start ?? max)];
  const [first, last] = [points[0]!, points[points.length - 1]!];

  const fs = opts.fontSize ?? Math.max(10, Math.min(14, Math.round(W / 46)));
  const figures: [string, string, string] = [fmt(last.value), fmt(min), fmt(max)];
  const summary = summaryLines(data.valueLabel, figures, W - 2 * fs, fs, spoken);
  const head = header(data, W, fs, showTitle, summary);
  const axis = valueTicks(lowest, highest, data.format ?? 'integer');
  const labels = axis.ticks.map(fmt);
  const charW = fs * 0.6; // digits are ~0.57 em in Noto Sans and system fonts
  const [x0, x1] =
    first.at < last.at ? [first.at, last.at] : [first.at - 43_200_000, first.at + 43_200_000];
  const f: Frame = {
    fs,
    left: fs + Math.max(...labels.map((l) => l.length)) * charW + fs * 0.5,
    right: W - fs - (fmt(last.value).length + 1) * charW, // room for the last value's label
    top: head.y + fs * 1.4,
    // Room for the time labels, and for the date line a history within one day adds (xAxis).
    bottom: H - fs - fs * 1.3 - (first.at < last.at && sameDay(first.at, last.at) ? fs * 1.3 : 0),
    sx: (at) => f.left + ((at - x0) / (x1 - x0)) * (f.right - f.left),
    sy: (v) => f.bottom - ((v - axis.lo) / (axis.hi - axis.lo)) * (f.bottom - f.top),
  };

  const desc = said(language, spoken.words.chart, 'described', {
    count: points.length,
    from: dateLabel(first.at, language),
    to: dateLabel(last.at, language),
    last: fmt(last.value),
    min: fmt(min),
    max: fmt(max),
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" ` +
    `role="img" font-family="system-ui, 'Noto Sans', sans-serif" font-size="${fs}">` +
    `<title>${escapeXml(`${data.title} (${data.valueLabel})`)}</title><desc>${escapeXml(desc)}</desc>` +
    `<style>${style(theme)}</style><rect class="tc-bg" width="${W}" height="${H}"/>` +
    [
      ...head.parts,
      ...yAxis(f, axis.ticks, labels),
      ...xAxis(f, [first.at, last.at], [x0, x1], language),
      ...series(f, points, fmt(last.value), start),
    ].join('') +
    `</svg>`
  );
}
