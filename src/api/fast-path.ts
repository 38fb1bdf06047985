import type { IncomingMessage, ServerResponse } from 'node:http';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import type { Stamp } from '../pipeline/read-caches';
import type { Authenticator } from './auth';
import type { TakeResult, TokenBuckets } from './limits/token-bucket';
import { presentedSecret } from './middleware/authenticate';
import {
  bucketSpecs,
  readBucketOf,
  setRateHeaders,
  type TakenToken,
} from './middleware/rate-limit';
import { assignRequestId } from './middleware/request-id';
import type { Metrics } from './operability';
import { cachedFirstPage } from './routes/entries';

export type Handle = (req: IncomingMessage, res: ServerResponse, next?: unknown) => void;

/**
 * The API's hottest read (issue 16), answered without Express when all it needs is cached:
 * `GET /v1/boards/{board}/entries` or `…?limit=N`, by a key the key cache knows, whose first page
 * the page cache holds, both valid at this request's reading of the database generation. It does
 * what the middleware and the route do for that request, with the same functions and in the
 * same order (request id, metrics, the key's read bucket and its headers, the cached bytes as
 * res.json sends them), and skips the rest of Express's per-request work (its prototypes, the
 * router's layers and matching, res.send), a sixth or so of the time such a request costs.
 *
 * Anything else goes to Express untouched, so this never answers differently, only sooner: another
 * method or path form (case, a trailing slash, percent-encoding, other query parameters),
 * conditional headers (Express may answer 304), a key or page not cached, a scope missing. A
 * token refused by the limiter goes to Express too, with the token it took, which then answers
 * the 429 as always. test/api/read-cache.test.ts holds the answers byte for byte to Express's.
 */
export function firstPageFastPath(deps: {
  ctx: Context;
  authenticator: Authenticator;
  buckets: TokenBuckets;
  metrics: Metrics;
  stamps: () => Stamp | null;
}): (req: IncomingMessage, res: ServerResponse, viaExpress: Handle) => boolean {
  const { authenticator, buckets, metrics, stamps } = deps;
  const known = authenticator.known?.bind(authenticator);
  if (!known) return () => false;
  const firstPage = cachedFirstPage(deps.ctx);
  const { read } = bucketSpecs(deps.ctx.config);

  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    viaExpress: Handle,
    served: { bucket: string; body: Buffer; started: number },
  ): Promise<void> {
    let result: TakeResult;
    try {
      result = await buckets.take(served.bucket, read);
    } catch {
      viaExpress(req, res); // took nothing: Express takes its token and answers what follows
      return;
    }
    if (!result.allowed) {
      const taken: TakenToken = { bucket: served.bucket, result };
      (res as ServerResponse & { locals?: object }).locals = Object.assign(Object.create(null), {
        takenToken: taken,
      });
      viaExpress(req, res);
      return;
    }
    const requestId = assignRequestId(req, res);
    metrics.track(req, res, () => requestId, route, served.started);
    setRateHeaders(res, result);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', String(served.body.length));
    res.end(served.body);
  }

  return (req, res, viaExpress) => {
    const started = performance.now();
    if (req.method !== 'GET') return false;
    const path = FIRST_PAGE.exec(req.url ?? '');
    if (!path) return false;
    const limit = path[2] === undefined ? 50 : Number(path[2]);
    if (!(limit >= 1 && limit <= 200)) return false;
    const headers = req.headers;
    if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined)
      return false;
    const secret = presentedSecret(req.rawHeaders);
    if (secret === null) return false;
    const stamp = stamps();
    const principal = stamp && known(secret, stamp);
    if (!principal || !principal.scopes.includes('entries:read')) return false;
    const body = firstPage(principal.ownerId, path[1]!, limit, stamp);
    if (!body) return false;
    const served = { bucket: readBucketOf(principal.keyId), body, started };
    answer(req, res, viaExpress, served).catch((err: unknown) => {
      log.error('unhandled error', { err });
      res.destroy();
    });
    return true;
  };
}

/**
 * The first page's path as written by clients: a board id of 1–100 plain characters (no
 * percent-encoding, which Express would decode), optionally `?limit=` and up to three digits.
 */
const FIRST_PAGE = /^\/v1\/boards\/([^/?#%]{1,100})\/entries(?:\?limit=(\d{1,3}))?$/;

const route = () => '/v1/boards/:board/entries';
