import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' };
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { migrations } from '../../migrations';
import { describeWhen, mysqlServerUrl, redisServerUrl, uniqueName } from '../support/backends';
import { readImageConfig, startImageProcess } from '../support/image';
import { ROOT, baseEnv, within } from '../support/serve';

/**
 * Issue 30, Compose: compose.yaml is checked against the Compose specification's JSON schema
 * (the copy the dclint package ships, schemas/compose.schema.json), and, where MariaDB and Redis
 * run (npm run test:services), Tally is started exactly as the file describes: the image's
 * entrypoint with the file's command and environment, the service hostnames mapped to this
 * machine's MariaDB and Redis, until the file's own health check passes.
 */
interface Healthcheck {
  test: string[];
  interval?: string;
  start_period?: string;
  start_interval?: string;
}
interface Service {
  build?: string;
  image?: string;
  command?: string[];
  restart?: string;
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: Healthcheck;
  volumes?: string[];
  stop_grace_period?: string;
}
interface ComposeFile {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
}

const readRoot = (path: string) => readFile(join(ROOT, path), 'utf8');

/**
 * Compose's interpolation (https://docs.docker.com/reference/compose-file/interpolation/):
 * ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $VAR and $$.
 */
function interpolate(text: string, vars: Record<string, string | undefined>): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_]\w*)(?:(:?)([-?])((?:[^}]|\}(?!\}))*?))?\}|\$([A-Za-z_]\w*)/g,
    (all, braced?: string, colon?: string, op?: string, arg?: string, bare?: string) => {
      if (all === '$$') return '$';
      const name = (braced ?? bare)!;
      const value = vars[name];
      const missing = colon ? value === undefined || value === '' : value === undefined;
      if (!op || !missing) return value ?? '';
      if (op === '-') return arg ?? '';
      throw new Error(`${name}: ${arg || 'required'}`);
    },
  );
}

/** The file as `docker compose config` would see it: every string interpolated with `vars`. */
function resolved(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') return interpolate(value, vars);
  if (Array.isArray(value)) return value.map((v) => resolved(v, vars));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolved(v, vars)]));
  return value;
}

const seconds = (duration: string | undefined, fallback: number) => {
  const found = /^(\d+)(ms|s|m)$/.exec(duration ?? '');
  if (!found) return fallback;
  return Number(found[1]) * { ms: 0.001, s: 1, m: 60 }[found[2] as 'ms' | 's' | 'm'];
};

describe('compose.yaml', () => {
  let raw: string;
  let compose: ComposeFile;
  beforeAll(async () => {
    raw = await readRoot('compose.yaml');
    compose = parse(raw) as ComposeFile;
  });

  it('GIVEN the Compose specification JSON schema THEN the file is valid', async () => {
    const dclint = dirname(createRequire(import.meta.url).resolve('dclint/package.json'));
    const schema = JSON.parse(
      await readFile(join(dclint, 'schemas', 'compose.schema.json'), 'utf8'),
    ) as { title: string };
    expect(schema.title).toBe('Compose Specification');
    // The file names draft-07 by its https address; Ajv knows the meta-schema by its http one.
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addMetaSchema({ ...draft07, $id: 'https://json-schema.org/draft-07/schema' });
    const validate = ajv.compile(schema);
    const valid = validate(compose);
    expect(
      (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath} ${e.message}`),
    ).toEqual([]);
    expect(valid).toBe(true);
    // …and so is a deliberately broken copy, so the schema is not one that accepts anything.
    const broken = structuredClone(compose);
    (broken.services.tally as unknown as Record<string, unknown>).depends_on = {
      mariadb: { condition: 'service_happy' },
    };
    expect(validate(broken)).toBe(false);
  });

  it('GIVEN its services THEN Tally waits for healthy MariaDB and Redis, with volumes and restarts', () => {
    const { tally, mariadb, redis } = compose.services;
    expect(Object.keys(compose.services).sort()).toEqual(['mariadb', 'redis', 'tally']);
    expect(tally!.build).toBe('.');
    expect(tally!.depends_on).toEqual({
      mariadb: expect.objectContaining({ condition: 'service_healthy' }),
      redis: expect.objectContaining({ condition: 'service_healthy' }),
    });
    for (const service of [tally, mariadb, redis]) {
      expect(service!.healthcheck?.test[0]).toBe('CMD');
      expect(service!.restart).toBe('unless-stopped');
    }
    expect(mariadb!.volumes).toEqual(['mariadb-data:/var/lib/mysql']);
    expect(redis!.volumes).toEqual(['redis-data:/data']);
    expect(Object.keys(compose.volumes).sort()).toEqual(['mariadb-data', 'redis-data']);
    // MariaDB, never the image's SQLite default.
    expect(tally!.environment!.DATABASE_URL).toMatch(/^mysql:\/\//);
    for (const name of ['REDIS_URL', 'PUBLIC_URL', 'DISCORD_TOKEN', 'DISCORD_APPLICATION_ID'])
      expect(tally!.environment).toHaveProperty(name);
    // A graceful stop takes up to SYNC_WAIT_MS (3 s) + 7 s (README), more than Compose's 10 s.
    expect(seconds(tally!.stop_grace_period, 10)).toBeGreaterThanOrEqual(10 + 3);
  });

  it('GIVEN a required variable left unset THEN interpolation refuses it, naming it', () => {
    expect(() => resolved(compose, {})).toThrow(/TALLY_DB_PASSWORD: set TALLY_DB_PASSWORD/);
    expect(interpolate('a$$b ${X:-d} ${Y-e} $Z', { Y: '', Z: 'z' })).toBe('a$b d  z');
  });
});

describeWhen(Boolean(mysqlServerUrl && redisServerUrl))('compose.yaml, started', () => {
  // What `docker compose up` would create: MariaDB's user and database from MARIADB_*, under
  // names of this run (the shared server's), with the file's password.
  const password = randomBytes(12).toString('hex');
  const database = uniqueName('tally_compose');
  const admin = () => createConnection(mysqlServerUrl!);
  afterAll(async () => {
    const conn = await admin();
    await conn.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await conn.query(`DROP USER IF EXISTS '${database}'@'%'`);
    await conn.end();
  });

  it('GIVEN the services it describes THEN Tally migrates, passes its health check and stops', async () => {
    const compose = resolved(parse(await readRoot('compose.yaml')), {
      TALLY_DB_PASSWORD: password,
    }) as ComposeFile;
    const tally = compose.services.tally!;
    const mariadb = compose.services.mariadb!.environment!;
    const env = tally.environment!;

    // DATABASE_URL names the mariadb service with the user, password and database it creates.
    const dbUrl = new URL(env.DATABASE_URL!);
    expect([dbUrl.hostname, dbUrl.port || '3306', dbUrl.pathname]).toEqual([
      'mariadb',
      '3306',
      `/${mariadb.MARIADB_DATABASE}`,
    ]);
    expect([decodeURIComponent(dbUrl.username), decodeURIComponent(dbUrl.password)]).toEqual([
      mariadb.MARIADB_USER,
      password,
    ]);
    expect(mariadb.MARIADB_PASSWORD).toBe(password);
    const redisUrl = new URL(env.REDIS_URL!);
    expect(redisUrl.hostname).toBe('redis');

    // The image's first start of an empty volume, as the mariadb image does it.
    const conn = await admin();
    await conn.query(
      `CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    await conn.query(`CREATE USER '${database}'@'%' IDENTIFIED BY '${password}'`);
    await conn.query(`GRANT ALL PRIVILEGES ON \`${database}\`.* TO '${database}'@'%'`);
    await conn.end();

    // The service hostnames (and the published port) mapped to this machine.
    const mysqlHere = new URL(mysqlServerUrl!);
    dbUrl.host = mysqlHere.host;
    dbUrl.username = database;
    dbUrl.pathname = `/${database}`;
    const redisHere = new URL(redisServerUrl!);
    redisUrl.host = redisHere.host;
    const published = tally.ports!.map((p) => p.split(':'));
    expect(published).toEqual([[expect.any(String), env.PORT]]);
    const port = await freePort();

    // The image: its ENV and entrypoint (Dockerfile), then the file's environment and command.
    const image = await readImageConfig();
    const childEnv = {
      ...baseEnv(),
      ...image.env,
      ...env,
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: redisUrl.toString(),
      HOST: '127.0.0.1', // 0.0.0.0 in the container; loopback here
      PORT: String(port),
    };
    expect(env.HOST).toBe('0.0.0.0');
    const argv = [...image.entrypoint, ...tally.command!];
    expect(argv[0]).toBe('node');
    const { child, output, exited } = startImageProcess(argv, ROOT, childEnv);
    try {
      // The health check, run as Compose runs it (CMD: argv, in the container's environment),
      // every start_interval until it passes, within its start period.
      const [kind, command, ...checkArgs] = tally.healthcheck!.test;
      expect([kind, command]).toEqual(['CMD', 'node']);
      const check = () =>
        new Promise<boolean>((resolve) =>
          execFile(process.execPath, checkArgs, { env: childEnv, timeout: 5_000 }, (err) =>
            resolve(!err),
          ),
        );
      const deadline = Date.now() + seconds(tally.healthcheck!.start_period, 30) * 1000;
      let healthy = false;
      while (!healthy && child.exitCode === null && Date.now() < deadline) {
        healthy = await check();
        if (!healthy)
          await new Promise((r) =>
            setTimeout(r, seconds(tally.healthcheck!.start_interval, 5) * 1000),
          );
      }
      expect(healthy, output()).toBe(true);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(await health.json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', redis: 'ok' },
      });

      // Migrated on start: every migration is recorded in the database the file names.
      const own = await createConnection({ uri: dbUrl.toString() });
      const [rows] = await own.query('SELECT COUNT(*) AS n FROM migrations');
      await own.end();
      expect(Number((rows as { n: number }[])[0]!.n)).toBe(migrations.length);

      // docker compose stop: SIGTERM, and a graceful exit within stop_grace_period.
      child.kill('SIGTERM');
      const grace = seconds(tally.stop_grace_period, 10) * 1000;
      expect(await within(grace, 'Tally to stop within stop_grace_period', exited)).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
