import { Command, Option } from 'commander';
import { registerCommands } from './cli/index';
import { ConfigError, StartupError, loadConfig, type Config } from './config';
import { ownerIndexUrl } from './domain/board-url';
import { findOwner } from './pipeline/owners';
import { TallyError } from './domain/errors';
import { closeContext, openContext } from './open-context';
import type { Context } from './pipeline/context';
import { DEMO_OWNER, demoGuide, seedDemo, type Demo } from './demo/demo';
import { stopOnSignals } from './stop-signals';

/** The operator CLI of DESIGN.md 4. Every command that creates something accepts --json. */
const program = new Command('tally').description(
  'Tally: leaderboards for Discord, and the Leaderboard Scoring API',
);

/**
 * The start-up line, in the host every link Tally prints uses (PUBLIC_URL's, by default
 * `http://localhost:$PORT`), so a newcomer meets one host (issue 30). Where that default would not
 * reach this process (HOST set to another interface) or PUBLIC_URL names another host (a proxy),
 * the address it listens on comes first, and the public URL after it.
 */
function servingLine(bound: string, config: Config): string {
  const api = (base: string) => `${base}/v1 (OpenAPI: ${base}/openapi.yaml)`;
  const local = ['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::'].includes(config.host);
  if (config.publicUrlFollowsPort && local)
    return `Tally is serving the API at ${api(config.publicUrl)}`;
  return `Tally is serving the API at ${api(bound)}, public URL ${config.publicUrl}`;
}

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
  // Settings come from the environment only; these two are taken to say so (issue 30).
  .addOption(new Option('--port <port>').hideHelp())
  .addOption(new Option('--host <host>').hideHelp())
  .action(async (o: { demo?: boolean; port?: string; host?: string }) => {
    for (const [flag, name] of [
      ['port', 'PORT'],
      ['host', 'HOST'],
    ] as const) {
      const value = o[flag];
      if (value === undefined) continue;
      throw new TallyError(
        'invalid_request',
        `serve takes its settings from the environment, not --${flag}: ${name}=${value} npx tally serve (README "Configuration")`,
      );
    }
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
    const { publicUrl } = tally.ctx.config;
    console.log(servingLine(tally.url, tally.ctx.config));
    if (seeded.demo) {
      console.log(`\n${demoGuide(seeded.demo, publicUrl)}`);
      return;
    }
    const demo = o.demo ? await findOwner(tally.ctx, DEMO_OWNER) : null;
    console.log(
      demo
        ? `Public pages, no key: ${ownerIndexUrl(publicUrl, demo.id)} lists the demo's boards.`
        : `Public pages, no key: ${publicUrl}/boards/<owner-id> lists a server's boards (guild:<id> as guild%3A<id>).`,
    );
    if (o.demo) {
      console.log(
        '\nDemo not seeded: the database already has owners (`npx tally demo` mints fresh demo keys).',
      );
    }
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
