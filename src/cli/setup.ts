import { demoGuide, demoJson, seedDemo } from '../demo/demo';
import { InvalidArgumentError, type Command } from 'commander';
import { loadConfig } from '../config';
import { appliedMigrations } from '../pipeline/health';
import {
  migrateDown,
  migrationStatus,
  planDown,
  type DownPlan,
  type MigrationStatus,
} from '../pipeline/schema-version';
import { type Cli, int, printer } from './shared';

const plural = (n: number) => `${n} migration${n === 1 ? '' : 's'}`;

const positive = (value: string) => {
  const n = int(value);
  if (n < 1) throw new InvalidArgumentError('must be 1 or more');
  return n;
};

function statusText({ applied, pending, unknown }: MigrationStatus): string {
  return [
    ...applied.map((name) => `applied  ${name}`),
    ...pending.map((name) => `pending  ${name}`),
    ...unknown.map((name) => `unknown  ${name} (from a newer Tally: this one refuses to start)`),
    pending.length
      ? `${plural(pending.length)} pending: \`tally migrate\` or \`tally serve\` applies them.`
      : unknown.length
        ? ''
        : 'Up to date.',
  ]
    .filter(Boolean)
    .join('\n');
}

/** What `migrate down` drops, table by table, so the operator knows before --yes. */
function downText({ undo, lost, notes }: DownPlan): string {
  const lines = [`Undoing ${plural(undo.length)} (${undo.join(', ')}) drops:`];
  const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;
  for (const loss of lost)
    lines.push(
      loss.column
        ? `  column ${loss.table}.${loss.column} (its value on ${rows(loss.rows)})`
        : `  table ${loss.table} (${rows(loss.rows)})`,
    );
  if (lost.length === 0) lines.push('  no table or column (indexes only)');
  lines.push(...notes.map((note) => `Note: ${note}`));
  lines.push('Stop every `tally serve` first, and back up the database (tally backup).');
  return lines.join('\n');
}

/** `tally migrate` and `tally demo`. */
export function registerSetup({ program, withContext }: Cli): void {
  const up = (o: { json?: boolean }) =>
    withContext(async (ctx) => {
      const applied = appliedMigrations(ctx);
      printer(o)(
        { applied, database: ctx.config.database.kind },
        applied.length ? `Applied ${applied.join(', ')}.` : 'Migrations are up to date.',
      );
    });
  // `tally migrate` alone runs the pending migrations, as it always has. Its --json is read by
  // the subcommands too (optsWithGlobals): the parent takes it wherever it stands.
  const migrate = program
    .command('migrate')
    .description('run pending migrations (tally serve does too, on start); see up, status, down')
    .option('--json')
    .action(up);
  migrate
    .command('up')
    .description('run pending migrations (tally serve does too, on start)')
    .option('--json')
    .action((_o: object, cmd: Command) => up(cmd.optsWithGlobals()));
  migrate
    .command('status')
    .description(
      'which migrations the database has applied, which are pending, which it has from a newer Tally',
    )
    .option('--json')
    .action(async (_o: object, cmd: Command) => {
      const status = await migrationStatus(loadConfig().database);
      printer(cmd.optsWithGlobals())(status, statusText(status));
    });
  migrate
    .command('down')
    .description(
      'undo the newest n migrations (default 1) before starting an older release: lists what it drops; --yes to do it',
    )
    .argument('[n]', 'how many migrations to undo', positive, 1)
    .option('--yes', 'undo them: the tables and columns listed are dropped with their data')
    .option('--json')
    .action(async (n: number, o: { yes?: boolean }, cmd: Command) => {
      const { database } = loadConfig();
      const plan = await planDown(database, n);
      const print = printer(cmd.optsWithGlobals());
      if (!o.yes) {
        print(
          { ...plan, done: false },
          `${downText(plan)}\nNothing was changed: run again with --yes to undo ${plural(n)}.`,
        );
        return;
      }
      const undone = await migrateDown(database, n);
      const { applied } = await migrationStatus(database);
      print(
        { ...plan, undo: undone, done: true },
        `Undid ${undone.join(', ')}.\nThe database is now at ${applied.at(-1) ?? 'no migration (empty)'}: start the release that ends there.`,
      );
    });

  program
    .command('demo')
    .description('seed a demo owner with one board of every type, players, history and two keys')
    .option('--json')
    .action((o: { json?: boolean }) =>
      withContext(async (ctx) => {
        const demo = await seedDemo(ctx);
        printer(o)(demoJson(demo, ctx.config.publicUrl), demoGuide(demo, ctx.config.publicUrl));
      }),
    );
}
