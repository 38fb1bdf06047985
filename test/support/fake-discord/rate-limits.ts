import { createHash } from 'node:crypto';
import type { Reply } from './types';

/**
 * Discord's per-route rate limits (docs: Rate Limits) for the routes the fake limits: each bucket
 * counts requests per top-level resource (the guild) in a fixed window, every answer carries the
 * headers @discordjs/rest reads (X-RateLimit-Limit, -Remaining, -Reset, -Reset-After, -Bucket),
 * and a request over the limit gets 429 with Retry-After, X-RateLimit-Scope `user` and
 * `{ message, retry_after, global: false }`, and is not counted. A 401 (no bot token: Discord
 * limits by IP then) and an injected reply are not counted either.
 */

/** A bucket's allowance: `limit` requests per fixed window of `windowMs`. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Giving and taking member roles, per guild and method. Discord does not publish per-route
 * numbers (apps must "not hard code" them but read the headers). The headers it sends on PUT
 * /guilds/{guild_id}/members/{user_id}/roles/{role_id} were reported as a limit of 10 in a fixed
 * window, unlike the sliding windows of most routes (discord/discord-api-docs issue 7680, 2025);
 * the window's length is not in that report, and 10 s is this fake's assumption. Whether PUT and
 * DELETE share one bucket is not documented either: here each method has its own. Tests that
 * need other numbers pass `roleRateLimit` to FakeDiscord.start.
 */
export const ROLE_RATE_LIMIT: RateLimit = { limit: 10, windowMs: 10_000 };

interface Rule {
  methods: string[];
  pattern: RegExp;
  template: string;
  limit: RateLimit;
}

interface Window {
  start: number;
  count: number;
}

/** What the rate limiter makes of one request: its headers, and the 429 if it is over. */
export interface Taken {
  headers: Record<string, string>;
  refusal?: Reply;
}

export class RateLimits {
  /** How many 429s were served. */
  served = 0;
  private readonly rules: Rule[];
  private readonly windows = new Map<string, Window>();

  constructor(roles: RateLimit) {
    if (!(roles.limit >= 1 && roles.windowMs > 0)) {
      throw new Error(`fake Discord: a rate limit needs limit ≥ 1 and windowMs > 0`);
    }
    this.rules = [
      {
        methods: ['PUT', 'DELETE'],
        pattern: /^\/guilds\/(\d+)\/members\/\d+\/roles\/\d+$/,
        template: '/guilds/{guild_id}/members/{user_id}/roles/{role_id}',
        limit: roles,
      },
    ];
  }

  /** Counts the request against its bucket, if its route has one (undefined: it has none). */
  take(method: string, path: string, now = Date.now()): Taken | undefined {
    for (const rule of this.rules) {
      const m = rule.methods.includes(method) ? rule.pattern.exec(path) : null;
      if (!m) continue;
      const bucket = bucketHash(`${method} ${rule.template}`);
      const key = `${bucket}:${m[1] ?? ''}`;
      let window = this.windows.get(key);
      if (!window || now >= window.start + rule.limit.windowMs) {
        window = { start: now, count: 0 };
        this.windows.set(key, window);
      }
      const resetAt = window.start + rule.limit.windowMs;
      const over = window.count >= rule.limit.limit;
      if (!over) window.count++;
      const headers = {
        'X-RateLimit-Limit': String(rule.limit.limit),
        'X-RateLimit-Remaining': String(rule.limit.limit - window.count),
        'X-RateLimit-Reset': (resetAt / 1000).toFixed(3),
        'X-RateLimit-Reset-After': seconds(resetAt - now),
        'X-RateLimit-Bucket': bucket,
      };
      if (!over) return { headers };
      this.served++;
      const retryAfter = Number(seconds(resetAt - now));
      return {
        headers: {
          ...headers,
          'Retry-After': String(Math.ceil(retryAfter)),
          'X-RateLimit-Scope': 'user',
        },
        refusal: {
          status: 429,
          body: { message: 'You are being rate limited.', retry_after: retryAfter, global: false },
        },
      };
    }
    return undefined;
  }
}

/** Seconds with millisecond decimals, as Discord writes them. */
const seconds = (ms: number) => (Math.ceil(Math.max(0, ms)) / 1000).toFixed(3);

/** A bucket id in the form Discord's take (32 hex digits), the same for the same route. */
const bucketHash = (route: string) => createHash('md5').update(route).digest('hex');
