import { setTimeout as sleep } from 'node:timers/promises';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { claimSlot } from '../pipeline/slots';

/** Discord: `max_concurrency` identifies per bucket per 5 s; a little more for clock and send time. */
export const IDENTIFY_WINDOW_MS = 5_500;
export const IDENTIFY_KIND = 'gateway-identify';

/**
 * Gateway identifies paced across every process of the bot (docs: Gateway, "Session Start
 * Limit"): shard `id` identifies in bucket `id % max_concurrency`, one per bucket per 5 s, and
 * Discord invalidates a session that identifies sooner. discord.js paces the shards of one
 * process only, so several `tally serve` processes starting together would collide; the bucket
 * is a slot in the shared database instead (a `schedules` row no job runs), taken with one
 * conditional update.
 */
export class DatabaseIdentifyThrottler {
  constructor(
    private readonly ctx: Context,
    private readonly maxConcurrency: number,
  ) {}

  async waitForIdentify(shardId: number, signal: AbortSignal): Promise<void> {
    const bucket = `bucket:${shardId % Math.max(1, this.maxConcurrency)}`;
    for (;;) {
      signal.throwIfAborted();
      const now = this.ctx.now();
      const until = new Date(now.getTime() + IDENTIFY_WINDOW_MS);
      const heldUntil = await claimSlot(this.ctx, IDENTIFY_KIND, bucket, now, until);
      if (!heldUntil) return;
      const waitMs = Math.max(0, heldUntil.getTime() - now.getTime());
      log.debug('gateway identify waits for its bucket', { shardId, bucket, waitMs });
      // A little jitter, so processes that waited on one slot do not all ask at once.
      await sleep(waitMs + Math.floor(Math.random() * 250), undefined, { signal });
    }
  }
}
