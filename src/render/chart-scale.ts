import type { ChartData } from './types';

/** The axes of a history chart: pure arithmetic, no SVG. */
export type ValueFormat = NonNullable<ChartData['format']>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A Time board's milliseconds as people read them: 1:30.250, 1:02:03.004. The same text as
 * src/domain/score-text.ts formatTime (a test holds them equal); render may not import the
 * domain (eslint.config.js layers: pictures know nothing of boards).
 */
function formatTime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  const seconds = `${pad2(Math.floor(abs / 1000) % 60)}.${String(abs % 1000).padStart(3, '0')}`;
  const minutes = Math.floor(abs / 60_000);
  if (minutes < 60) return `${sign}${minutes}:${seconds}`;
  return `${sign}${Math.floor(minutes / 60)}:${pad2(minutes % 60)}:${seconds}`;
}

/**
 * A value as the axis and the summary read it: 1,534 (as the board page groups; German 1.534)
 * or 1:02.500 (as a time is typed, in every language).
 */
export function formatValue(
  value: number,
  format: ValueFormat = 'integer',
  language = 'en',
): string {
  return format === 'time'
    ? formatTime(Math.round(value))
    : Math.round(value).toLocaleString(language === 'en' ? 'en-US' : language);
}

/** Tick steps a time axis reads well at: whole milliseconds, seconds and minutes. */
const TIME_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000,
  120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000,
];

function niceStep(rough: number, format: ValueFormat): number {
  if (format === 'time') {
    const step = TIME_STEPS.find((s) => s >= rough);
    if (step !== undefined) return step;
  }
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  return Math.max(1, step); // values are whole numbers (points, ratings, milliseconds)
}

/**
 * The y axis: about `count` round ticks from the last one at or below min to the first at or
 * above max. A flat series gets room around its value; a series that never goes below zero
 * never gets a negative tick.
 */
export function valueTicks(min: number, max: number, format: ValueFormat, count = 4) {
  const room = Math.max(Math.abs(max) * 0.02, format === 'time' ? 1000 : 10);
  let [lo, hi] = max === min ? [min - room / 2, max + room / 2] : [min, max];
  if (min >= 0) lo = Math.max(0, lo);
  const step = niceStep((hi - lo) / count, format);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let t = lo; t <= hi + step / 2; t += step) ticks.push(t);
  return { lo, hi, ticks };
}

/**
 * Dates as the chart writes them in a language, in UTC (the picture is the same for every
 * viewer): English `26 Nov`, `26 Nov 2026`, `Nov 2026` as Tally always drew them; another
 * language as Intl writes it (German `26. Nov.`, `26. Nov. 2026`, `Nov. 2026`).
 */
function dates(language: string) {
  if (language === 'en')
    return {
      day: (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`,
      date: (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
      month: (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
    };
  const format = (options: Intl.DateTimeFormatOptions) => {
    const f = new Intl.DateTimeFormat(language, { timeZone: 'UTC', ...options });
    return (d: Date) => f.format(d);
  };
  return {
    day: format({ day: 'numeric', month: 'short' }),
    date: format({ day: 'numeric', month: 'short', year: 'numeric' }),
    month: format({ month: 'short', year: 'numeric' }),
  };
}

/** A date as the chart's text reads it (UTC: the picture is the same for every viewer). */
export const dateLabel = (at: number, language = 'en') => dates(language).date(new Date(at));

type Dates = ReturnType<typeof dates>;

interface TimeStep {
  ms: number;
  months: number;
  label: (d: Date, by: Dates) => string;
}

const hours = (h: number): TimeStep => ({
  ms: h * HOUR,
  months: 0,
  label: (d, by) =>
    d.getUTCHours() === 0 ? by.day(d) : `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`,
});
const days = (n: number): TimeStep => ({ ms: n * DAY, months: 0, label: (d, by) => by.day(d) });
const months = (n: number): TimeStep => ({
  ms: n * 30.4 * DAY,
  months: n,
  label: (d, by) => (n >= 12 ? `${d.getUTCFullYear()}` : by.month(d)),
});
const TIME_AXIS: TimeStep[] = [
  ...[1, 2, 3, 6, 12].map(hours),
  ...[1, 2, 7, 14].map(days),
  ...[1, 2, 3, 6, 12, 24, 60].map(months),
];

function firstTick(from: number, step: TimeStep): Date {
  const d = new Date(from);
  if (step.months === 0) return new Date(Math.ceil(from / step.ms) * step.ms);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  if (first.getTime() < from) first.setUTCMonth(first.getUTCMonth() + 1);
  if (step.months >= 12 && first.getUTCMonth() !== 0) first.setUTCMonth(12, 1);
  return first;
}

/** The x axis: at most `max` ticks on round hours, days, months or years between from and to. */
export function timeTicks(from: number, to: number, max: number, language = 'en') {
  const by = dates(language);
  const step = TIME_AXIS.find((s) => (to - from) / s.ms < max) ?? TIME_AXIS[TIME_AXIS.length - 1]!;
  const ticks: { at: number; label: string }[] = [];
  for (let d = firstTick(from, step); d.getTime() <= to;) {
    ticks.push({ at: d.getTime(), label: step.label(d, by) });
    d = step.months
      ? new Date(d.setUTCMonth(d.getUTCMonth() + step.months))
      : new Date(d.getTime() + step.ms);
  }
  return ticks;
}
