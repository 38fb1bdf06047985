import * as hdr from 'hdr-histogram-js';
import { RawConnection, serializeRequest } from './raw-client';
import type { HttpRequest } from '../scenarios/types';

/**
 * An open-loop, constant-rate load generator in the style of wrk2. Request i is due at
 * start + i / rate whatever happened to earlier requests; when every connection is busy it waits
 * in a queue. Latency is measured from the due time, not from the moment it could be sent, so a
 * stall is charged to every request it delayed: that is the correction for coordinated omission.
 * The "service" histogram (from the actual send) is kept too, to show how much was queueing.
 */
export interface OpenLoopJob {
  url: string;
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  connections: number;
  next(seq: number): HttpRequest;
  ok(status: number): boolean;
  /** How long to wait for stragglers after the last due time. */
  drainMs?: number;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  mean: number;
}

export interface OpenLoopResult {
  rate: number;
  /** Requests answered per second of the schedule. */
  achievedRps: number;
  sent: number;
  ok: number;
  errors: number;
  /** Due but never answered before the drain deadline (recorded as deadline − due). */
  unanswered: number;
  /** Milliseconds, from the due time (corrected). */
  latency: LatencySummary;
  /** Milliseconds, from the actual send (what a closed-loop tool would report). */
  service: LatencySummary;
  /** How far behind schedule the generator itself fell at worst (ms); should stay small. */
  maxSendLagMs: number;
}

const histogram = () =>
  hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 120_000_000,
    numberOfSignificantValueDigits: 3,
  });

function summarise(h: hdr.Histogram): LatencySummary {
  const ms = (us: number) => us / 1000;
  return {
    count: h.totalCount,
    p50: ms(h.getValueAtPercentile(50)),
    p90: ms(h.getValueAtPercentile(90)),
    p99: ms(h.getValueAtPercentile(99)),
    p999: ms(h.getValueAtPercentile(99.9)),
    max: ms(h.maxValue),
    mean: ms(h.mean),
  };
}

export async function runOpenLoop(job: OpenLoopJob): Promise<OpenLoopResult> {
  const target = new URL(job.url);
  const port = Number(target.port || 80);
  const conns = await Promise.all(
    Array.from({ length: job.connections }, () => RawConnection.open(target.hostname, port)),
  );
  const corrected = histogram();
  const service = histogram();
  const total = Math.max(1, Math.round(job.rate * job.seconds));
  const interval = 1000 / job.rate;
  const queue: number[] = []; // due times (ms) of requests waiting for a free connection
  let seq = 0;
  let dueIndex = 0;
  let answered = 0;
  let ok = 0;
  let errors = 0;
  let maxSendLagMs = 0;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const start = performance.now() + 5;

  const sendOn = (conn: RawConnection, due: number) => {
    const request = serializeRequest(target.host, job.next(seq++), job.headers);
    const sentAt = performance.now();
    maxSendLagMs = Math.max(maxSendLagMs, sentAt - due);
    conn.send(request, (err, reply) => {
      const now = performance.now();
      answered++;
      if (err || !reply || !job.ok(reply.status)) errors++;
      else ok++;
      corrected.recordValue(Math.max(1, Math.round((now - due) * 1000)));
      service.recordValue(Math.max(1, Math.round((now - sentAt) * 1000)));
      const waiting = queue.shift();
      if (waiting !== undefined && !conn.closed) sendOn(conn, waiting);
      else if (waiting !== undefined) queue.unshift(waiting);
      if (answered === total) finish();
    });
  };

  const dispatch = (due: number) => {
    const free = conns.find((c) => !c.busy && !c.closed);
    if (free) sendOn(free, due);
    else queue.push(due);
  };

  const pump = () => {
    const now = performance.now();
    while (dueIndex < total && start + dueIndex * interval <= now) {
      dispatch(start + dueIndex * interval);
      dueIndex++;
    }
    if (dueIndex >= total) return;
    const wait = start + dueIndex * interval - performance.now();
    // Timers are coarse (≥ 1 ms); the last stretch before a due time spins on setImmediate,
    // which still lets responses in between. The generator has a core of its own.
    if (wait > 2) setTimeout(pump, wait - 1.5);
    else setImmediate(pump);
  };
  setTimeout(pump, 4);

  const drainMs = job.drainMs ?? 5000;
  const scheduleEnd = start + total * interval;
  await Promise.race([
    finished,
    new Promise<void>((resolve) =>
      setTimeout(resolve, Math.max(0, scheduleEnd - performance.now()) + drainMs),
    ),
  ]);
  const deadline = performance.now();
  // Requests due but never answered count at the latency they had reached when we gave up.
  const unanswered = total - answered;
  for (let i = answered; i < total; i++) {
    corrected.recordValue(Math.max(1, Math.round((deadline - (start + i * interval)) * 1000)));
  }
  for (const c of conns) c.close();
  return {
    rate: job.rate,
    achievedRps: ok / job.seconds,
    sent: seq,
    ok,
    errors: errors + unanswered,
    unanswered,
    latency: summarise(corrected),
    service: summarise(service),
    maxSendLagMs,
  };
}
