import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createConnection } from 'mysql2/promise';
import { uniqueName } from '../../support/backends';
import { within } from '../../support/serve';

/**
 * A MariaDB and a Redis that belong to one test file: fault tests stop, kill and freeze these,
 * never the shared servers on 3306/6379 that other test files use at the same time. Both run
 * from the installed Debian binaries on a free loopback port with a temp dir, and are torn down
 * (SIGKILL, dir removed) by `destroy()`.
 */

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function run(cmd: string, args: string[], timeoutMs: number): Promise<string> {
  return within(
    timeoutMs,
    `${cmd} to finish`,
    new Promise<string>((resolve, reject) => {
      const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`${cmd} exited ${code}:\n${out}`)),
      );
    }),
  );
}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
}

/** Servers still running when the test process exits (a crash, a timeout) die with it. */
const launched = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of launched) child.kill('SIGKILL');
});

function launch(cmd: string, args: string[]): Running {
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.resume();
  launched.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      launched.delete(child);
      resolve();
    }),
  );
  return { child, exited };
}

function alive(r: Running | null): r is Running {
  return r !== null && r.child.exitCode === null && r.child.signalCode === null;
}

export class PrivateMariaDb {
  private running: Running | null = null;
  private frozen = false;

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  /** Initialises a data dir (root without password over TCP) and starts the server. */
  static async start(): Promise<PrivateMariaDb> {
    const dir = await mkdtemp(join(tmpdir(), 'tally-mariadb-'));
    await run(
      'mariadb-install-db',
      [
        '--no-defaults',
        `--datadir=${dir}/data`,
        '--user=root',
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        '--skip-name-resolve',
      ],
      60_000,
    );
    const db = new PrivateMariaDb(dir, await freePort());
    await db.up();
    return db;
  }

  /** The server URL (no database); `databaseUrl` names one. */
  get url(): string {
    return `mysql://root@127.0.0.1:${this.port}`;
  }

  databaseUrl(name: string): string {
    return `${this.url}/${name}`;
  }

  async createDatabase(): Promise<string> {
    const name = uniqueName('tally_fault');
    const conn = await createConnection(this.url);
    await conn.query(
      `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    await conn.end();
    return this.databaseUrl(name);
  }

  /** Starts mariadbd on the same port and data dir and waits until it answers. */
  async up(): Promise<void> {
    if (alive(this.running)) throw new Error('private MariaDB is already running');
    this.running = launch('/usr/sbin/mariadbd', [
      '--no-defaults',
      `--datadir=${this.dir}/data`,
      `--port=${this.port}`,
      `--socket=${this.dir}/mysqld.sock`,
      `--pid-file=${this.dir}/mysqld.pid`,
      `--log-error=${this.dir}/error.log`,
      '--bind-address=127.0.0.1',
      '--user=root',
      '--skip-name-resolve',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=64M',
      '--max-connections=200',
    ]);
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        const conn = await createConnection({ ...this.connectionOptions(), connectTimeout: 1000 });
        await conn.query('SELECT 1');
        await conn.end();
        return;
      } catch (err) {
        if (!alive(this.running)) {
          throw new Error(`mariadbd exited:\n${await this.errorLog()}`, { cause: err });
        }
        if (Date.now() > deadline) throw new Error('private MariaDB did not answer in 30 s');
        await sleep(200);
      }
    }
  }

  connectionOptions() {
    return { host: '127.0.0.1', port: this.port, user: 'root' };
  }

  /** A clean shutdown (SIGTERM): in-flight transactions are rolled back, committed data stays. */
  async stop(): Promise<void> {
    await this.signalAndWait('SIGTERM', 30_000);
  }

  /** A crash (SIGKILL): InnoDB recovers committed transactions on the next start. */
  async kill(): Promise<void> {
    await this.signalAndWait('SIGKILL', 10_000);
  }

  private async signalAndWait(signal: NodeJS.Signals, ms: number): Promise<void> {
    const r = this.running;
    if (!alive(r)) return;
    if (this.frozen) this.thaw();
    r.child.kill(signal);
    await within(ms, `mariadbd to exit on ${signal}`, r.exited);
  }

  /** SIGSTOP: the port still accepts connections, nothing answers. */
  freeze(): void {
    if (!alive(this.running)) throw new Error('private MariaDB is not running');
    this.running.child.kill('SIGSTOP');
    this.frozen = true;
  }

  thaw(): void {
    if (this.frozen && alive(this.running)) this.running.child.kill('SIGCONT');
    this.frozen = false;
  }

  errorLog(): Promise<string> {
    return readFile(`${this.dir}/error.log`, 'utf8').catch(() => '');
  }

  async destroy(): Promise<void> {
    const r = this.running;
    if (alive(r)) {
      r.child.kill('SIGKILL'); // a stopped process dies on SIGKILL too
      await within(10_000, 'mariadbd to die', r.exited);
    }
    this.running = null;
    await rm(this.dir, { recursive: true, force: true });
  }
}

export class PrivateRedis {
  private running: Running | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    if (alive(this.running)) throw new Error('private Redis is already running');
    this.running = launch('redis-server', [
      '--port',
      String(this.port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
    ]);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const client = new Redis(this.url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      client.on('error', () => undefined); // refused until the server listens: retried below
      try {
        await client.connect();
        if ((await client.ping()) === 'PONG') return;
      } catch {
        if (!alive(this.running)) throw new Error('redis-server exited at start');
        if (Date.now() > deadline) throw new Error('private Redis did not answer in 15 s');
        await sleep(100);
      } finally {
        client.disconnect();
      }
    }
  }

  async stop(): Promise<void> {
    const r = this.running;
    if (!alive(r)) return;
    r.child.kill('SIGKILL');
    await within(10_000, 'redis-server to exit', r.exited);
  }

  async destroy(): Promise<void> {
    await this.stop();
    this.running = null;
  }
}
