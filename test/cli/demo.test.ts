import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_TYPES } from '../../src/domain/vocabulary';
import { loadConfig } from '../../src/config';
import { closeContext, openContext } from '../../src/main';
import type { Context } from '../../src/pipeline/context';
import { DEMO_ENTRIES } from '../../src/demo/contest';
import { DEMO_OWNER, seedDemo } from '../../src/demo/demo';
import { boardsAfter } from '../../src/pipeline/board-reads';
import { contestStandings, storedImage } from '../../src/pipeline/contests';
import { listKeys, mintKey } from '../../src/pipeline/keys';
import { findOwner } from '../../src/pipeline/owners';
import { review } from '../../src/pipeline/review';
import {
  backendName,
  createTestDatabase,
  mysqlServerUrl,
  redisServerUrl,
  sqliteFileUrl,
} from '../support/backends';
import { COMPILE_CACHE_ENV, PUBLIC_URL, ROOT, within } from '../support/serve';

/**
 * Issue: `tally demo` seeds a demo owner with one board of every type, players and history, and
 * two keys; `npm start` (serve --demo) does it on an empty database. Both run as child processes
 * on a database of their own, the way a newcomer runs them; the API is checked over HTTP.
 */
/**
 * Not a bound under test: seeding commits a few thousand times, about 3 s on SQLite and 15 s on
 * MariaDB here, and close to a minute on MariaDB with both cores busy.
 */
const TIMEOUT_MS = 180_000;

interface DemoJson {
  owner: string;
  keys: { id: string; secret: string; access: string }[];
  boards: { id: string; type: string; name: string; url: string }[];
  pending: string[];
}

/** The child gets the test's environment without any Tally variable, then exactly these. */
function childEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(DATABASE_URL|REDIS_URL|PORT|HOST|PUBLIC_URL|DISCORD_|API_ACCESS)/.test(name),
    ),
  );
  return {
    ...env,
    ...COMPILE_CACHE_ENV,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL,
    PORT: '0',
    // Limits out of the way: the buckets may live in a Redis other test files share.
    RATE_LIMIT_READ_PER_MIN: '1000000',
    RATE_LIMIT_WRITE_PER_MIN: '1000000',
    ...(redisServerUrl ? { REDIS_URL: redisServerUrl } : {}),
  };
}

// One operator's story in order (seed, run again, look around, run again at the key limit,
// serve again): each test starts from where the last left off, so they are never shuffled.
describe(`tally demo and serve --demo (${backendName})`, { shuffle: false }, () => {
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  let server: { url: string; output: () => string; stop: () => Promise<number | null> } | null =
    null;
  let demo: DemoJson;

  beforeAll(async () => {
    if (mysqlServerUrl) {
      const db = await createTestDatabase();
      databaseUrl = db.url;
      cleanup = () => db.drop();
    } else {
      const dir = await mkdtemp(join(tmpdir(), 'tally-demo-'));
      databaseUrl = sqliteFileUrl(dir);
      cleanup = () => rm(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  /** `tally demo --json`: exit 0 and exactly one JSON object on one line. */
  function runDemo(): Promise<DemoJson> {
    return new Promise((resolve, reject) => {
      const args = ['bin/tally.mjs', 'demo', '--json'];
      const options = { cwd: ROOT, env: childEnv(databaseUrl), timeout: TIMEOUT_MS };
      execFile(process.execPath, args, options, (error, stdout, stderr) => {
        if (error) return reject(new Error(`tally demo failed: ${error.message}\n${stderr}`));
        expect(stdout.trimEnd().split('\n'), 'one line of output').toHaveLength(1);
        resolve(JSON.parse(stdout) as DemoJson);
      });
    });
  }

  /** `tally serve --demo`, resolved once stdout says `until`; stop() sends SIGTERM. */
  async function serveDemo(until: RegExp) {
    const child = spawn(process.execPath, ['bin/tally.mjs', 'serve', '--demo'], {
      cwd: ROOT,
      env: childEnv(databaseUrl),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (until.test(stdout) && /serving the API at/.test(stdout)) resolve();
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      void exited.then((code) => reject(new Error(`serve exited (${code}):\n${stdout}${stderr}`)));
    });
    try {
      await within(TIMEOUT_MS, 'serve --demo to seed and listen', ready);
    } catch (err) {
      child.kill('SIGKILL');
      throw err;
    }
    const url = /serving the API at (http:\/\/\S+)\/v1/.exec(stdout)![1]!;
    const stop = async () => {
      child.kill('SIGTERM');
      return within(10_000, 'serve to exit', exited);
    };
    return { url, output: () => stdout, stop };
  }

  async function api(method: string, path: string, key: string, body?: unknown) {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['idempotency-key'] = `demo-test-${Math.random()}`;
    }
    const res = await fetch(`${server!.url}/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function withContext<T>(run: (ctx: Context) => Promise<T>): Promise<T> {
    const opened = await openContext(loadConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL }));
    try {
      return await run(opened.ctx);
    } finally {
      await closeContext(opened);
    }
  }

  const keyOf = (d: DemoJson, access: string) => d.keys.find((k) => k.access === access)!.secret;
  const boardOf = (type: string) => demo.boards.find((b) => b.type === type)!.id;

  it(
    'serve --demo on an empty database seeds the demo and prints working keys and curl lines',
    async () => {
      server = await serveDemo(/Try, while the server runs/);
      const text = server.output();
      const [, readWrite] = /read-write\s+key_\d+\s+(sk_live_\w+)/.exec(text) ?? [];
      const [, read] = /read only\s+key_\d+\s+(sk_live_\w+)/.exec(text) ?? [];
      expect(text).toContain(`Demo owner ${DEMO_OWNER} "Tally Demo": 7 boards.`);
      expect(text).toMatch(
        /curl -s 'http:\/\/tally\.test\/v1\/boards\/board_\d+\/entries\?limit=50'/,
      );
      expect(text).toMatch(/curl -si -X POST .*Idempotency-Key: /);
      const boards = await api('GET', '/boards', read!);
      expect(boards.status).toBe(200);
      expect((boards.body.data as unknown[]).length).toBe(7);
      expect((await api('GET', '/boards', readWrite!)).status).toBe(200);
    },
    TIMEOUT_MS,
  );

  it(
    'demo --json, run again, reuses every board, rotates the keys and keeps a review queue',
    async () => {
      const shown = server!.output();
      const oldKeys = [...shown.matchAll(/(sk_live_\w+)/g)].map((m) => m[1]!);
      demo = await runDemo();
      expect(demo.owner).toBe(DEMO_OWNER);
      expect(demo.boards.map((b) => b.type).sort()).toEqual([...BOARD_TYPES, 'ELO'].sort());
      for (const b of demo.boards) expect(shown).toContain(`${b.id} `);
      expect(demo.keys.map((k) => k.access)).toEqual(['read-write', 'read']);
      for (const key of new Set(oldKeys)) {
        expect((await api('GET', '/boards', key)).status, 'an old demo key').toBe(401);
      }
      const listed = await api('GET', '/boards', keyOf(demo, 'read'));
      expect(listed.body.data).toHaveLength(7);
      expect(demo.pending).toHaveLength(3);
      // Issue 15: the guide prints every pending handle (the same three), and how to list them.
      for (const handle of demo.pending) expect(shown).toContain(handle);
      expect(shown).toContain(`npx tally review list ${DEMO_OWNER}`);
      const queue = await new Promise<{ data: { handle: string }[] }>((resolve, reject) => {
        const args = ['bin/tally.mjs', 'review', 'list', DEMO_OWNER, '--json'];
        const options = { cwd: ROOT, env: childEnv(databaseUrl), timeout: TIMEOUT_MS };
        execFile(process.execPath, args, options, (error, stdout, stderr) => {
          if (error)
            return reject(new Error(`tally review list failed: ${error.message}\n${stderr}`));
          resolve(JSON.parse(stdout) as { data: { handle: string }[] });
        });
      });
      expect(queue.data.map((q) => q.handle).sort()).toEqual([...demo.pending].sort());
    },
    TIMEOUT_MS,
  );

  it(
    'the Rating board runs a contest, seeded once: a dozen live entries with votes and pictures',
    async () => {
      await withContext(async (ctx) => {
        // In the story serve --demo seeded it and a re-run kept it; alone, this test seeds it.
        if (!(await findOwner(ctx, DEMO_OWNER))) await seedDemo(ctx);
        const boards = (await boardsAfter(ctx, DEMO_OWNER, 0, 200)).items;
        const rating = boards.filter((b) => b.type === 'Rating');
        expect(rating).toHaveLength(1);
        const { entries, settings } = await contestStandings(ctx, rating[0]!);
        expect(entries).toHaveLength(DEMO_ENTRIES.length);
        expect(settings).toMatchObject({ entriesPerMember: 2, minVotes: 3 });
        expect(entries.filter((e) => e.rank !== null).length).toBeGreaterThanOrEqual(10);
        expect(entries.every((e) => e.votes > 0 && e.status === 'live')).toBe(true);
        // The damped average at work: three top votes are not enough to lead.
        const lone = entries.find((e) => e.title === 'Stained glass')!;
        expect(lone.votes).toBe(3);
        expect(lone.rank).toBeGreaterThan(1);
        const first = await storedImage(ctx, entries[0]!.imageHash);
        expect(first?.contentType).toBe('image/webp');
      });
    },
    TIMEOUT_MS,
  );

  it(
    'the highscore board pages past 50 entries, ranks running on across the cursor',
    async () => {
      const read = keyOf(demo, 'read');
      const ranks: number[] = [];
      let path = `/boards/${boardOf('Highscore')}/entries?limit=50`;
      for (;;) {
        const page = await api('GET', path, read);
        expect(page.status).toBe(200);
        ranks.push(...(page.body.data as { rank: number }[]).map((e) => e.rank));
        if (!page.body.has_more) break;
        path = `/boards/${boardOf('Highscore')}/entries?limit=50&cursor=${String(page.body.next_cursor)}`;
      }
      expect(ranks.length).toBeGreaterThan(50);
      // Competition ranks (ties share one): 1 first, never falling, never past the position.
      expect(ranks[0]).toBe(1);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(ranks.every((rank, i) => rank <= i + 1)).toBe(true);
    },
    TIMEOUT_MS,
  );

  it(
    'the ELO ladder has matches with rating snapshots; the League has points; Rating takes no writes',
    async () => {
      const read = keyOf(demo, 'read');
      const ladder = demo.boards.find((b) => b.name === 'Chess Ladder')!.id;
      const matches = await api('GET', `/boards/${ladder}/matches?limit=200`, read);
      const data = matches.body.data as {
        status: string;
        team1: { elo: number }[];
        team2: { elo: number }[];
      }[];
      expect(data).toHaveLength(200);
      expect(matches.body.has_more).toBe(true);
      for (const m of data) {
        expect(m.status).toBe('approved');
        for (const p of [...m.team1, ...m.team2]) expect(typeof p.elo).toBe('number');
      }
      // Snapshots move: the ratings held at the latest matches are not all the start rating.
      expect(
        new Set(data.flatMap((m) => [...m.team1, ...m.team2].map((p) => p.elo))).size,
      ).toBeGreaterThan(10);

      const league = await api('GET', `/boards/${boardOf('League')}/entries?limit=5`, read);
      const [top] = league.body.data as {
        score: number;
        wins: number;
        draws: number;
        losses: number;
      }[];
      // The leader's record is a leader's: points from it, more won than lost.
      expect(top!.score).toBe(3 * top!.wins + top!.draws);
      expect(top!.wins).toBeGreaterThan(top!.losses);

      // The moderated ladder: each result was approved before the next was submitted, so its
      // snapshots (spec 1.6) move too, and its members have names, not ids.
      const moderated = demo.boards.find((b) => b.name.startsWith('Table Tennis'))!.id;
      const reviewed = await api('GET', `/boards/${moderated}/matches?limit=50`, read);
      const players = (
        reviewed.body.data as { team1: { elo: number }[]; team2: { elo: number }[] }[]
      ).flatMap((m) => [...m.team1, ...m.team2]);
      expect(new Set(players.map((p) => p.elo)).size).toBeGreaterThan(3);
      const entries = await api('GET', `/boards/${ladder}/entries?limit=200`, read);
      const names = (entries.body.data as { player_name: string }[]).map((e) => e.player_name);
      expect(names.filter((n) => /^member \d+$/.test(n))).toEqual([]);
      expect(names).toEqual(expect.arrayContaining(['Robin Hale', 'Sam Okoro', 'Alex Varga']));
      const rating = await api('GET', `/boards/${boardOf('Rating')}`, read);
      expect(rating.body).toMatchObject({ type: 'Rating', write: null });
    },
    TIMEOUT_MS,
  );

  it(
    'a pending submission waits for review; the read key cannot write, the read-write key can',
    async () => {
      const read = keyOf(demo, 'read');
      const pending = await api('GET', `/submissions/${demo.pending[0]}`, read);
      expect(pending.body).toMatchObject({ status: 'pending_review', match: { applied: false } });
      const score = { player: { name: 'Newcomer', custom: true }, score: 424242 };
      const path = `/boards/${boardOf('Highscore')}/scores`;
      const refused = await api('POST', path, read, score);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('permission_denied');
      const accepted = await api('POST', path, keyOf(demo, 'read-write'), score);
      expect([201, 202]).toContain(accepted.status);
    },
    TIMEOUT_MS,
  );

  it(
    'a re-run at the 10-key limit still mints: it revokes the previous demo keys first',
    async () => {
      const before = demo;
      await withContext(async (ctx) => {
        const active = (await listKeys(ctx, DEMO_OWNER)).filter((k) => k.revoked_at === null);
        for (let i = active.length; i < 10; i++) {
          await mintKey(ctx, { ownerId: DEMO_OWNER, type: 'test', label: 'not the demo' });
        }
        await review(ctx, before.pending[0]!, 'approve', 'test', 'operator');
      });
      demo = await runDemo();
      expect(demo.boards).toEqual(before.boards);
      for (const key of before.keys)
        expect((await api('GET', '/boards', key.secret)).status).toBe(401);
      for (const key of demo.keys)
        expect((await api('GET', '/boards', key.secret)).status).toBe(200);
      const keys = await withContext((ctx) => listKeys(ctx, DEMO_OWNER));
      expect(keys.filter((k) => k.revoked_at === null)).toHaveLength(10);
      // The approved one left the review queue; a fresh one took its place.
      expect(demo.pending).toHaveLength(3);
      expect(demo.pending).not.toContain(before.pending[0]);
    },
    TIMEOUT_MS,
  );

  it(
    'serve --demo on a database that has owners seeds nothing and mints no keys',
    async () => {
      expect(await server!.stop()).toBe(0);
      server = await serveDemo(/Demo not seeded/);
      expect(server.output()).not.toMatch(/sk_live_/);
      expect((await api('GET', '/boards', keyOf(demo, 'read'))).status).toBe(200);
    },
    TIMEOUT_MS,
  );
});
