import { invalidSaid } from './errors';
import type { BoardType } from './vocabulary';

/**
 * Scores as people type and read them: whole numbers, and on Time boards a duration stored as
 * milliseconds (spec 2.3 score_unit) written m:ss.mmm, or h:mm:ss.mmm from an hour on. Chat,
 * the Adjust form and the public pages all read and write them here, so what one shows the
 * others accept: formatTime's output always parses back to the same value.
 */
const TIME = /^(-)?(?:(\d+):([0-5]\d)|(\d+)):([0-5]\d)(?:\.(\d{1,3}))?$/;

/** Milliseconds of `1:30.250`, `1:02:03.004`, `-0:01.500` (fraction optional); null if not a time. */
export function parseTime(text: string): number | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const hours = Number(m[2] ?? 0);
  const minutes = Number(m[3] ?? m[4]);
  const seconds = Number(m[5]);
  const millis = Number((m[6] ?? '').padEnd(3, '0'));
  const ms = ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
  return m[1] && ms !== 0 ? -ms : ms;
}

/** A Time board's milliseconds as people read them: 1:30.250, 1:02:03.004. */
export function formatTime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const seconds = `${pad(Math.floor(abs / 1000) % 60)}.${pad(abs % 1000, 3)}`;
  const minutes = Math.floor(abs / 60_000);
  if (minutes < 60) return `${sign}${minutes}:${seconds}`;
  return `${sign}${Math.floor(minutes / 60)}:${pad(minutes % 60)}:${seconds}`;
}

/**
 * A score as typed for a board of this type (chat, the Adjust form, the CLI's corrections); a 422
 * naming `score` when it is not one, or is a time below zero.
 */
export function parseScoreText(type: BoardType, text: string): number {
  if (type === 'Time') {
    const ms = parseTime(text);
    if (ms === null) {
      throw invalidSaid('chat.typed.notTime', { text });
    }
    // A time is how long something took: below zero it would top every lowest-wins board. People
    // type times here; the API keeps the spec's whole integer range (spec 4.9).
    if (ms < 0) {
      throw invalidSaid('chat.typed.belowZero', { text });
    }
    return ms;
  }
  const trimmed = text.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) {
    throw invalidSaid('chat.typed.notWhole', { text });
  }
  return Number(trimmed);
}

/** A board's value (score, points or rating) as it reads in chat; null is a dash. */
export function formatScore(type: BoardType, value: number | null): string {
  if (value === null) return '—';
  return type === 'Time' ? formatTime(value) : String(value);
}

/** A count as typed (a League score): digits only; null if not one. The range is the write's. */
export function parseCount(text: string): number | null {
  return /^\s*\d{1,16}\s*$/.test(text) ? Number(text) : null;
}

/** A scoreline as typed in chat, your side first: `3-1`, `3 – 1`, `3:1`; null if not one. */
export function parseScoreline(text: string): [number, number] | null {
  const m = /^\s*(\d{1,16})\s*[-–:]\s*(\d{1,16})\s*$/.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : null;
}
