/** Structured JSON log lines on stderr; quiet under tests unless LOG_LEVEL says otherwise. */
import type { LogLevel as Level } from '../config';

const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
let threshold: Level =
  (process.env.LOG_LEVEL as Level | undefined) ?? (process.env.VITEST ? 'error' : 'info');

/** LOG_LEVEL as checked by loadConfig; the process applies it once it has its configuration. */
export function setLogLevel(level: Level | undefined): void {
  if (level) threshold = level;
}

export type Fields = Record<string, unknown>;

/** Whether a line at `level` is written: lets a hot path skip building its fields. */
export const logs = (level: Level): boolean => ORDER[level] >= (ORDER[threshold] ?? 20);

function write(level: Level, msg: string, fields: Fields = {}): void {
  if (ORDER[level] < (ORDER[threshold] ?? 20)) return;
  const err =
    fields.err instanceof Error
      ? { err: { message: fields.err.message, stack: fields.err.stack } }
      : {};
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields, ...err })}\n`,
  );
}

export const log = {
  debug: (msg: string, fields?: Fields) => write('debug', msg, fields),
  info: (msg: string, fields?: Fields) => write('info', msg, fields),
  warn: (msg: string, fields?: Fields) => write('warn', msg, fields),
  error: (msg: string, fields?: Fields) => write('error', msg, fields),
};
