import type { Redis } from 'ioredis';
import {
  checkSpec,
  IDLE_GRACE_MS,
  type BucketSpec,
  type TakeResult,
  type TokenBuckets,
} from './token-bucket';

/**
 * takeToken() from token-bucket.ts, line for line, run atomically in Redis so every process
 * shares one bucket per key (spec 8: the limits are per key, not per process). The clock is
 * Redis TIME, one clock for all processes; ARGV[3], when given, overrides it so tests can drive
 * this and the memory implementation with the same explicit clock. Numbers are integers < 2^53,
 * exact as Lua doubles; Redis formats number arguments with 17 significant digits, so HSET
 * stores them exactly.
 * KEYS[1] bucket hash {l = level in units, t = latest clock reading, ms}
 * ARGV capacity, periodMs, nowMs ('' = use TIME), grace ms added to the idle expiry
 * returns {allowed 0|1, remaining, resetSeconds, retryAfterSeconds, nowMs}
 */
const TAKE_SCRIPT = `
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local now
if ARGV[3] ~= nil and ARGV[3] ~= '' then
  now = math.floor(tonumber(ARGV[3]))
else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local full = capacity * period
local level, ts = full, now
local saved = redis.call('HMGET', KEYS[1], 'l', 't')
if saved[1] and saved[2] then
  level, ts = tonumber(saved[1]), tonumber(saved[2])
  if now > ts then
    local elapsed = now - ts
    if elapsed >= period then level = full else level = math.min(full, level + elapsed * capacity) end
    ts = now
  end
  level = math.max(0, math.min(full, level))
end
local lag = ts - now
local allowed = level >= period
local function msUntil(target)
  if level >= target then return 0 end
  return math.ceil((target - level) / capacity)
end
local resetMs, retryMs = 0, 0
if allowed then
  level = level - period
  redis.call('HSET', KEYS[1], 'l', level, 't', ts)
  -- idle keys vanish once full (plus the grace, see IDLE_GRACE_MS)
  redis.call('PEXPIRE', KEYS[1], msUntil(full) + lag + tonumber(ARGV[4]))
else
  retryMs = msUntil(period) + lag
end
if level < full then resetMs = msUntil(full) + lag end
return {allowed and 1 or 0, math.floor(level / period), math.ceil(resetMs / 1000),
  math.ceil(retryMs / 1000), now}
`;

const COMMAND = 'tallyTakeToken';

type TakeCommand = (
  key: string,
  capacity: number,
  periodMs: number,
  nowMs: string,
  graceMs: number,
) => Promise<[number, number, number, number, number]>;

/** Token buckets shared through Redis: one EVALSHA round trip per take. */
export class RedisTokenBuckets implements TokenBuckets {
  private readonly command: TakeCommand;

  /** `redis` stays the caller's: close() does not quit it. Bucket keys are `prefix + key`. */
  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    // defineCommand sends EVALSHA and falls back to EVAL once if Redis lost the script.
    if (!(COMMAND in redis)) redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: TAKE_SCRIPT });
    const command = (redis as unknown as Record<string, TakeCommand>)[COMMAND];
    if (!command) throw new Error(`ioredis did not define ${COMMAND}`);
    this.command = command.bind(redis);
  }

  take(key: string, spec: BucketSpec): Promise<TakeResult> {
    return this.takeAt(key, spec, undefined);
  }

  /** A take on an explicit clock instead of Redis TIME; for tests that twin both implementations. */
  async takeAt(key: string, spec: BucketSpec, nowMs: number | undefined): Promise<TakeResult> {
    checkSpec(spec);
    const now = nowMs === undefined ? '' : String(Math.floor(nowMs));
    const reply = await this.command(
      this.prefix + key,
      spec.capacity,
      spec.periodMs,
      now,
      IDLE_GRACE_MS,
    );
    const [allowed, remaining, resetSeconds, retryAfterSeconds, replyNow] = reply;
    return {
      allowed: allowed === 1,
      limit: spec.capacity,
      remaining,
      resetSeconds,
      retryAfterSeconds,
      nowMs: replyNow,
    };
  }

  async close(): Promise<void> {
    // Nothing to release: the connection belongs to whoever created it (main.ts quits it).
  }
}
