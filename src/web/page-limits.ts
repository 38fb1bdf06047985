import { isIPv6 } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { log } from '../log';
import { t } from '../domain/i18n';
import { errorHtml } from './error-page';
import { ENGLISH } from './html';
import { pageFrame } from './locale';
import { isPicturePath, sendPlainHtml, sendText } from './respond';

/**
 * Per-address limits of the public pages (issue 14 item 4): they need no key, so the visitor's
 * address is all there is to count. Fixed one-minute windows (rate-limiter-flexible), in Redis
 * when the app has it, so every process counts together, else in memory; while Redis does not
 * answer, each process counts alone (as the API's buckets do) rather than refusing or serving
 * everyone unchecked.
 *
 * - Pages, 120 a minute: a person reads a page for seconds, and a small community behind one
 *   address (a school, a café) can still browse at once; a scraper walking every page of a
 *   large board is slowed to two pages a second.
 * - Pictures, 30 a minute: each may cost a render (tens of milliseconds of CPU). Pages show no
 *   rendered picture (the chart is inline SVG), so pictures are asked for by unfurlers (Discord
 *   fetches once per link and keeps it) and people opening one: far fewer than pages.
 * - Stored pictures (a contest's entries, `*.webp`), 1 200 a minute: a gallery page shows up
 *   to 50 thumbnails, and each is one indexed read, never a render; browsers keep them a year.
 */
export interface PageLimits {
  pagesPerMinute: number;
  imagesPerMinute: number;
  filesPerMinute: number;
}

export const DEFAULT_PAGE_LIMITS: PageLimits = {
  pagesPerMinute: 120,
  imagesPerMinute: 30,
  filesPerMinute: 1200,
};

export interface LimiterStore {
  /** The app's Redis client (src/main.ts), when REDIS_URL is set. */
  redis?: Redis | undefined;
  /** Prefix of every Redis key of this deployment. */
  redisPrefix?: string | undefined;
}

export function limiter(points: number, name: string, store: LimiterStore): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration: 60, keyPrefix: name });
  if (!store.redis) return memory;
  return new RateLimiterRedis({
    storeClient: store.redis,
    keyPrefix: `${store.redisPrefix ?? 'tally:'}web:${name}`,
    points,
    duration: 60,
    rejectIfRedisNotReady: true, // a down Redis falls to the memory twin at once
    insuranceLimiter: memory,
  });
}

/**
 * Who is asking: Express's req.ip, which follows the app's `trust proxy` setting (unset: the
 * socket's peer, so a proxy in front counts as one visitor until the operator trusts it). An
 * IPv6 visitor is counted per /64, the block one household or host is usually given.
 */
export function visitorOf(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  if (!isIPv6(ip) || ip.startsWith('::ffff:')) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(ip: string): string[] {
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...(ip.includes('::') ? zeros : []), ...right];
}

function setHeaders(res: Response, limit: number, state: RateLimiterRes): void {
  const reset = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, state.remainingPoints)));
  res.setHeader('RateLimit-Reset', String(reset));
}

function refuse(req: Request, res: Response, state: RateLimiterRes): void {
  const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  res.setHeader('Retry-After', String(seconds));
  // A picture's refusal is read by programs as often as by people: English, as the API's.
  const frame = isPicturePath(req.path) ? ENGLISH : pageFrame(req);
  const text = t(frame.lang, 'web.limits.tooMany', { seconds });
  if (isPicturePath(req.path)) {
    sendText(res, 429, text);
    return;
  }
  sendPlainHtml(res, 429, errorHtml(t(frame.lang, 'web.limits.slowDown'), text, undefined, frame));
}

/**
 * The middleware: pictures (`*.png`), stored pictures (`*.webp`) and pages count in separate
 * windows. A limiter fault other than a refusal lets the request through (logged): the pages
 * stay up if counting cannot.
 */
export function pageLimits(
  limits: PageLimits = DEFAULT_PAGE_LIMITS,
  store: LimiterStore = {},
): RequestHandler {
  const pages = limiter(limits.pagesPerMinute, 'pages', store);
  const images = limiter(limits.imagesPerMinute, 'images', store);
  const files = limiter(limits.filesPerMinute, 'files', store);
  return async (req, res, next) => {
    const [counter, limit] = req.path.endsWith('.webp')
      ? [files, limits.filesPerMinute]
      : req.path.endsWith('.png')
        ? [images, limits.imagesPerMinute]
        : [pages, limits.pagesPerMinute];
    try {
      const state = await counter.consume(visitorOf(req));
      setHeaders(res, limit, state);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) {
        log.warn('page limiter failed; serving unchecked', { err });
        next();
        return;
      }
      setHeaders(res, limit, err);
      refuse(req, res, err);
      return;
    }
    next();
  };
}
