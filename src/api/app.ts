import express, { type ErrorRequestHandler, type Express, type Router } from 'express';
import type { Redis } from 'ioredis';
import { TallyError, notFound } from '../domain/errors';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { readStamps } from '../pipeline/read-caches';
import type { Authenticator } from './auth';
import { firstPageFastPath, type Handle } from './fast-path';
import type { TokenBuckets } from './limits/token-bucket';
import { authenticate } from './middleware/authenticate';
import { rateLimit } from './middleware/rate-limit';
import { requestId } from './middleware/request-id';
import { Metrics, operabilityRoutes } from './operability';
import { sendProblem } from './problem';
import { openapiRoute } from './openapi';
import { addV1Routes } from './routes';

export interface ApiDeps {
  ctx: Context;
  authenticator: Authenticator;
  buckets: TokenBuckets;
  /** For the health check only; the limiter and signals hold their own references. */
  redis?: Redis;
  /** The process's metrics (src/main.ts feeds them from the bot and the scheduler); default: new. */
  metrics?: Metrics;
  /**
   * Other front ends served beside the API, outside /v1 (src/main.ts mounts the public board
   * pages here), so they share the request id, metrics and the final 404.
   */
  beside?: Router[];
  /**
   * false: every read comes from the database, never from the per-process caches of keys and
   * first pages (src/pipeline/read-caches.ts); tests compare the two. Default true.
   */
  cacheReads?: boolean;
}

/** The HTTP API without listen(), so tests run it in-process (STYLE.md: createApp(deps)). */
export function createApp(deps: ApiDeps): Express {
  const { ctx } = deps;
  const errorsUrl = `${ctx.config.publicUrl}/errors`;
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  // Visitors' addresses through TRUST_PROXY reverse proxies (the public pages limit per address).
  if (deps.ctx.config.trustProxy > 0) app.set('trust proxy', deps.ctx.config.trustProxy);

  const metrics = deps.metrics ?? new Metrics(ctx);
  app.use(requestId);
  app.use(metrics.middleware());

  // spec 5.10: authentication, then the limiter, then routing, so a mistyped URL without a key is 401.
  const v1 = express.Router();
  // The request's reading of the database generation is taken there, once, for every cached read.
  const stamps = deps.cacheReads === false ? undefined : readStamps(ctx);
  v1.use(authenticate(deps.authenticator, stamps));
  v1.use(rateLimit(deps.buckets, ctx.config));
  // Express would answer OPTIONS itself ("GET, HEAD" as text); the API has no such operation.
  v1.use((req, _res, next) => {
    if (req.method === 'OPTIONS') throw notFound(`No operation OPTIONS ${req.baseUrl}${req.path}`);
    next();
  });
  addV1Routes(v1, ctx);
  v1.use((req) => {
    throw notFound(`No operation ${req.method} ${req.baseUrl}${req.path}`);
  });
  // First after the shared middleware: API requests, the hot path, skip the layers below. No
  // path overlaps theirs, and an error from /v1 passes routers by (they take no error).
  app.use('/v1', v1);

  app.get('/openapi.yaml', openapiRoute());
  app.use(operabilityRoutes(ctx, metrics, deps.redis));
  for (const router of deps.beside ?? []) app.use(router);

  app.use((req) => {
    throw notFound(`Nothing at ${req.path}`);
  });

  const problems: ErrorRequestHandler = (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendProblem(req, res, asTallyError(err, res.locals.requestId as string), errorsUrl);
  };
  app.use(problems);
  if (stamps) installFastPath(app, firstPageFastPath({ ...deps, metrics, stamps }));
  return app;
}

/**
 * Requests reach the app through `app.handle`; the fast path (src/api/fast-path.ts) sees each
 * first and hands Express whatever it does not answer itself. Not when the app is mounted in
 * another (a `next` is given): its paths are then relative.
 */
function installFastPath(app: Express, fastPath: ReturnType<typeof firstPageFastPath>): void {
  const handled = app as unknown as { handle: Handle };
  const viaExpress = handled.handle.bind(app);
  handled.handle = (req, res, next) => {
    if (next !== undefined || !fastPath(req, res, viaExpress)) viaExpress(req, res, next);
  };
}

/** Body-parser and other framework errors mapped to spec 7; anything unknown is a 500. */
function asTallyError(err: unknown, requestId: string): TallyError {
  if (err instanceof TallyError) return err;
  const type = (err as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large') {
    return new TallyError('invalid_request', 'The request body is over 64 KB', { status: 413 });
  }
  if (err instanceof URIError) {
    // A path segment that is not valid percent-encoded UTF-8: the request cannot be read.
    return new TallyError('invalid_request', 'The request path is not valid percent-encoding', {
      status: 400,
    });
  }
  if (
    (typeof type === 'string' && type.startsWith('entity.')) ||
    type === 'request.aborted' ||
    type === 'encoding.unsupported' ||
    type === 'charset.unsupported'
  ) {
    return new TallyError('invalid_request', 'The request body could not be read', { status: 400 });
  }
  // Any other refusal of the body reader (a Content-Encoding whose bytes do not decode) is 4xx.
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new TallyError('invalid_request', 'The request body could not be read', { status: 400 });
  }
  log.error('unhandled error', { requestId, err });
  return new TallyError(
    'internal_error',
    'Something went wrong on our side; retry with the same Idempotency-Key',
  );
}
