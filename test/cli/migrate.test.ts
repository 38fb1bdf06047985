import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/store/data-source';
import { backendName } from '../support/backends';
import { runTally } from '../support/serve';
import { createSharedDatabase } from '../support/shared-database';

/**
 * `tally migrate status|down|up` as an operator runs them (issue 30 item 4), and the one line an
 * older Tally prints on a database a newer one migrated. One process per call, in order.
 */
const TEST_TIMEOUT_MS = 120_000;
const names = migrations.map((m) => m.name);

describe(`tally migrate (${backendName})`, () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createSharedDatabase('tally-migrate-');
    databaseUrl = database.url;
    drop = () => database.drop();
    const ds = await openDatabase(loadConfig({ DATABASE_URL: databaseUrl }).database);
    await ds.query(
      `INSERT INTO boards (owner_id, public_id, display_name, type, sort, team_size, fixed_teams,
         free_for_all, validation_window_hours, created_at)
       VALUES ('guild:100000000000000001', 'ladder', 'Ladder', 'ELO', 'desc', 1, 0, 0, 0,
         '2026-11-01 12:00:00.000')`,
    );
    await ds.destroy();
  });
  afterAll(() => drop?.());

  it(
    'says what a down drops and changes nothing without --yes; with it undoes, and status and up follow',
    async () => {
      const status = await runTally(databaseUrl, ['migrate', 'status']);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toContain(`applied  ${names.at(-1)}`);
      expect(status.stdout).toContain('Up to date.');

      // Back to before private boards: every later migration goes too, newest first.
      const n = names.length - names.indexOf('PrivateBoards1734100000000');
      const undone = names.slice(-n).reverse();
      const plan = await runTally(databaseUrl, ['migrate', 'down', String(n)]);
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stdout).toContain(`Undoing ${n} migrations (${undone.join(', ')}) drops:`);
      expect(plan.stdout).toContain('  column boards.medals (its value on 1 row)');
      expect(plan.stdout).toContain('  column boards.private (its value on 1 row)');
      expect(plan.stdout).toContain(
        `Nothing was changed: run again with --yes to undo ${n} migrations.`,
      );
      const still = await runTally(databaseUrl, ['migrate', 'status', '--json']);
      expect(JSON.parse(still.stdout)).toEqual({ applied: names, pending: [], unknown: [] });

      const down = await runTally(databaseUrl, ['migrate', 'down', String(n), '--yes', '--json']);
      expect(down.code, down.stderr).toBe(0);
      expect(JSON.parse(down.stdout)).toMatchObject({ undo: undone, done: true });
      const after = await runTally(databaseUrl, ['migrate', 'status']);
      expect(after.stdout).toContain(`pending  ${names.at(-1)}`);
      expect(after.stdout).toContain(`${n} migrations pending`);

      const up = await runTally(databaseUrl, ['migrate', 'up', '--json']);
      expect(up.code, up.stderr).toBe(0);
      expect(JSON.parse(up.stdout)).toMatchObject({ applied: names.slice(-n) });

      const zero = await runTally(databaseUrl, ['migrate', 'down', '0']);
      expect(zero.code).not.toBe(0);
      expect(zero.stderr).toContain('must be 1 or more');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'an older Tally refuses a database a newer one migrated, in one line saying what to do',
    async () => {
      const ds = await openDatabase(loadConfig({ DATABASE_URL: databaseUrl }).database);
      await ds.query(
        "INSERT INTO migrations (timestamp, name) VALUES (1799000000000, 'SomethingNew1799000000000')",
      );
      await ds.destroy();
      for (const args of [['migrate'], ['owner', 'add', 'guild:100000000000000002']]) {
        const run = await runTally(databaseUrl, args);
        expect(run.code, run.stdout).toBe(1);
        expect(run.stderr.trim()).toBe(
          `tally: DATABASE_URL: the database was migrated by a newer Tally: it is at SomethingNew1799000000000, this Tally knows up to ${names.at(-1)}; upgrade Tally, or roll the database back first with the newer release's \`tally migrate down 1 --yes\``,
        );
      }
      const status = await runTally(databaseUrl, ['migrate', 'status']);
      expect(status.stdout).toContain('unknown  SomethingNew1799000000000 (from a newer Tally');
    },
    TEST_TIMEOUT_MS,
  );
});
