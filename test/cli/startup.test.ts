import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { closeContext, openContext } from '../../src/main';
import { mintKey } from '../../src/pipeline/keys';
import { addOwner } from '../../src/pipeline/owners';
import { createBoard } from '../../src/pipeline/boards';
import { sqliteFileUrl } from '../support/backends';
import { ROOT, baseEnv, spawnServe, within } from '../support/serve';
import { nextSnowflake } from '../support/tally';

/**
 * Issue: start-up faults a new user meets. Each prints one line that names the variable to
 * change and exits non-zero; PORT=0 gives URLs that carry the port really bound.
 */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tally-startup-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** `tally serve` with only `env` set, as a user would start it (info-level logging on). */
function serve(env: Record<string, string>, args: string[] = []) {
  const base = baseEnv();
  delete base.VITEST;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['bin/tally.mjs', 'serve', ...args],
      { cwd: ROOT, env: { ...base, LOG_LEVEL: 'info', ...env }, timeout: 30_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number | undefined) ?? null) : 0, stdout, stderr }),
    );
  });
}

/** The lines a person reads: everything on stderr that is not a JSON log line. */
const prose = (stderr: string) =>
  stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('{'));

async function listening(): Promise<Server> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}
const portOf = (server: Server) => (server.address() as { port: number }).port;

describe('tally serve start-up faults', () => {
  it('GIVEN a taken PORT THEN one line names PORT, no stack trace, exit 1', async () => {
    const taken = await listening();
    try {
      const port = portOf(taken);
      const run = await serve({ PORT: String(port), DATABASE_URL: sqliteFileUrl(dir) });
      expect(run.code).toBe(1);
      const lines = prose(run.stderr);
      expect(lines, run.stderr).toEqual([
        `tally: PORT: 127.0.0.1:${port} is already in use (another Tally?); stop that process or set PORT to a free port (PORT=0 picks one)`,
      ]);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      taken.close();
    }
  });

  it('GIVEN a taken PORT and --demo THEN nothing is seeded, so the next start prints the keys', async () => {
    const taken = await listening();
    const databaseUrl = sqliteFileUrl(await mkdtemp(join(dir, 'demo-')));
    try {
      const run = await serve({ PORT: String(portOf(taken)), DATABASE_URL: databaseUrl }, [
        '--demo',
      ]);
      expect(run.code).toBe(1);
      expect(prose(run.stderr)).toEqual([expect.stringMatching(/^tally: PORT: /)]);
    } finally {
      taken.close();
    }
    const opened = await openContext(loadConfig({ DATABASE_URL: databaseUrl }));
    try {
      expect(await opened.ctx.repos.owners.any()).toBe(false);
    } finally {
      await closeContext(opened);
    }
  });

  it('GIVEN a DATABASE_URL that refuses connections THEN one line names DATABASE_URL, exit 1', async () => {
    // Port 1 (tcpmux) is privileged and nothing here listens on it: connections are refused.
    const port = 1;
    const run = await serve({
      PORT: '0',
      DATABASE_URL: `mysql://root:secret@127.0.0.1:${port}/tally`,
    });
    expect(run.code).toBe(1);
    expect(prose(run.stderr), run.stderr).toEqual([
      `tally: DATABASE_URL: cannot connect to mysql://root:***@127.0.0.1:${port}/tally: nothing accepts connections at 127.0.0.1:${port}; start the database server or change DATABASE_URL`,
    ]);
    expect(run.stderr).not.toMatch(/secret|\n\s+at /);
  });

  it('GIVEN a SQLite path that cannot be created THEN one line names DATABASE_URL, exit 1', async () => {
    // A regular file where the database's folder should be.
    const file = join(dir, 'not-a-folder');
    await writeFile(file, '');
    const run = await serve({ PORT: '0', DATABASE_URL: `sqlite:${file}/tally.sqlite` });
    expect(run.code).toBe(1);
    const lines = prose(run.stderr);
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^tally: DATABASE_URL: cannot open the SQLite file ${file}/tally\\.sqlite \\(E`),
    );
  });

  it('GIVEN LOG_LEVEL=verbose THEN it is named as a bad value, exit 2', async () => {
    const run = await serve({ PORT: '0', DATABASE_URL: sqliteFileUrl(dir), LOG_LEVEL: 'verbose' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/LOG_LEVEL: must be one of debug, info, warn, error/);
    expect(run.stdout).not.toMatch(/serving/);
  });
});

describe('PORT=0 without PUBLIC_URL', () => {
  it('GIVEN PORT=0 THEN board urls and problem types carry the port really bound', async () => {
    const databaseUrl = sqliteFileUrl(dir);
    const opened = await openContext(loadConfig({ DATABASE_URL: databaseUrl }));
    const ownerId = `guild:${nextSnowflake()}`;
    let key: string;
    let board: string;
    try {
      await addOwner(opened.ctx, ownerId);
      board = (await createBoard(opened.ctx, { ownerId, type: 'Classic' })).id;
      key = (await mintKey(opened.ctx, { ownerId, type: 'live', access: 'read' })).secret;
    } finally {
      await closeContext(opened);
    }
    // An empty PUBLIC_URL counts as unset, so the public URL follows the bound port.
    const served = await spawnServe(databaseUrl, { PORT: '0', PUBLIC_URL: '' });
    try {
      const port = new URL(served.url).port;
      expect(Number(port)).toBeGreaterThan(0);
      const res = await fetch(`${served.url}/v1/boards`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const body = (await res.json()) as { data: { id: string; url: string }[] };
      const url = body.data.find((b) => b.id === board)?.url;
      expect(url).toBe(
        `http://localhost:${port}/boards/${encodeURIComponent(ownerId)}/${encodeURIComponent(board)}`,
      );
      expect((await fetch(url!)).status).toBe(200);
      const refused = (await (await fetch(`${served.url}/v1/boards`)).json()) as { type: string };
      expect(refused.type).toMatch(new RegExp(`^http://localhost:${port}/errors/`));
    } finally {
      served.child.kill('SIGTERM');
      await within(10_000, 'serve to exit', served.exited);
    }
  });
});
