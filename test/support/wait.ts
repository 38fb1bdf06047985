/**
 * Waiting for a condition instead of sleeping a fixed time: a test that waits for something says
 * what, polls for it, and is done the moment it holds (and fails naming it when it never does).
 */
export interface WaitOptions {
  /** How long to keep polling (default 5 s). */
  timeoutMs?: number;
  /** Pause between polls (default 25 ms). */
  intervalMs?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` until `done` holds for its value or the time is up, and resolves with the last
 * value either way: for a test that asserts on the value itself (with its own message).
 */
export async function pollUntil<T>(
  probe: () => T | Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 5000, intervalMs = 25 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await pause(intervalMs);
  }
}

/**
 * Polls `probe` until it returns something other than `undefined` and resolves with that; rejects
 * with "timed out waiting for <what>" when the time is up.
 */
export async function eventually<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  options: WaitOptions = {},
): Promise<T> {
  const value = await pollUntil(probe, (v) => v !== undefined, options);
  if (value === undefined) throw new Error(`timed out waiting for ${what}`);
  return value;
}
