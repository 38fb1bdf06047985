/**
 * Fault injection for the crash tests (test/pipeline/crash.test.ts) and nothing else: when the
 * environment variable TALLY_CRASH_AT names a stage, the process SIGKILLs itself the moment it
 * reaches that stage, so nothing after the call runs (no finally, no rollback, no exit handler),
 * exactly like a power cut. It is not configuration (config.ts stays the reader of the
 * operator's environment); the variable is read once at load, so an unset variable costs one
 * string comparison per call.
 */
export type CrashPoint =
  /** Inside the enqueue transaction, after the submission row and idempotency record are written. */
  | 'enqueue:before-commit'
  /** The enqueue transaction committed; the worker has not been woken and nothing was answered. */
  | 'enqueue:after-commit'
  /** Inside the processing transaction: board locked, the batch's queued rows re-read and claimed. */
  | 'process:after-claim'
  /** Inside the processing transaction: a match/score row of the batch exists, not yet applied. */
  | 'process:after-record'
  /** Inside the processing transaction: every row of the batch applied and marked, not yet committed. */
  | 'process:after-apply'
  /** Processing committed; the settled signal has not been sent. */
  | 'process:after-commit'
  /** Inside applyMatchRecord: entries saved, the ELO deltas on the roster not yet written. */
  | 'apply:after-entries';

const crashAt = process.env.TALLY_CRASH_AT || undefined;

export function crashPoint(name: CrashPoint): void {
  if (crashAt === name) process.kill(process.pid, 'SIGKILL');
}
