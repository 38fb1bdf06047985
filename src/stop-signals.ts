import { constants } from 'node:os';
import { log } from './log';
import type { Tally } from './main';

/**
 * SIGTERM or SIGINT (a supervisor, `docker stop`, Ctrl-C) stops `tally serve` gracefully: no new
 * connections, requests in flight answered, the worker's item finished, exit 0. Installed before
 * anything starts, so a signal during migrations stops the process too (as PID 1 in a container
 * Node has no default action for SIGTERM).
 *
 * Under `npm start` a stop can reach Tally twice: Ctrl-C signals the whole process group, and npm
 * forwards the same signal to its script. One repeat within the echo window is that echo and is
 * ignored; any other repeat means "now": the process exits at once with 128 + the signal's number,
 * as a shell reports it. Run without npm, no echo comes, so a second signal always means "now".
 */
const ECHO_MS = 3_000;

export function stopOnSignals(underNpm = process.env.npm_lifecycle_event !== undefined): {
  serving(tally: Tally): void;
} {
  let tally: Tally | null = null;
  let stoppingSince: number | null = null;
  let echoSeen = !underNpm;
  let closed: number | null = null;
  const stop = (signal: NodeJS.Signals) => {
    const now = performance.now();
    if (stoppingSince !== null) {
      if (!echoSeen && now - stoppingSince < ECHO_MS) {
        echoSeen = true;
        if (closed !== null) stopped(closed);
        return;
      }
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
   * Exits once npm's echo has come or can no longer be expected, listening all the while: a copy
   * arriving as Node tears down (its signal handlers back to the default) would kill the process
   * by the signal, and npm would report that signal instead of exit 0 (seen in CI under load, when
   * npm's forwarded copy came more than a second after the terminal's).
   */
  const exitAfterEcho = (code: number) => {
    log.info('dbg exitAfterEcho', { echoSeen, since: stoppingSince, now: performance.now() });
    closed = code;
    const left = ECHO_MS - (performance.now() - (stoppingSince ?? 0));
    if (echoSeen || left <= 0) stopped(code);
    setTimeout(() => stopped(code), left);
  };
  /** Everything is closed: said once (a supervisor's log shows the stop was whole), then exit. */
  const stopped = (code: number) => {
    log.info('stopped', { code });
    process.exit(code);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    serving(started) {
      tally = started;
    },
  };
}
