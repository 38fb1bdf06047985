import { Command } from 'commander';
import { registerCommands } from './cli/index';
import { ConfigError, StartupError, loadConfig } from './config';
import { TallyError } from './domain/errors';
import { closeContext, openContext } from './open-context';
import type { Context } from './pipeline/context';
import { demoGuide, seedDemo, type Demo } from './demo/demo';
import { stopOnSignals } from './stop-signals';

/** The operator CLI of DESIGN.md 4. Every command that creates something accepts --json. */
const program = new Command('tally').description(
  'Tally: leaderboards for Discord, and the Leaderboard Scoring API',
);

/** Opens the database for one command and always closes it. */
async function withContext<T>(run: (ctx: Context) => Promise<T>): Promise<T> {
  const opened = await openContext(loadConfig());
  try {
    return await run(opened.ctx);
  } finally {
    await closeContext(opened);
  }
}

program
  .command('serve')
  .description('migrate, then run the worker, the HTTP API and the bot (if DISCORD_TOKEN is set)')
  .option('--demo', 'on a database without owners, first seed the demo (tally demo) and print it')
  .action(async (o: { demo?: boolean }) => {
    const signals = stopOnSignals();
    const seeded: { demo: Demo | null } = { demo: null };
    // The demo is seeded once the port is bound and the database migrated, before serving.
    const prepare = async (ctx: Context) => {
      seeded.demo = await seedDemo(ctx, { onlyIfEmpty: true });
    };
    // Only `serve` loads the server and the bot: every other command starts without them.
    const { startTally } = await import('./main');
    const tally = await startTally(loadConfig(), o.demo ? { prepare } : {});
    signals.serving(tally);
    console.log(`Tally is serving the API at ${tally.url}/v1 (OpenAPI: ${tally.url}/openapi.yaml)`);
    if (!o.demo) return;
    console.log(
      seeded.demo
        ? `\n${demoGuide(seeded.demo, tally.ctx.config.publicUrl)}`
        : '\nDemo not seeded: the database already has owners (`npx tally demo` mints fresh demo keys).',
    );
  });

registerCommands({ program, withContext });

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  if (err instanceof StartupError) {
    console.error(`tally: ${err.message}`);
    process.exit(1);
  }
  if (
    err instanceof TallyError ||
    (err instanceof Error && err.message.startsWith('unknown scope'))
  ) {
    console.error(`error: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
