import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { generateSecret, hashSecret } from '../../src/domain/keys';
import { closeContext, openContext } from '../../src/main';
import { mintKey, revokeKey } from '../../src/pipeline/keys';
import { addOwner, setOwnerAccess } from '../../src/pipeline/owners';
import { openDatabase } from '../../src/store/data-source';
import {
  backendName,
  createTestDatabase,
  mysqlServerUrl,
  sqliteFileUrl,
} from '../support/backends';
import { ROOT, PUBLIC_URL } from '../support/serve';
import { nextSnowflake } from '../support/tally';

/**
 * Issue 6: "The database dump after minting keys contains no secret". Keys are minted the ways an
 * operator mints them (the `tally` binary: key create and demo) and through the pipeline, then
 * every row of every table is dumped (SQLite: every table of sqlite_master, and the raw bytes of
 * the database files; MariaDB: SELECT * of every table of the test database) and searched for each
 * secret, its random part, and their base64, base64url and hex forms. The 4-character display
 * suffix (DESIGN.md 3) is the only part of a secret that may be stored.
 */
const TALLY_ENV = ['DATABASE_URL', 'REDIS_URL', 'PORT', 'HOST', 'PUBLIC_URL', 'API_ACCESS'];
const CALL_TIMEOUT_MS = 60_000;

describe(`key secrets at rest (${backendName})`, () => {
  let databaseUrl: string;
  let sqliteDir: string | undefined;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (mysqlServerUrl) {
      const db = await createTestDatabase();
      databaseUrl = db.url;
      cleanup = () => db.drop();
    } else {
      sqliteDir = await mkdtemp(join(tmpdir(), 'tally-secrets-'));
      databaseUrl = sqliteFileUrl(sqliteDir);
      cleanup = () => rm(sqliteDir!, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup?.());

  function cli(args: string[]): Promise<string> {
    const base = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !TALLY_ENV.includes(name)),
    );
    return new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['bin/tally.mjs', ...args],
        {
          cwd: ROOT,
          env: { ...base, DATABASE_URL: databaseUrl, PUBLIC_URL },
          timeout: CALL_TIMEOUT_MS,
          encoding: 'utf8',
        },
        (error, stdout, stderr) =>
          error ? reject(new Error(`tally ${args.join(' ')}: ${stderr}`)) : resolve(stdout),
      );
    });
  }

  /** Every table's rows as text; Buffers as latin1 and hex, so no encoding hides a value. */
  async function dump(): Promise<{ text: string; tables: string[] }> {
    const render = (rows: unknown[]) =>
      JSON.stringify(rows, function (this: Record<string, unknown>, key: string, v: unknown) {
        const raw = this[key]; // before Buffer#toJSON ran
        return Buffer.isBuffer(raw) ? `${raw.toString('latin1')} ${raw.toString('hex')}` : v;
      });
    const dataSource = await openDatabase(
      loadConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL }).database,
    );
    try {
      const tables: { name: string }[] = await dataSource.query(
        mysqlServerUrl
          ? 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()'
          : "SELECT name FROM sqlite_master WHERE type = 'table'",
      );
      const parts: string[] = [];
      for (const { name } of tables) {
        const quoted = mysqlServerUrl ? `\`${name}\`` : `"${name}"`;
        parts.push(`${name}: ${render(await dataSource.query(`SELECT * FROM ${quoted}`))}`);
      }
      // SQLite: the raw files too (database, WAL, journal), since free pages and logs keep old bytes.
      if (sqliteDir) {
        for (const entry of readdirSync(sqliteDir)) {
          parts.push(readFileSync(join(sqliteDir, entry)).toString('latin1'));
        }
      }
      return { text: parts.join('\n'), tables: tables.map((t) => t.name) };
    } finally {
      await dataSource.destroy();
    }
  }

  /** Every form in which a secret could sit in a dump. */
  function formsOf(secret: string): string[] {
    const random = secret.replace(/^sk_(live|test)_/, '');
    const forms = [secret, random];
    for (const value of [secret, random]) {
      const bytes = Buffer.from(value, 'utf8');
      forms.push(
        bytes.toString('base64'),
        bytes.toString('base64url'),
        bytes.toString('hex'),
        bytes.toString('hex').toUpperCase(),
      );
    }
    // Any 8 consecutive characters of the random part (the stored display suffix is 4).
    for (let i = 0; i + 8 <= random.length; i++) forms.push(random.slice(i, i + 8));
    return forms;
  }

  it('GIVEN keys minted by the CLI (key create, demo) and the pipeline THEN no table nor database file holds any secret', async () => {
    const owner = `guild:${nextSnowflake()}`;
    const canary = generateSecret('live');
    await cli(['owner', 'add', owner, '--name', 'Secrets', '--json']);
    const secrets: string[] = [];
    for (const [type, access] of [
      ['live', 'read-write'],
      ['test', 'read'],
      ['live', 'read'],
    ]) {
      const out = JSON.parse(
        await cli([
          'key',
          'create',
          owner,
          '--type',
          type!,
          '--access',
          access!,
          '--label',
          'cli',
          '--json',
        ]),
      ) as { secret: string };
      secrets.push(out.secret);
    }
    const demo = JSON.parse(await cli(['demo', '--json'])) as { keys: { secret: string }[] };
    secrets.push(...demo.keys.map((k) => k.secret));

    const opened = await openContext(loadConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL }));
    try {
      const other = `user:${nextSnowflake()}`;
      await addOwner(opened.ctx, other);
      for (let i = 0; i < 4; i++) {
        const minted = await mintKey(opened.ctx, {
          ownerId: other,
          type: i % 2 ? 'test' : 'live',
          access: 'read-write',
          label: `pipeline ${i}`,
        });
        secrets.push(minted.secret);
        if (i === 1) await revokeKey(opened.ctx, minted.id, 'operator');
      }
      await setOwnerAccess(opened.ctx, other, 'withdraw'); // revokes the rest in one step
      // A control: a secret-shaped canary stored on purpose (as an owner's name) must be found.
      await addOwner(opened.ctx, `guild:${nextSnowflake()}`, canary);
    } finally {
      await closeContext(opened);
    }

    const { text, tables } = await dump();
    expect(secrets).toHaveLength(9);
    expect(text.includes(canary), 'the dump misses a stored canary').toBe(true);
    expect(new Set(secrets).size).toBe(9);
    expect(tables).toEqual(
      expect.arrayContaining([
        'api_keys',
        'owners',
        'boards',
        'submissions',
        'idempotency_records',
      ]),
    );
    for (const secret of secrets) {
      // The dump did reach the keys: their SHA-256 is stored (DESIGN.md 3) ...
      expect(text).toContain(hashSecret(secret));
      // ... and nothing else of the secret.
      for (const form of formsOf(secret))
        expect(text.includes(form), `a form of a secret in the dump: ${form.slice(0, 6)}…`).toBe(
          false,
        );
    }
    console.log(
      `minted ${secrets.length} keys (3 by tally key create, 2 by tally demo, 4 through the pipeline, then revoked or withdrawn), dumped ${tables.length} tables${sqliteDir ? ' and the raw database files' : ''}: no secret in any of ${formsOf(secrets[0]!).length} forms`,
    );
  }, 180_000);
});
