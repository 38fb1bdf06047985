import { z } from 'zod';
import { DISCORD_CDN } from '../domain/avatar';

/** The only reader of process.env (DESIGN.md 4): parsed once, every bad value named. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type DatabaseConfig =
  { kind: 'sqlite'; path: string } | { kind: 'mysql'; url: string; database: string };

export interface Config {
  database: DatabaseConfig;
  redisUrl: string | undefined;
  port: number;
  host: string;
  /** PUBLIC_URL, else `http://localhost:$PORT`; a server on PORT=0 puts its bound port here. */
  publicUrl: string;
  /** True when PUBLIC_URL was not given, so the URL follows the port the server really bound. */
  publicUrlFollowsPort: boolean;
  /** LOG_LEVEL when set; unset leaves the log's own default (info; error under tests). */
  logLevel: LogLevel | undefined;
  discordToken: string | undefined;
  discordApplicationId: string | undefined;
  /** REST base override (`…/api`); tests point it at the fake Discord. Production leaves it unset. */
  discordApiUrl: string | undefined;
  /**
   * The gateway shards this process connects (DISCORD_SHARDS, DISCORD_SHARD_COUNT): `auto` asks
   * Discord how many and runs them all here; otherwise `ids` of `count` in all. Unset: one shard.
   */
  discordShards: DiscordShards | undefined;
  apiAccess: 'open' | 'approval';
  syncWaitMs: number;
  readPerMinute: number;
  writePerMinute: number;
  /**
   * TRUST_PROXY: how many reverse proxies stand in front (Express's `trust proxy` hop count), so
   * the public pages' per-address limit sees visitors, not the proxy. 0: the socket's address.
   */
  trustProxy: number;
  /**
   * DISCORD_CLIENT_SECRET, the application's OAuth2 secret: with DISCORD_APPLICATION_ID it turns
   * on "Sign in with Discord" and the dashboard (redirect URI `${publicUrl}/auth/callback`).
   */
  discordClientSecret: string | undefined;
  /**
   * DISCORD_CDN_URL: where members' avatars and servers' icons are fetched from (the pages'
   * pictures, the card's renderer) and the one image host the pages' CSP names besides their own.
   * Discord's CDN unless a test points it at a local one.
   */
  discordCdnUrl: string;
}

export type DiscordShards = 'auto' | { ids: number[]; count: number };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * A start-up failure the operator fixes by changing one variable (a taken PORT, a DATABASE_URL
 * that refuses connections): printed as one line that names it, never as a stack trace.
 */
export class StartupError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
  }
}

function parseDatabaseUrl(raw: string, ctx: z.RefinementCtx): DatabaseConfig {
  if (raw.startsWith('sqlite:')) {
    const path = raw.slice('sqlite:'.length).replace(/^\/\//, '');
    if (path === '')
      ctx.addIssue({ code: 'custom', message: 'sqlite: needs a file path or :memory:' });
    return { kind: 'sqlite', path };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: `not a URL: expected sqlite:<path> or mysql://user:pass@host:port/db`,
    });
    return z.NEVER;
  }
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    ctx.addIssue({
      code: 'custom',
      message: `unsupported scheme "${url.protocol}" (use sqlite: or mysql://)`,
    });
    return z.NEVER;
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database === '') ctx.addIssue({ code: 'custom', message: 'mysql URL must name a database' });
  url.protocol = 'mysql:';
  return { kind: 'mysql', url: url.toString(), database };
}

const localUrl = (port: number) => `http://localhost:${port}`;

const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);

const schema = z.object({
  DATABASE_URL: z.string().default('sqlite:data/tally.sqlite').transform(parseDatabaseUrl),
  REDIS_URL: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v === '' || /^rediss?:\/\/.+/.test(v),
      'must be redis://host:port',
    ),
  PORT: integer('PORT', 0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url('must be an absolute http(s) URL').optional(),
  DISCORD_TOKEN: z.string().min(1).optional(),
  DISCORD_APPLICATION_ID: z
    .string()
    .regex(/^\d{17,20}$/, 'must be a snowflake')
    .optional(),
  DISCORD_API_URL: z
    .url('must be an absolute http(s) URL such as http://127.0.0.1:8080/api')
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .optional(),
  DISCORD_SHARDS: z
    .string()
    .regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, 'must list shard ids such as 0-3 or 0,2,5-7')
    .optional(),
  DISCORD_SHARD_COUNT: z
    .string()
    .regex(/^(auto|[1-9]\d{0,5})$/, 'must be "auto" or the total number of shards, such as 4')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).optional(),
  API_ACCESS: z.enum(['open', 'approval'], 'must be "open" or "approval"').default('open'),
  SYNC_WAIT_MS: integer('SYNC_WAIT_MS', 0, 30_000).default(3000),
  // Benchmarks only: the spec's limits are 600 reads and 60 writes per minute (spec 8).
  RATE_LIMIT_READ_PER_MIN: integer('RATE_LIMIT_READ_PER_MIN', 1, 10_000_000).default(600),
  RATE_LIMIT_WRITE_PER_MIN: integer('RATE_LIMIT_WRITE_PER_MIN', 1, 10_000_000).default(60),
  TRUST_PROXY: integer('TRUST_PROXY', 0, 10).default(0),
  DISCORD_CLIENT_SECRET: z.string().min(8, 'must be the OAuth2 client secret').optional(),
  DISCORD_CDN_URL: z
    .url('must be an absolute http(s) URL such as https://cdn.discordapp.com')
    .refine((v) => /^https?:\/\/[^/]+\/?$/.test(v), 'must be an http(s) origin, with no path')
    .default(DISCORD_CDN),
});

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "unset", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const discordShards = shardsOf(e.DISCORD_SHARDS, e.DISCORD_SHARD_COUNT);
  if (e.DISCORD_CLIENT_SECRET !== undefined && e.DISCORD_APPLICATION_ID === undefined) {
    throw new ConfigError([
      'DISCORD_CLIENT_SECRET: needs DISCORD_APPLICATION_ID, the client id of the same application',
    ]);
  }
  return {
    database: e.DATABASE_URL,
    redisUrl: e.REDIS_URL || undefined,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? localUrl(e.PORT)).replace(/\/+$/, ''),
    publicUrlFollowsPort: e.PUBLIC_URL === undefined,
    logLevel: e.LOG_LEVEL,
    discordToken: e.DISCORD_TOKEN,
    discordApplicationId: e.DISCORD_APPLICATION_ID,
    discordApiUrl: e.DISCORD_API_URL?.replace(/\/+$/, ''),
    discordShards,
    apiAccess: e.API_ACCESS,
    syncWaitMs: e.SYNC_WAIT_MS,
    readPerMinute: e.RATE_LIMIT_READ_PER_MIN,
    writePerMinute: e.RATE_LIMIT_WRITE_PER_MIN,
    trustProxy: e.TRUST_PROXY,
    discordClientSecret: e.DISCORD_CLIENT_SECRET,
    discordCdnUrl: e.DISCORD_CDN_URL.replace(/\/+$/, ''),
  };
}

/**
 * DISCORD_SHARDS (ids, ranges allowed) of DISCORD_SHARD_COUNT: every process of one bot gives the
 * same count and its own ids (Discord routes a server's events to shard (server id >> 22) % count).
 * A count alone runs every shard here; `auto` takes Discord's recommended count.
 */
function shardsOf(ids: string | undefined, count: string | undefined): DiscordShards | undefined {
  if (ids === undefined) {
    if (count === undefined) return undefined;
    if (count === 'auto') return 'auto';
    return { ids: Array.from({ length: Number(count) }, (_, i) => i), count: Number(count) };
  }
  if (count === undefined || count === 'auto') {
    throw new ConfigError([
      'DISCORD_SHARDS: needs DISCORD_SHARD_COUNT, the total number of shards of every process',
    ]);
  }
  const total = Number(count);
  const listed = new Set<number>();
  for (const part of ids.split(',')) {
    const [from, to = from] = part.split('-').map(Number) as [number, number?];
    if (to < from) throw new ConfigError([`DISCORD_SHARDS: ${part} runs backwards`]);
    if (to >= total) {
      throw new ConfigError([
        `DISCORD_SHARDS: shard ${to} does not exist with DISCORD_SHARD_COUNT=${total} (ids are 0 to ${total - 1})`,
      ]);
    }
    for (let id = from; id <= to; id++) listed.add(id);
  }
  return { ids: [...listed].sort((a, b) => a - b), count: total };
}

/** The configuration a server that bound `port` runs with (PORT=0 binds any free port). */
export function withBoundPort(config: Config, port: number): Config {
  if (!config.publicUrlFollowsPort || port === config.port) return config;
  return { ...config, port, publicUrl: localUrl(port) };
}
