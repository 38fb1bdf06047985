import { createHash } from 'node:crypto';
import { permanentRefusal } from './replies';

/**
 * The one way Tally posts, edits and deletes on Discord from a row, for the posters and the
 * scheduled jobs alike (issue 25): exactly once across processes, one refusal policy.
 *
 * 1. The row is taken with a lease, a conditional UPDATE (`take`): of several processes one
 *    gets it; the others skip it. A process that dies holding it frees it when the lease runs out.
 * 2. The calls to Discord get a signal that aborts whatever is still out before the lease ends
 *    (@discordjs/rest waits out 429s, each as long as Discord says, and retries a timed-out
 *    request: with no deadline a post could go out after another process took the row over).
 *    A post that may have gone through before its answer was lost is sent again with the same
 *    nonce and `enforce_nonce`, so Discord returns the first message instead of a second.
 * 3. A refusal Discord will repeat forever (replies.ts permanentRefusal) is marked on the row
 *    with its reason, and the row is left alone (`refused`); anything else (5xx, a 429 past the
 *    deadline, the network) backs off (`failed`) and is tried again later.
 */
export interface LeasedCall {
  /** Takes the row until `lease` if no process holds it at `now`; false while one does. */
  take(now: Date, lease: Date): Promise<boolean>;
  /** The work: Discord calls pass `signal`; writes are made as the holder of `lease`. */
  run(signal: AbortSignal, lease: Date): Promise<void>;
  /**
   * Discord refused for good: mark the row with why, and stop. Without it, such a refusal is a
   * failure like any other (a caller that tells refusals apart itself, inside `run`).
   */
  refused?(why: string, lease: Date): Promise<void>;
  /** Anything else went wrong: back off (the row's next try later), lease given up or kept. */
  failed(err: unknown, lease: Date): Promise<void>;
}

/**
 * Of a lease, the share the calls to Discord may take; the rest is the margin for the last
 * answer and the database write that records it.
 */
const CALLS_SHARE = 0.75;

/** Runs `call` under a lease of `leaseMs`; false if another process holds the row. */
export async function leasedCall(
  now: () => Date,
  leaseMs: number,
  call: LeasedCall,
): Promise<boolean> {
  const at = now();
  const lease = new Date(at.getTime() + leaseMs);
  if (!(await call.take(at, lease))) return false;
  const signal = AbortSignal.timeout(Math.floor(leaseMs * CALLS_SHARE));
  try {
    await call.run(signal, lease);
  } catch (err) {
    const why = call.refused ? permanentRefusal(err) : undefined;
    if (why && call.refused) await call.refused(why, lease);
    else await call.failed(err, lease);
  }
  return true;
}

/**
 * A nonce for a post (Discord takes at most 25 characters), the same for the same parts: a post
 * sent again is recognised, a different one never is.
 */
export function nonceOf(...parts: (string | number)[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 25);
}
