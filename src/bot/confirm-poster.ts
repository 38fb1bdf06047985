import { DiscordAPIError, Routes, type APIMessage, type REST } from 'discord.js';
import type { Submission } from '../../entities/submission';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { PollLoop } from '../pipeline/poll-loop';
import { confirmMessage } from './confirm-message';
import { leasedCall } from './leased-call';
import { permanentRefusal } from './replies';
import { loadReviewView, type ReviewView } from '../pipeline/review-view';
import { reviewExpiry } from '../domain/board-rules';
import { boardLocale, retryDelayMs, type ReviewPosterOptions } from './review-poster';
import { confirmPosts, reviewPosts } from '../pipeline/outbox';

/**
 * Posts the opponents' message of each waiting report in the channel it was reported in, and
 * edits it when the report moves on (confirmed, disputed, withdrawn, its window ran out, the
 * moderators decided), from the queue rows alone, as the review poster does: a failed post or
 * edit is retried with backoff, a crash mid-post after the lease (shared with the review message,
 * `review_retry_at`), and the nonce lets Discord drop a duplicate of a post that went through.
 * A channel that refuses the post for good hands the report to the moderators (README).
 */
export class ConfirmPoster {
  private readonly loop: PollLoop;

  constructor(
    private readonly ctx: Context,
    private readonly rest: REST,
    private readonly options: ReviewPosterOptions,
  ) {
    this.loop = new PollLoop(() => this.runOnce(), options.pollMs, 'confirm');
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  async runOnce(): Promise<void> {
    const confirmations = confirmPosts(this.ctx);
    const now = this.ctx.now();
    for (const row of await confirmations.dueForPost(now, this.options.batch)) {
      if (!this.loop.running) return;
      await this.withLease(row, (view, signal) => this.post(view, signal));
    }
    for (const row of await confirmations.dueForEdit(now, this.options.batch)) {
      if (!this.loop.running) return;
      await this.withLease(row, (view, signal) => this.edit(row, view, signal));
    }
  }

  private async post(view: ReviewView, signal: AbortSignal): Promise<void> {
    const { submission } = view;
    const confirmations = confirmPosts(this.ctx);
    const reviewMessages = reviewPosts(this.ctx);
    if (submission.confirmMessageId || !submission.confirmChannelId) {
      return reviewMessages.release(submission.id);
    }
    try {
      const message = (await this.rest.post(Routes.channelMessages(submission.confirmChannelId), {
        body: {
          ...confirmMessage(view, await boardLocale(this.ctx, view.board)),
          nonce: `confirm_${submission.id}`,
          enforce_nonce: true,
        },
        signal,
      })) as APIMessage;
      await confirmations.posted(submission.id, message.id);
      log.info('confirmation posted', { submission: view.handle });
    } catch (err) {
      const reason = permanentRefusal(err);
      if (!reason) throw err; // transient: retried with backoff
      // Nobody can answer a message that cannot be posted: the moderators decide instead.
      log.warn('confirmation refused by Discord; the moderators decide', {
        submission: view.handle,
        reason,
      });
      await confirmations.posted(submission.id, null);
      const now = this.ctx.now();
      const expires = reviewExpiry(view.board, now);
      await confirmations.escalate(submission.id, 'disputed', 'unposted', expires, now);
    }
  }

  private async edit(row: Submission, view: ReviewView, signal: AbortSignal): Promise<void> {
    const confirmations = confirmPosts(this.ctx);
    const next = view.submission.status === 'pending_review' ? 'moved' : 'closed';
    if (!row.confirmChannelId || !row.confirmMessageId)
      return confirmations.shown(row.id, 'closed');
    try {
      const locale = await boardLocale(this.ctx, view.board);
      const { content, embeds, components, allowed_mentions } = confirmMessage(view, locale);
      await this.rest.patch(Routes.channelMessage(row.confirmChannelId, row.confirmMessageId), {
        body: { content, embeds, components, allowed_mentions: { parse: allowed_mentions.parse } },
        signal,
      });
    } catch (err) {
      // The message or channel is gone, or the bot lost access: nothing left to update.
      if (!(err instanceof DiscordAPIError && (err.status === 404 || err.status === 403)))
        throw err;
      log.warn('confirmation message could not be updated; leaving it', {
        submission: view.handle,
      });
      return confirmations.shown(row.id, 'closed');
    }
    await confirmations.shown(row.id, next);
  }

  /** The work on a row under its lease (leased-call.ts); failures back off, doubling. */
  private async withLease(
    row: Submission,
    work: (view: ReviewView, signal: AbortSignal) => Promise<void>,
  ) {
    const reviewMessages = reviewPosts(this.ctx);
    await leasedCall(() => this.ctx.now(), this.options.leaseMs, {
      // Another process (or a button press) may hold it.
      take: (now, lease) => reviewMessages.lease(row.id, now, lease),
      run: async (signal) => {
        const view = await loadReviewView(this.ctx, row.id);
        if (!view) return confirmPosts(this.ctx).shown(row.id, 'closed');
        await work(view, signal);
      },
      // Refusals for good are told apart in post() (the moderators decide instead).
      failed: async (err) => {
        const attempts = (row.reviewAttempts ?? 0) + 1;
        const delay = retryDelayMs(attempts, this.options);
        log.warn('confirmation message failed; will retry', { submission: row.id, attempts, err });
        await reviewMessages.failed(row.id, attempts, new Date(this.ctx.now().getTime() + delay));
      },
    });
  }
}
