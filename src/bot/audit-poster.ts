import { MessageFlags, Routes, type APIMessage, type REST } from 'discord.js';
import type { AuditEvent } from '../../entities/audit';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { PollLoop } from '../pipeline/poll-loop';
import { leasedCall } from './leased-call';
import { retryDelayMs, type ReviewPosterOptions } from './review-poster';
import { auditPosts } from '../pipeline/outbox';

export type AuditPosterOptions = Pick<
  ReviewPosterOptions,
  'pollMs' | 'batch' | 'retryBaseMs' | 'retryMaxMs' | 'leaseMs'
>;

/**
 * Posts the audit lines (src/pipeline/audit.ts) to the channel each was addressed to, from the
 * outbox rows alone: exactly once across processes, as the review poster does it. A process
 * takes a line with a lease (a crash frees it after `leaseMs`), and posts it with the line's
 * nonce and `enforce_nonce`, so Discord drops the second post of a line whose first went
 * through before the crash. A failure worth retrying (5xx, 429, network) backs off; a channel
 * gone or closed to Tally (10003, 50001, 50013) ends that line's tries, with a log line. No
 * post can ping: allowed_mentions parse [] (lines name members as mentions), no embeds.
 */
export class AuditPoster {
  private readonly loop: PollLoop;

  constructor(
    private readonly ctx: Context,
    private readonly rest: REST,
    private readonly options: AuditPosterOptions,
  ) {
    this.loop = new PollLoop(() => this.runOnce(), options.pollMs, 'audit');
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass: every due line, oldest first, each under its lease (leased-call.ts). */
  async runOnce(): Promise<void> {
    const store = auditPosts(this.ctx);
    for (const event of await store.due(this.ctx.now(), this.options.batch)) {
      if (!this.loop.running) return;
      const { channelId } = event;
      const attempts = event.attempts + 1;
      await leasedCall(() => this.ctx.now(), this.options.leaseMs, {
        take: (now, lease) => store.lease(event.pk, now, lease),
        run: (signal) => this.post(event, signal),
        async refused(reason) {
          log.warn('audit line refused by Discord; not posted', {
            owner: event.ownerId,
            channel: channelId,
            reason,
          });
          if (channelId) await store.gaveUp(event.pk, channelId, attempts); // refused: it was tried
        },
        failed: async (err) => {
          const delay = retryDelayMs(attempts, this.options);
          log.warn('audit line failed; will retry', { audit: event.pk, attempts, delay, err });
          await store.retryLater(event.pk, attempts, new Date(this.ctx.now().getTime() + delay));
        },
      });
    }
  }

  private async post(event: AuditEvent, signal: AbortSignal): Promise<void> {
    const store = auditPosts(this.ctx);
    const { channelId } = event;
    if (!channelId) return store.unrouted(event.pk);
    const message = (await this.rest.post(Routes.channelMessages(channelId), {
      body: {
        content: event.line,
        allowed_mentions: { parse: [] },
        flags: MessageFlags.SuppressEmbeds,
        nonce: event.nonce,
        enforce_nonce: true,
      },
      signal,
    })) as APIMessage;
    await store.posted(event.pk, channelId, message.id);
  }
}
