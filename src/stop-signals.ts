import { constants } from 'node:os';
import { log } from './log';
import type { Tally } from './main';

/**
 * SIGTERM or SIGINT (a supervisor, `docker stop`, Ctrl-C) stops `tally serve` gracefully: no new
 * connections, requests in flight answered, the worker's item finished, exit 0. Installed before
 * anything starts, so a signal during migrations stops the process too (as PID 1 in a container
 * Node has no default action for SIGTERM).
 *
 * Ctrl-C reaches Tally twice: the terminal signals the whole process group, and npm forwards the
 * same signal to its script. A repeat within a second is that echo and is ignored; a later one
 * means "now": the process exits at once with 128 + the signal's number, as a shell reports it.
 */
const ECHO_MS = 1_000;

export function stopOnSignals(): { serving(tally: Tally): void } {
  let tally: Tally | null = null;
  let stoppingSince: number | null = null;
  const stop = (signal: NodeJS.Signals) => {
    const now = performance.now();
    if (stoppingSince !== null) {
      if (now - stoppingSince < ECHO_MS) return;
      log.warn('second stop signal; exiting now', { signal });
      process.exit(128 + constants.signals[signal]);
    }
    stoppingSince = now;
    log.info('stopping', { signal });
    if (!tally) process.exit(0); // still starting: nothing is served yet, nothing to drain
    const graceMs = tally.ctx.config.syncWaitMs + 7_000;
    setTimeout(() => {
      log.error('graceful stop took too long; exiting', { graceMs });
      process.exit(1);
    }, graceMs).unref();
    tally.close().then(
      () => exitAfterEcho(0),
      (err: unknown) => {
        log.error('error while stopping', { err });
        process.exit(1);
      },
    );
  };
  /**
   * Exits once the echo window has passed, listening all the while: a stop that finishes within
   * milliseconds would otherwise exit while npm's forwarded copy is on its way, and one arriving
   * as Node tears down (its signal handlers back to the default) kills the process by SIGINT, so
   * npm reports a signal instead of exit 0 (seen in CI under load).
   */
  const exitAfterEcho = (code: number) => {
    const left = ECHO_MS - (performance.now() - (stoppingSince ?? 0));
    if (left <= 0) process.exit(code);
    setTimeout(() => process.exit(code), left);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    serving(started) {
      tally = started;
    },
  };
}
