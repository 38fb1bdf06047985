import { randomInt } from 'node:crypto';
import type { BenchConfig } from './config';
import type { LoadGenerator } from './load/client';
import type { ProbeResult } from './load/probe';
import type { TargetCheck } from './report';
import type { RunningBackend } from './targets';

/**
 * Issue 6: does key verification leak which kind of key was refused? Three kinds of refused key,
 * each sent `BENCH_AUTH_SAMPLES` times one request at a time, interleaved: a well-formed key
 * nobody has, the secret of a live key with its tail changed (same prefix, wrong secret), and a
 * revoked key. All must get the same 401 and body; the medians should differ by noise only.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomChars = (n: number) =>
  Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** The largest pairwise difference of the medians must stay at most this (µs). */
export const AUTH_MAX_DIFF_US = 50;

export interface AuthTiming {
  backend: RunningBackend['backend']['name'];
  result: ProbeResult;
  /** Largest difference of the medians (µs). */
  maxDiffUs: number;
  /** Largest |median of paired differences| (µs): the figure the target is checked on. */
  maxPairedUs: number;
  identical: boolean;
  answer: string;
}

export async function measureAuthTiming(
  running: RunningBackend,
  config: BenchConfig,
  load: LoadGenerator,
): Promise<AuthTiming> {
  const known = running.state.key.secret;
  // Same `sk_live_` prefix and the first 32 characters of the real secret; the last 8 differ.
  let wrong = known.slice(0, -8) + randomChars(8);
  while (wrong === known) wrong = known.slice(0, -8) + randomChars(8);
  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
  const board = Object.values(running.state.boards)[0]!;
  const result = await load.probe({
    url: running.url,
    path: `/v1/boards/${encodeURIComponent(board.id)}/entries?limit=50`,
    variants: [
      { name: 'unknown key', headers: bearer(`sk_live_${randomChars(known.length - 8)}`) },
      { name: 'wrong secret, known prefix', headers: bearer(wrong) },
      { name: 'revoked key', headers: bearer(running.revoked.secret) },
    ],
    count: config.authSamples,
    warmup: Math.min(500, config.authSamples),
  });
  const medians = result.variants.map((v) => v.medianUs);
  const maxDiffUs = Math.max(...medians) - Math.min(...medians);
  const maxPairedUs = Math.max(...result.paired.map((p) => Math.abs(p.medianDiffUs)));
  const answers = new Set(result.variants.flatMap((v) => v.answers));
  const answer = [...answers][0] ?? '';
  return {
    backend: running.backend.name,
    result,
    maxDiffUs,
    maxPairedUs,
    identical: answers.size === 1 && answer.startsWith('401 '),
    answer,
  };
}

export function authTimingLines(timings: AuthTiming[], samples: number): string {
  const lines = [
    `\n== key verification (${samples} requests per kind, one at a time, interleaved) ==`,
  ];
  for (const t of timings) {
    for (const v of t.result.variants) {
      lines.push(
        `${t.backend.padEnd(8)} ${v.name.padEnd(28)} median ${v.medianUs.toFixed(0).padStart(5)} µs` +
          `  (p10 ${v.p10Us.toFixed(0)}, p90 ${v.p90Us.toFixed(0)})  ${JSON.stringify(v.statuses)}`,
      );
    }
    for (const p of t.result.paired) {
      lines.push(
        `${t.backend.padEnd(8)} ${p.a} − ${p.b}: median of paired differences ${p.medianDiffUs.toFixed(1)} µs`,
      );
    }
    lines.push(
      `${t.backend.padEnd(8)} largest difference of medians ${t.maxDiffUs.toFixed(1)} µs, ` +
        `largest paired difference ${t.maxPairedUs.toFixed(1)} µs; ` +
        (t.identical
          ? `every answer identical: ${t.answer.slice(0, 160)}…`
          : `ANSWERS DIFFER: ${t.result.variants.map((v) => `${v.name}: ${v.answers.join(' | ')}`).join('; ')}`),
    );
  }
  return lines.join('\n');
}

export function authTimingChecks(timings: AuthTiming[]): TargetCheck[] {
  return timings.flatMap((t) => [
    {
      backend: t.backend,
      target: 'refused keys: the identical 401 status and body',
      measured: t.identical ? 'identical' : 'differ',
      met: t.identical,
    },
    {
      backend: t.backend,
      target: `refused keys: within ${AUTH_MAX_DIFF_US} µs of each other (paired medians)`,
      measured: `largest paired difference ${t.maxPairedUs.toFixed(1)} µs (of medians ${t.maxDiffUs.toFixed(1)} µs)`,
      met: t.maxPairedUs <= AUTH_MAX_DIFF_US,
    },
  ]);
}
