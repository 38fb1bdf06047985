import { MessageFlags, Routes, type APIMessage, type REST } from 'discord.js';
import type { AuditEvent } from '../../entities/audit';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { PollLoop } from '../pipeline/poll-loop';
import { permanentRefusal } from './replies';
import { retryDelayMs, type ReviewPosterOptions } from './review-poster';

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

  /** One pass: every due line, oldest first. */
  async runOnce(): Promise<void> {
    const store = this.ctx.repos.audit;
    for (const event of await store.due(this.ctx.now(), this.options.batch)) {
      if (!this.loop.running) return;
      const now = this.ctx.now();
      if (!(await store.lease(event.pk, now, new Date(now.getTime() + this.options.leaseMs)))) {
        continue; // another process has it
      }
      await this.post(event);
    }
  }

  private async post(event: AuditEvent): Promise<void> {
    const store = this.ctx.repos.audit;
    const channelId = event.channelId;
    if (!channelId) return store.unrouted(event.pk);
    const attempts = event.attempts + 1;
    try {
      const message = (await this.rest.post(Routes.channelMessages(channelId), {
        body: {
          content: event.line,
          allowed_mentions: { parse: [] },
          flags: MessageFlags.SuppressEmbeds,
          nonce: event.nonce,
          enforce_nonce: true,
        },
      })) as APIMessage;
      await store.posted(event.pk, channelId, message.id);
    } catch (err) {
      const refused = permanentRefusal(err);
      if (refused) {
        log.warn('audit line refused by Discord; not posted', {
          owner: event.ownerId,
          channel: channelId,
          reason: refused,
        });
        return store.gaveUp(event.pk, channelId, attempts);
      }
      const delay = retryDelayMs(attempts, this.options);
      log.warn('audit line failed; will retry', { audit: event.pk, attempts, delay, err });
      await store.retryLater(event.pk, attempts, new Date(this.ctx.now().getTime() + delay));
    }
  }
}
