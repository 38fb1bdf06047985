import { clip, oneLine } from '../domain/chat-text';
import { utcMinute } from '../domain/display';
import type { PendingReview } from '../pipeline/review-queue';

/**
 * `tally review list` (issue 15): the review queue as a table for people and as JSON for
 * scripts. The JSON keys are stable; times are ISO 8601 UTC, ages whole seconds.
 */

export interface PendingJson {
  handle: string;
  board: string;
  board_name: string;
  kind: 'match' | 'score';
  summary: string;
  submitted_by: string;
  submitted_at: string;
  age_seconds: number;
  expires_at: string | null;
  message_url: string | null;
}

export function pendingJson(item: PendingReview, now: Date): PendingJson {
  return {
    handle: item.handle,
    board: item.board.id,
    board_name: item.board.displayName,
    kind: item.kind,
    summary: item.summary,
    submitted_by: item.submittedBy,
    submitted_at: item.submittedAt.toISOString(),
    age_seconds: Math.max(0, Math.floor((now.getTime() - item.submittedAt.getTime()) / 1000)),
    expires_at: item.expiresAt?.toISOString() ?? null,
    message_url: item.messageUrl,
  };
}

const HEADER = ['HANDLE', 'BOARD', 'KIND', 'WHAT', 'BY', 'AGE', 'EXPIRES', 'MESSAGE'];
const SUMMARY_MAX = 60;

/** One row per submission, columns padded to the widest cell; the message link last. */
export function pendingTable(items: PendingReview[], now: Date): string {
  const rows = [
    HEADER,
    ...items.map((item) => [
      item.handle,
      item.board.id,
      item.kind,
      summaryCell(item.summary),
      item.submittedBy,
      age(now.getTime() - item.submittedAt.getTime()),
      item.expiresAt ? utcMinute(item.expiresAt) : 'never',
      item.messageUrl ?? '—',
    ]),
  ];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((row) => [...row[i]!].length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** A summary on one line of the table: no line breaks or tabs, clipped with an ellipsis. */
const summaryCell = (text: string): string => clip(oneLine(text), SUMMARY_MAX);

/** `45s`, `12m`, `3h 05m`, `2d 04h`: how long a submission has waited. */
export function age(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${pad(Math.floor(s / 60) % 60)}m`;
  return `${Math.floor(s / 86_400)}d ${pad(Math.floor(s / 3600) % 24)}h`;
}

/** `2026-11-23 14:05 UTC`, as `tally review` names times elsewhere. */
