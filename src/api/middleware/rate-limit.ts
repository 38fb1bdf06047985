import type { RequestHandler, Response } from 'express';
import { TallyError } from '../../domain/errors';
import type { BucketSpec, TakeResult, TokenBuckets } from '../limits/token-bucket';
import { principalOf } from './authenticate';

export interface RateLimits {
  readPerMinute: number;
  writePerMinute: number;
}

/** spec 8: GET, HEAD and OPTIONS are reads; every other method is a write. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function setHeaders(res: Response, result: TakeResult): void {
  const resetAt = Math.ceil(result.nowMs / 1000 + result.resetSeconds);
  res.setHeader('RateLimit-Limit', String(result.limit));
  res.setHeader('RateLimit-Remaining', String(result.remaining));
  res.setHeader('RateLimit-Reset', String(result.resetSeconds));
  res.setHeader('X-RateLimit-Limit', String(result.limit));
  res.setHeader('X-RateLimit-Remaining', String(result.remaining));
  res.setHeader('X-RateLimit-Reset', String(resetAt));
}

/** Separate read and write token buckets per key (spec 8); runs right after authentication. */
export function rateLimit(buckets: TokenBuckets, limits: RateLimits): RequestHandler {
  const read: BucketSpec = { capacity: limits.readPerMinute, periodMs: 60_000 };
  const write: BucketSpec = { capacity: limits.writePerMinute, periodMs: 60_000 };
  return async (req, res, next) => {
    const isRead = READ_METHODS.has(req.method);
    const { keyId } = principalOf(res.locals);
    const result = await buckets.take(`${keyId}:${isRead ? 'r' : 'w'}`, isRead ? read : write);
    setHeaders(res, result);
    if (!result.allowed) {
      throw new TallyError(
        'rate_limited',
        `Over ${result.limit} ${isRead ? 'reads' : 'writes'} per minute for this key; retry after ${result.retryAfterSeconds} s`,
        { retryAfterSeconds: result.retryAfterSeconds },
      );
    }
    next();
  };
}
