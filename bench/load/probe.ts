import { RawConnection, serializeRequest } from './raw-client';

/**
 * Key-verification timing (issue 6), run in the load generator: one keep-alive connection,
 * requests strictly one after another (no queueing to blur the difference), the kinds of refused
 * key interleaved in a rotating order so drift on the machine is shared by all of them. Each
 * answer's status and body are kept (minus the per-request `request_id`) to check they are
 * identical.
 */
export interface ProbeJob {
  url: string;
  path: string;
  variants: { name: string; headers: Record<string, string> }[];
  count: number;
  warmup: number;
}

export interface ProbeVariantResult {
  name: string;
  /** Microseconds, request written to response complete. */
  medianUs: number;
  p10Us: number;
  p90Us: number;
  statuses: Record<string, number>;
  /** Distinct (status, body without request_id) pairs seen. */
  answers: string[];
}

export interface ProbeResult {
  variants: ProbeVariantResult[];
  /**
   * For each pair of kinds (a, b): the median over rounds of time(a) − time(b) within the same
   * round (µs). Paired within a round, so drift and bursts of load that hit both cancel out.
   */
  paired: { a: string; b: string; medianDiffUs: number }[];
}

function normalise(status: number, body: Buffer): string {
  const text = body.toString('utf8');
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (typeof parsed.request_id === 'string') parsed.request_id = '…';
    return `${status} ${JSON.stringify(parsed)}`;
  } catch {
    return `${status} ${text}`;
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

export async function runProbe(job: ProbeJob): Promise<ProbeResult> {
  const target = new URL(job.url);
  const conn = await RawConnection.open(target.hostname, Number(target.port || 80));
  const requests = job.variants.map((v) =>
    serializeRequest(target.host, { method: 'GET', path: job.path }, v.headers),
  );
  const send = (i: number) =>
    new Promise<{ us: number; answer: string }>((resolve, reject) => {
      const start = process.hrtime.bigint();
      conn.send(requests[i]!, (err, reply) => {
        const us = Number(process.hrtime.bigint() - start) / 1000;
        if (err || !reply) reject(err ?? new Error('no reply'));
        else resolve({ us, answer: normalise(reply.status, reply.body) });
      });
    });
  const n = job.variants.length;
  for (let i = 0; i < job.warmup; i++) await send(i % n);
  const times = job.variants.map(() => [] as number[]);
  const statuses = job.variants.map(() => ({}) as Record<string, number>);
  const answers = job.variants.map(() => new Set<string>());
  for (let round = 0; round < job.count; round++) {
    for (let j = 0; j < n; j++) {
      const i = (round + j) % n; // rotate which kind goes first
      const { us, answer } = await send(i);
      times[i]!.push(us);
      const status = answer.slice(0, 3);
      statuses[i]![status] = (statuses[i]![status] ?? 0) + 1;
      answers[i]!.add(answer);
    }
  }
  conn.close();
  const paired: ProbeResult['paired'] = [];
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const diffs = times[a]!.map((t, r) => t - times[b]![r]!).sort((x, y) => x - y);
      paired.push({
        a: job.variants[a]!.name,
        b: job.variants[b]!.name,
        medianDiffUs: quantile(diffs, 0.5),
      });
    }
  }
  return {
    paired,
    variants: job.variants.map((v, i) => {
      const sorted = [...times[i]!].sort((a, b) => a - b);
      return {
        name: v.name,
        medianUs: quantile(sorted, 0.5),
        p10Us: quantile(sorted, 0.1),
        p90Us: quantile(sorted, 0.9),
        statuses: statuses[i]!,
        answers: [...answers[i]!],
      };
    }),
  };
}
