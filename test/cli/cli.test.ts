import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { hashSecret } from '../../src/domain/keys';
import { openContext } from '../../src/main';
import { createBoard as newBoard } from '../../src/pipeline/boards';
import { listKeys, mintKey, revokeKey } from '../../src/pipeline/keys';
import { addOwner } from '../../src/pipeline/owners';
import { PUBLIC_URL, runTally, type CliRun } from '../support/serve';
import type { Context } from '../../src/pipeline/context';
import { createDataSource } from '../../src/store/data-source';
import { backendName } from '../support/backends';
import { createSharedDatabase } from '../support/shared-database';
import { nextSnowflake } from '../support/tally';

/**
 * The `tally` binary of DESIGN.md 4, run as a child process the way an operator runs it, on a
 * database of its own: a SQLite file (the CLI is another process, so not :memory:) or a fresh
 * MariaDB database. Every call spawns tsx (most of a second of CPU), so what a test only sets up
 * is made in process, and tests that make what they read run side by side.
 */
const CALL_TIMEOUT_MS = 30_000;
/**
 * Not a bound under test: a test of eight calls in a row on MariaDB beside the whole suite took
 * over 60 s once (each call 5–8 s on two busy cores), though each starts in under a second idle.
 */
const TEST_TIMEOUT_MS = 120_000;

interface BoardBody {
  id: string;
  display_name: string;
  type: string;
  sort: string;
  team_size: number;
  fixed_teams: boolean;
  url: string;
  write: Record<string, unknown> | null;
  validation_window_hours: number;
  auto_applies: boolean;
}

interface KeyBody {
  id: string;
  type: string;
  scopes: string[];
  label: string;
  revoked_at: string | null;
  secret?: string;
}

const BOARD_FIELDS = [
  'auto_applies',
  'display_name',
  'fixed_teams',
  'id',
  'sort',
  'team_size',
  'type',
  'url',
  'validation_window_hours',
  'write',
];
const READ_WRITE = ['boards:read', 'entries:read', 'matches:read', 'matches:write', 'scores:write'];

// Every test makes what it reads (the guild is registered first; other owners are its own), so
// they run side by side: each call is a process, mostly TypeScript loading, on two cores or more.
describe.concurrent(`the tally CLI (${backendName})`, () => {
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  /** Registered before the tests: the owner of the boards and keys they create. */
  const guild = `guild:${nextSnowflake()}`;

  beforeAll(async () => {
    const database = await createSharedDatabase('tally-cli-');
    databaseUrl = database.url;
    cleanup = () => database.drop();
    await withContext((ctx) => addOwner(ctx, guild)); // migrates it too
  });
  afterAll(() => cleanup?.());

  const tally = (args: string[], env: Record<string, string> = {}): Promise<CliRun> =>
    runTally(databaseUrl, args, CALL_TIMEOUT_MS, env);

  /** A successful --json call: exit 0 and stdout is exactly one JSON object. */
  async function json<T = Record<string, unknown>>(args: string[]): Promise<T> {
    const run = await tally(args);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trimEnd().split('\n'), 'one line of output').toHaveLength(1);
    const parsed: unknown = JSON.parse(run.stdout);
    expect(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)).toBe(true);
    return parsed as T;
  }

  /** A refused call: exit 1, nothing on stdout, a message on stderr. */
  async function fails(args: string[], message: RegExp): Promise<CliRun> {
    const run = await tally(args);
    expect(run.code, run.stdout).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    return run;
  }

  /** An in-process context on the same database, for setup and checks the CLI does not offer. */
  async function withContext<T>(run: (ctx: Context) => Promise<T>): Promise<T> {
    const config = loadConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL });
    const { ctx, db } = await openContext(config);
    try {
      return await run(ctx);
    } finally {
      await db.close();
    }
  }

  const createBoard = (...args: string[]) =>
    json<BoardBody>(['board', 'create', guild, ...args, '--json']);

  /** A guild of its own with live keys minted in process, secrets and all. */
  const ownerWithKeys = (n: number) =>
    withContext(async (ctx) => {
      const owner = (await addOwner(ctx, `guild:${nextSnowflake()}`)).id;
      const keys = [];
      for (let i = 0; i < n; i++) {
        keys.push(await mintKey(ctx, { ownerId: owner, type: 'live', access: 'read-write' }));
      }
      return { owner, keys };
    });

  /** A guild of its own with an ELO board, made in process: setup, not what a test checks. */
  const ownerWithBoard = () =>
    withContext(async (ctx) => {
      const owner = (await addOwner(ctx, `guild:${nextSnowflake()}`)).id;
      return { owner, board: await newBoard(ctx, { ownerId: owner, type: 'ELO' }) };
    });

  it(
    'migrate brings an empty database up to date',
    async () => {
      const empty = await createSharedDatabase('tally-cli-empty-');
      const probe = createDataSource(loadConfig({ DATABASE_URL: empty.url }).database);
      await probe.initialize();
      try {
        expect(await probe.showMigrations()).toBe(true);
        const run = await runTally(empty.url, ['migrate'], CALL_TIMEOUT_MS);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout.trim()).not.toBe('');
        expect(await probe.showMigrations()).toBe(false);
        const runner = probe.createQueryRunner();
        try {
          expect(await runner.hasTable('boards')).toBe(true);
          expect(await runner.hasTable('idempotency_records')).toBe(true);
        } finally {
          await runner.release();
        }
      } finally {
        await probe.destroy();
        await empty.drop();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'migrate --json prints one JSON object',
    async () => {
      await json(['migrate', '--json']);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'board delete without --yes prints what would be lost and exits 1; with --yes it deletes',
    async () => {
      const { owner, board } = await ownerWithBoard();
      const asked = await tally(['board', 'delete', owner, board.id]);
      expect(asked.code, asked.stderr).toBe(1);
      expect(asked.stdout).toContain(`Deleting ${board.id}`);
      expect(asked.stderr).toContain('add --yes');
      const done = await tally(['board', 'delete', owner, board.id, '--yes']);
      expect(done.code, done.stderr).toBe(0);
      expect(done.stdout).toContain(`Deleted ${board.id}`);
      expect(await withContext((ctx) => ctx.repos.boards.byId(owner, board.id))).toBeNull();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'owner add registers a guild with its name',
    async () => {
      const id = `guild:${nextSnowflake()}`;
      const owner = await json(['owner', 'add', id, '--name', 'Night Owls', '--json']);
      expect(owner).toEqual({ id, name: 'Night Owls', api_access: 'open' });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'owner add refuses a malformed owner id with exit code 1 and says what is expected',
    async () => {
      const run = await fails(
        ['owner', 'add', 'guild:12ab', '--json'],
        /owner id must be guild:<snowflake> or user:<snowflake>/,
      );
      expect(run.stderr).toContain('guild:12ab');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'board create --type ELO prints the API Board object with its write contract',
    async () => {
      const board = await createBoard('--type', 'ELO', '--name', '1v1 ladder');
      expect(Object.keys(board).sort()).toEqual(BOARD_FIELDS);
      expect(board.id).toMatch(/^board_\d+$/);
      expect(board).toEqual({
        id: board.id,
        display_name: '1v1 ladder',
        type: 'ELO',
        sort: 'desc',
        team_size: 1,
        fixed_teams: false,
        url: `${PUBLIC_URL}/boards/${encodeURIComponent(guild)}/${board.id}`,
        write: {
          endpoint: `/v1/boards/${board.id}/matches`,
          requires: ['team1', 'team2', 'winner'],
          rejects: ['team1_score', 'team2_score', 'score'],
          operator: 'elo',
          k_factor: 32,
          start_rating: 1000,
        },
        validation_window_hours: 24,
        auto_applies: false,
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'board create of a League board with --points and --window 0 auto-applies',
    async () => {
      const board = await createBoard('--type', 'League', '--points', '3,1,0', '--window', '0');
      expect(Object.keys(board).sort()).toEqual(BOARD_FIELDS);
      expect(board).toMatchObject({
        type: 'League',
        validation_window_hours: 0,
        auto_applies: true,
      });
      expect(board.write).toEqual({
        endpoint: `/v1/boards/${board.id}/matches`,
        requires: ['team1', 'team2', 'team1_score', 'team2_score'],
        rejects: ['winner', 'score'],
        operator: 'league_points',
        points_win: 3,
        points_draw: 1,
        points_loss: 0,
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'board create of a Time board sorts ascending and keeps the lowest milliseconds',
    async () => {
      const board = await createBoard('--type', 'Time');
      expect(board.sort).toBe('asc');
      expect(board.write).toEqual({
        endpoint: `/v1/boards/${board.id}/scores`,
        requires: ['player', 'score'],
        rejects: ['team1', 'team2', 'winner', 'team1_score', 'team2_score'],
        operator: 'keep_lowest',
        score_unit: 'milliseconds',
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'board create of a Rating board has no write contract',
    async () => {
      const board = await createBoard('--type', 'Rating');
      expect(Object.keys(board).sort()).toEqual(BOARD_FIELDS);
      expect(board).toMatchObject({ type: 'Rating', write: null });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'board create --free-for-all makes an ELO board that takes no writes',
    async () => {
      const board = await createBoard('--type', 'ELO', '--free-for-all');
      expect(board).toMatchObject({ type: 'ELO', write: null });
      expect(board.id).toMatch(/^board_\d+$/);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'board create --id keeps a free-form id and URL-encodes it in url and endpoint',
    async () => {
      const board = await createBoard('--type', 'Highscore', '--id', 'Mötley Crüe/2');
      expect(board.id).toBe('Mötley Crüe/2');
      expect(board.display_name).toBe('Mötley Crüe/2');
      expect(board.url).toBe(
        `${PUBLIC_URL}/boards/${encodeURIComponent(guild)}/M%C3%B6tley%20Cr%C3%BCe%2F2`,
      );
      expect(board.write?.endpoint).toBe('/v1/boards/M%C3%B6tley%20Cr%C3%BCe%2F2/scores');
      expect(board.write?.operator).toBe('keep_highest');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'team create on a fixed-teams board prints its team_id',
    async () => {
      const board = await createBoard('--type', 'ELO', '--fixed-teams', '--team-size', '2');
      expect(board).toMatchObject({ fixed_teams: true, team_size: 2 });
      const team = await json(['team', 'create', guild, board.id, '--name', 'Reds', '--json']);
      expect(team.team_id).toMatch(/^team_\d+$/);
      expect(team).toMatchObject({ name: 'Reds' });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'board decay sets the same rule as /board decay, refuses a non-ELO board, and --off turns it off',
    async () => {
      // An owner of its own (set up in process: `owner add` is tested above).
      const own = (await withContext((ctx) => addOwner(ctx, `guild:${nextSnowflake()}`))).id;
      const board = await json<BoardBody>([
        'board',
        'create',
        own,
        '--type',
        'ELO',
        '--start',
        '1200',
        '--json',
      ]);
      const set = await tally(['board', 'decay', own, board.id, '--amount', '3', '--percent']);
      expect(set.code, set.stderr).toBe(0);
      expect(set.stdout).toBe(
        `Decay on ${board.id}: 3% every 24 h after 14 days without a result, not below 1200.\n`,
      );
      const off = await tally(['board', 'decay', own, board.id, '--off']);
      expect(off.stdout).toBe(`Decay is off on ${board.id}.\n`);
      const scores = await withContext((ctx) => newBoard(ctx, { ownerId: own, type: 'Highscore' }));
      await fails(
        ['board', 'decay', own, scores.id, '--amount', '3'],
        /decay applies to ELO boards/,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'key create refuses an 11th active key with exit code 1',
    async () => {
      const user = `user:${nextSnowflake()}`;
      const owner = await json(['owner', 'add', user, '--json']);
      expect(owner).toEqual({ id: user, name: user, api_access: 'open' });
      await withContext(async (ctx) => {
        for (let i = 0; i < 10; i++) await mintKey(ctx, { ownerId: user, type: 'test' });
      });
      await fails(['key', 'create', user, '--type', 'live', '--json'], /10 active keys/);
      const keys = await withContext((ctx) => listKeys(ctx, user));
      expect(keys).toHaveLength(10);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'tally season start, end and list run a season on a board of its own',
    async () => {
      // An owner and a board of its own, set up in process (those commands are tested above).
      const { owner, board } = await ownerWithBoard();
      const started = await json([
        'season',
        'start',
        owner,
        board.id,
        '--name',
        'Winter',
        '--days',
        '7',
        '--reset',
        'soft',
        '--soft-percent',
        '25',
        '--repeat',
        '--json',
      ]);
      expect(started).toMatchObject({
        board: board.id,
        number: 1,
        name: 'Winter',
        reset: 'soft',
        soft_percent: 25,
        repeat: true,
        channel_id: null,
      });
      expect(Date.parse(started.ends_at as string) - Date.parse(started.started_at as string)).toBe(
        7 * 86_400_000,
      );
      await fails(['season', 'start', owner, board.id], /Season 1 is running until/);
      const ended = await tally(['season', 'end', owner, board.id]);
      expect(ended.stdout).toBe(
        'Season 1 “Winter” of board_1 ended; its final standings are archived.\n'.replace(
          'board_1',
          board.id,
        ),
      );
      const list = await tally(['season', 'list', owner, board.id]);
      expect(list.stdout).toMatch(/^Season 1 “Winter”: \S+ – \S+, champion: none\n$/);
      // Ending by command ends the series: nothing new started.
      expect(
        await withContext(async (ctx) =>
          ctx.repos.seasons.open((await ctx.repos.boards.byId(owner, board.id))!.pk),
        ),
      ).toBeNull();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'tally roles add, settings, list and remove keep a board’s rank roles',
    async () => {
      // An owner and a board of its own, set up in process (those commands are tested above).
      const { owner, board } = await ownerWithBoard();
      const [gold, top] = [nextSnowflake(), nextSnowflake()];
      expect(
        (await tally(['roles', 'add', owner, board.id, gold, '--at', '1200', '--keep-to', '1150']))
          .code,
      ).toBe(0);
      await fails(
        ['roles', 'add', owner, board.id, top, '--top', '3', '--keep-to', '2'],
        /keep: a rank of 3 or lower/,
      );
      await fails(['roles', 'add', owner, board.id, top], /give --at <value> or --top <n>/);
      expect((await tally(['roles', 'add', owner, board.id, top, '--top', '3'])).code).toBe(0);
      expect((await tally(['roles', 'settings', owner, board.id, '--min-games', '5'])).stdout).toBe(
        `Rank roles of ${board.id}: from 5 results, one at a time.\n`,
      );
      expect((await tally(['roles', 'list', owner, board.id])).stdout).toBe(
        `${top}: top 3\n${gold}: at 1200, kept to 1150\n`,
      );
      expect((await tally(['roles', 'remove', owner, board.id, gold])).code).toBe(0);
      await fails(['roles', 'remove', owner, board.id, gold], /is not a rank role of/);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a bad environment makes any command exit with code 2, one line per bad value',
    async () => {
      const bad = { PORT: '99999', API_ACCESS: 'nope' };
      const stranger = `guild:${nextSnowflake()}`;
      const commands = [['migrate'], ['owner', 'add', stranger, '--json']];
      // Configuration is checked before the database is opened, so these may run side by side.
      const runs = await Promise.all(commands.map((args) => tally(args, bad)));
      for (const [i, run] of runs.entries()) {
        expect(run.code, commands[i]!.join(' ')).toBe(2);
        expect(run.stdout).toBe('');
        const problems = run.stderr.split('\n').filter((line) => /^\s*- /.test(line));
        expect(problems).toHaveLength(2);
        expect(problems[0]).toMatch(/PORT.*65535/);
        expect(problems[1]).toMatch(/API_ACCESS.*open.*approval/);
      }
      // Nothing ran: the owner of the refused `owner add` does not exist.
      const exists = await withContext((ctx) => ctx.repos.owners.get(stranger));
      expect(exists).toBeNull();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'key create --access read-write mints a live key whose secret is shown once',
    async () => {
      const key = await json<KeyBody>([
        'key',
        'create',
        guild,
        '--type',
        'live',
        '--access',
        'read-write',
        '--label',
        'L',
        '--json',
      ]);
      expect(key.id).toMatch(/^key_\d+$/);
      expect(key.secret).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
      expect(key).toMatchObject({ type: 'live', label: 'L', scopes: READ_WRITE, revoked_at: null });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'key create --scopes gives exactly the scopes named',
    async () => {
      const key = await json<KeyBody>([
        'key',
        'create',
        guild,
        '--type',
        'live',
        '--scopes',
        'boards:read,matches:write',
        '--json',
      ]);
      expect(key.scopes).toEqual(['boards:read', 'matches:write']);
      expect(key.secret).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'key create refuses an unknown scope with exit code 1',
    async () => {
      await fails(
        [
          'key',
          'create',
          guild,
          '--type',
          'live',
          '--scopes',
          'boards:read,boards:write',
          '--json',
        ],
        /unknown scope.*boards:write/,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'key list prints {data: [...]} without any secret or hash; key revoke sets revoked_at',
    async () => {
      const { owner, keys } = await ownerWithKeys(2);
      const listed = await json<{ data: KeyBody[] }>(['key', 'list', owner, '--json']);
      expect(Object.keys(listed)).toEqual(['data']);
      expect(listed.data).toHaveLength(2);
      const dump = JSON.stringify(listed);
      for (const { secret } of keys) {
        expect(dump).not.toContain(secret);
        expect(dump).not.toContain(secret.slice(8, -4));
        expect(dump).not.toContain(hashSecret(secret));
      }
      for (const key of listed.data) {
        expect(key).not.toHaveProperty('secret');
        expect(key).not.toHaveProperty('hash');
        expect(key.revoked_at).toBeNull();
      }

      const first = listed.data[0]!;
      const revoked = await json<KeyBody>(['key', 'revoke', first.id, '--json']);
      expect(revoked.id).toBe(first.id);
      expect(Date.parse(revoked.revoked_at ?? '')).not.toBeNaN();
      expect(revoked).not.toHaveProperty('secret');

      const after = await json<{ data: KeyBody[] }>(['key', 'list', owner, '--json']);
      expect(after.data.map((k) => [k.id, k.revoked_at])).toEqual([
        [first.id, revoked.revoked_at],
        [listed.data[1]!.id, null],
      ]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'owner access withdraw reports how many live keys it revoked',
    async () => {
      const { owner, keys: minted } = await ownerWithKeys(2);
      await withContext((ctx) => revokeKey(ctx, minted[0]!.id, 'operator'));
      const withdrawn = await json(['owner', 'access', owner, 'withdraw', '--json']);
      // One of the two live keys was already revoked.
      expect(withdrawn).toEqual({ id: owner, api_access: 'withdrawn', revoked_keys: 1 });
      const keys = await withContext((ctx) => listKeys(ctx, owner));
      expect(keys.every((k) => k.revoked_at !== null)).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );
});
