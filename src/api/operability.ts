import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Router } from 'express';
import express from 'express';
import type { Redis } from 'ioredis';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { log, logs } from '../log';
import type { Context } from '../pipeline/context';
import { pingDatabase, queueStats } from '../pipeline/health';
import { firstPageCounts } from './routes/entries';

/** What the rest of the process reports into the metrics (src/main.ts wires them). */
export interface MetricSources {
  /** Seconds the oldest due step of this process's scheduler has waited (0 when none is due). */
  schedulerLag?: () => Promise<number>;
}

/**
 * Health and metrics outside /v1 (issue: operability). One registry per app, so several Tally
 * instances in one process (tests) never share counters. deploy/grafana-dashboard.json charts
 * these names; test/deploy/grafana.test.ts keeps the two in step.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  private readonly rejections: Counter<'bucket'>;
  private readonly discordErrors: Counter<'status'>;

  constructor(ctx: Context, sources: MetricSources = {}) {
    this.requests = new Counter({
      name: 'tally_http_requests_total',
      help: "HTTP requests by route template ('none' before routing: 401, 429, 404), method and status",
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.latency = new Histogram({
      name: 'tally_http_request_duration_seconds',
      help: 'HTTP request latency by route template, method and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 3, 5],
      registers: [this.registry],
    });
    this.rejections = new Counter({
      name: 'tally_rate_limit_rejections_total',
      help: 'Requests refused with 429, by bucket',
      labelNames: ['bucket'],
      registers: [this.registry],
    });
    const queue = () => queueStats(ctx);
    new Gauge({
      name: 'tally_queue_depth',
      help: 'Submissions waiting for the worker',
      registers: [this.registry],
      async collect() {
        this.set((await queue()).depth);
      },
    });
    new Gauge({
      name: 'tally_worker_lag_seconds',
      help: 'Age of the oldest submission waiting for the worker (0 when none)',
      registers: [this.registry],
      async collect() {
        const { oldest } = await queue();
        this.set(oldest ? Math.max(0, (ctx.now().getTime() - oldest.getTime()) / 1000) : 0);
      },
    });
    const firstPages = firstPageCounts(ctx);
    new Gauge({
      name: 'tally_first_page_cache_answers',
      help: 'First pages answered since start, by how: hit (nothing read), confirmed (the board version read), missed (the page read)',
      labelNames: ['outcome'],
      registers: [this.registry],
      collect() {
        for (const [outcome, n] of Object.entries(firstPages)) this.set({ outcome }, n);
      },
    });
    this.discordErrors = new Counter({
      name: 'tally_discord_errors_total',
      help: "Discord REST calls answered with an error status, by status ('network': no answer); each retry counts",
      labelNames: ['status'],
      registers: [this.registry],
    });
    const { schedulerLag } = sources;
    if (schedulerLag) {
      new Gauge({
        name: 'tally_scheduler_lag_seconds',
        help: 'How long the oldest due step of the scheduler has waited (0 when none is due)',
        registers: [this.registry],
        async collect() {
          this.set(await schedulerLag());
        },
      });
    }
  }

  /** A Discord REST call that failed: its HTTP status, or 'network' (src/bot/discord.ts). */
  discordError(status: string): void {
    this.discordErrors.inc({ status });
  }

  /** The labelled children by label values: prom-client otherwise hashes the labels object on
   * every inc and observe. Bounded as the series themselves are (methods × routes × statuses). */
  private readonly children = new Map<
    string,
    { count: { inc(): void }; latency: { observe(seconds: number): void } }
  >();

  /**
   * Counts and times every response by its route template, never by its raw path, and writes one
   * structured access-log line carrying the request id (info level; LOG_LEVEL=warn silences it).
   */
  middleware(): RequestHandler {
    return (req, res, next) => {
      this.track(req, res, () => res.locals.requestId, routeOf, performance.now());
      next();
    };
  }

  /** The same for a response the middleware does not see (src/api/fast-path.ts). */
  track<R extends IncomingMessage>(
    req: R,
    res: ServerResponse,
    requestId: () => unknown,
    route: (req: R) => string,
    started: number,
  ): void {
    res.once('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const label = route(req);
      const status = String(res.statusCode);
      const child = this.childOf(req.method ?? '', label, status);
      child.count.inc();
      child.latency.observe(seconds);
      // The access line's fields are built only when it is written (LOG_LEVEL=warn: never).
      if (logs('info')) {
        log.info('request', {
          requestId: requestId(),
          method: req.method,
          route: label,
          status,
          ms: Math.round(seconds * 1e4) / 10,
        });
      }
      if (res.statusCode === 429) {
        this.rejections.inc({
          bucket: ['GET', 'HEAD', 'OPTIONS'].includes(req.method ?? '') ? 'read' : 'write',
        });
      }
    });
  }

  private childOf(method: string, route: string, status: string) {
    const key = `${method} ${route} ${status}`;
    let found = this.children.get(key);
    if (!found) {
      const labels = { method, route, status };
      found = { count: this.requests.labels(labels), latency: this.latency.labels(labels) };
      this.children.set(key, found);
    }
    return found;
  }
}

function routeOf(req: Request): string {
  const route = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof route !== 'string') return 'none'; // ended before routing: 401, 429, unmatched 404
  return req.originalUrl.startsWith('/v1/') && !route.startsWith('/v1') ? `/v1${route}` : route;
}

/** GET /healthz (database, and Redis when configured) and GET /metrics (Prometheus text). */
export function operabilityRoutes(ctx: Context, metrics: Metrics, redis?: Redis): Router {
  const router = express.Router();
  router.get('/healthz', async (_req, res) => {
    const checks: Record<string, 'ok' | 'down' | 'unused'> = { database: 'ok', redis: 'unused' };
    try {
      await pingDatabase(ctx);
    } catch {
      checks.database = 'down';
    }
    if (redis) {
      try {
        checks.redis = (await redis.ping()) === 'PONG' ? 'ok' : 'down';
      } catch {
        checks.redis = 'down';
      }
    }
    // Redis down degrades the limiter to per-process buckets; the API still serves (200).
    const healthy = checks.database === 'ok';
    res
      .status(healthy ? 200 : 503)
      .json({ status: healthy ? (checks.redis === 'down' ? 'degraded' : 'ok') : 'down', checks });
  });
  router.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
