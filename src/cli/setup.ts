import { demoGuide, demoJson, seedDemo } from '../demo/demo';
import { appliedMigrations } from '../pipeline/health';
import { type Cli, printer } from './shared';

/** `tally migrate` and `tally demo`. */
export function registerSetup({ program, withContext }: Cli): void {
  program
    .command('migrate')
    .description('run pending migrations')
    .option('--json')
    .action((o: { json?: boolean }) =>
      withContext(async (ctx) => {
        const applied = appliedMigrations(ctx);
        printer(o)(
          { applied, database: ctx.config.database.kind },
          applied.length ? `Applied ${applied.join(', ')}.` : 'Migrations are up to date.',
        );
      }),
    );

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
