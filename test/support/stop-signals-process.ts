/**
 * Tally's stop-signal handling alone, in a process of its own, for test/cli/stop-signals.test.ts:
 * `node --import tsx stop-signals-process.ts <npm|plain> <closeMs|never>` installs
 * `stopOnSignals` (as under `npm start`, or run directly), hands it a Tally whose close takes
 * closeMs (or never ends), prints `ready` and waits for signals. It exits the way Tally would.
 */
import type { Tally } from '../../src/main';
import { stopOnSignals } from '../../src/stop-signals';

const [how, closeMs] = process.argv.slice(2);
const signals = stopOnSignals(how === 'npm');
const tally = {
  ctx: { config: { syncWaitMs: 60_000 } },
  close: () =>
    new Promise<void>((resolve) => {
      if (closeMs !== 'never') setTimeout(resolve, Number(closeMs));
    }),
} as unknown as Tally;
signals.serving(tally);
// Something to wait on, as the server's socket would be.
setInterval(() => undefined, 60_000);
process.stdout.write('ready\n');
