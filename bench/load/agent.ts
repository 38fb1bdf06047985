import autocannon, { type Request } from 'autocannon';
import { scenarioByName } from '../scenarios/index';
import type { HttpRequest, Scenario } from '../scenarios/types';
import { runOpenLoop, type OpenLoopResult } from './open-loop';
import { runProbe, type ProbeJob, type ProbeResult } from './probe';

/**
 * The load generator: a child process of the harness, pinned to its own core, taking jobs over
 * IPC. "closed" finds the maximum throughput with autocannon (N connections, each sending its
 * next request as soon as the last one is answered); "open" sends at a fixed rate and measures
 * latency corrected for coordinated omission (open-loop.ts).
 */
export interface LoadJob {
  id: number;
  kind: 'closed' | 'open';
  url: string;
  headers: Record<string, string>;
  scenario: string;
  params: unknown;
  seconds: number;
  connections: number;
  /** Open loop only: requests per second. */
  rate?: number;
}

export interface ClosedLoopResult {
  rps: number;
  ok: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** Closed-loop latency (ms): not corrected, informative only. */
  p50: number;
  p99: number;
}

/** Jobs the agent takes over IPC: a load run, or a key-verification timing probe. */
export type AgentJob = LoadJob | ({ id: number; kind: 'probe' } & ProbeJob);
export type AgentResult = ClosedLoopResult | OpenLoopResult | ProbeResult;

export type LoadReply =
  { id: number; ok: true; result: AgentResult } | { id: number; ok: false; error: string };

let seq = 0; // unique per process, across jobs (write scenarios derive idempotency keys from it)

function requestSource(scenario: Scenario<unknown>, params: unknown): (n: number) => HttpRequest {
  const distinct = scenario.distinct?.(params);
  if (distinct === undefined) return (n) => scenario.request(params, n);
  const built = Array.from({ length: distinct }, (_, i) => scenario.request(params, i));
  return (n) => built[n % distinct]!;
}

async function closedLoop(job: LoadJob, scenario: Scenario<unknown>): Promise<ClosedLoopResult> {
  const distinct = scenario.distinct?.(job.params);
  const withAuth = (r: HttpRequest): Request => ({
    ...r,
    headers: { ...job.headers, ...r.headers },
  });
  const requests: Request[] =
    distinct !== undefined
      ? Array.from({ length: distinct }, (_, i) => withAuth(scenario.request(job.params, i)))
      : [{ setupRequest: (req) => ({ ...req, ...withAuth(scenario.request(job.params, seq++)) }) }];
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    timeout: 10,
    requests,
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
  );
  const ok = Object.entries(statusCodes)
    .filter(([code]) => (scenario.okStatus ?? is2xx)(Number(code)))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    rps: ok / result.duration,
    ok,
    errors: result.errors + result.timeouts + (result['2xx'] + result.non2xx - ok),
    statusCodes,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

const is2xx = (status: number) => status >= 200 && status < 300;

async function handle(job: AgentJob): Promise<AgentResult> {
  if (job.kind === 'probe') return runProbe(job);
  const scenario = scenarioByName(job.scenario);
  if (job.kind === 'closed') return closedLoop(job, scenario);
  if (!job.rate) throw new Error('open-loop job without a rate');
  const source = requestSource(scenario, job.params);
  return runOpenLoop({
    url: job.url,
    headers: job.headers,
    rate: job.rate,
    seconds: job.seconds,
    connections: job.connections,
    next: () => source(seq++),
    ok: scenario.okStatus ?? is2xx,
  });
}

process.on('message', (job: AgentJob) => {
  handle(job).then(
    (result) => process.send?.({ id: job.id, ok: true, result } satisfies LoadReply),
    (err: unknown) =>
      process.send?.({
        id: job.id,
        ok: false,
        error: String((err as Error)?.stack ?? err),
      } satisfies LoadReply),
  );
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
