import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { TallyError } from '../../domain/errors';
import type { BucketSpec, TakeResult, TokenBuckets } from '../limits/token-bucket';
import { principalOf } from './authenticate';

export interface RateLimits {
  readPerMinute: number;
  writePerMinute: number;
}

/** spec 8: GET, HEAD and OPTIONS are reads; every other method is a write. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The rate headers of spec 4.1 and 8 (also src/api/fast-path.ts). */
export function setRateHeaders(res: ServerResponse, result: TakeResult): void {
  const resetAt = Math.ceil(result.nowMs / 1000 + result.resetSeconds);
  res.setHeader('RateLimit-Limit', String(result.limit));
  res.setHeader('RateLimit-Remaining', String(result.remaining));
  res.setHeader('RateLimit-Reset', String(result.resetSeconds));
  res.setHeader('X-RateLimit-Limit', String(result.limit));
  res.setHeader('X-RateLimit-Remaining', String(result.remaining));
  res.setHeader('X-RateLimit-Reset', String(resetAt));
}

/** The token a request already took from `bucket` before Express saw it (src/api/fast-path.ts). */
export interface TakenToken {
  bucket: string;
  result: TakeResult;
}

export const readBucketOf = (keyId: number) => `${keyId}:r`;

export function bucketSpecs(limits: RateLimits): { read: BucketSpec; write: BucketSpec } {
  return {
    read: { capacity: limits.readPerMinute, periodMs: 60_000 },
    write: { capacity: limits.writePerMinute, periodMs: 60_000 },
  };
}

/** Separate read and write token buckets per key (spec 8); runs right after authentication. */
export function rateLimit(buckets: TokenBuckets, limits: RateLimits): RequestHandler {
  const { read, write } = bucketSpecs(limits);
  return async (req, res, next) => {
    const isRead = READ_METHODS.has(req.method);
    const { keyId } = principalOf(res.locals);
    const bucket = isRead ? readBucketOf(keyId) : `${keyId}:w`;
    const taken = res.locals.takenToken as TakenToken | undefined;
    const result =
      taken?.bucket === bucket ? taken.result : await buckets.take(bucket, isRead ? read : write);
    setRateHeaders(res, result);
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
