import { DiscordAPIError, Routes, type APIChannel, type APIMessage, type REST } from 'discord.js';
import type { Submission } from '../../entities/submission';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { reviewMessage } from './review-message';
import { loadReviewView, type ReviewView } from './review-view';

export interface ReviewPosterOptions {
  /** How often to look for reviews to post or close (default 2 s). */
  pollMs: number;
  /** Rows per pass and kind (default 20), so one pass stays short. */
  batch: number;
  /** First retry delay after a failed post or edit, doubled per failure up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a process holds a row it is posting or editing (a crash frees it after this). */
  leaseMs: number;
}

export const POSTER_DEFAULTS: ReviewPosterOptions = {
  pollMs: 2000,
  batch: 20,
  retryBaseMs: 5000,
  retryMaxMs: 10 * 60_000,
  leaseMs: 60_000,
};

/**
 * Posts review messages and edits them once decided, from the queue rows alone (durable: a
 * failed post is retried with backoff, a crash mid-post is retried after the lease; the nonce
 * lets Discord drop a duplicate of a post that did go through). Where the message goes: a
 * guild board's moderator channel; a user-owned board's owner by DM. A guild board without a
 * moderator channel gets no message: it stays pending for `tally review` until its window ends.
 */
export class ReviewPoster {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly ctx: Context,
    private readonly rest: REST,
    private readonly store: Context['repos']['reviewMessages'],
    private readonly options: ReviewPosterOptions = POSTER_DEFAULTS,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Cuts the current wait short (a submission just became pending or was decided). */
  poke(): void {
    this.wake?.();
  }

  /** One pass: post what is due, then close what was decided. */
  async runOnce(): Promise<void> {
    const now = this.ctx.now();
    for (const row of await this.store.dueForPost(now, this.options.batch)) {
      if (!this.running) return;
      await this.withLease(row, (view) => this.post(view));
    }
    for (const row of await this.store.dueForClose(now, this.options.batch)) {
      if (!this.running) return;
      await this.withLease(row, (view) => this.close(row, view));
    }
  }

  private async post(view: ReviewView): Promise<void> {
    if (view.submission.status !== 'pending_review' || view.submission.reviewMessageId) {
      return this.store.release(view.submission.id);
    }
    const channelId = await this.channelFor(view);
    const message = (await this.rest.post(Routes.channelMessages(channelId), {
      body: { ...reviewMessage(view), nonce: view.handle, enforce_nonce: true },
    })) as APIMessage;
    await this.store.posted(view.submission.id, channelId, message.id, this.ctx.now());
    log.info('review posted', { submission: view.handle, channel: channelId });
  }

  private async close(row: Submission, view: ReviewView): Promise<void> {
    if (!row.reviewChannelId || !row.reviewMessageId) return this.store.closed(row.id);
    try {
      await this.rest.patch(Routes.channelMessage(row.reviewChannelId, row.reviewMessageId), {
        body: reviewMessage(view),
      });
    } catch (err) {
      // The message or channel is gone, or the bot lost access: there is nothing left to update.
      if (!(err instanceof DiscordAPIError && (err.status === 404 || err.status === 403)))
        throw err;
      log.warn('review message could not be updated; leaving it', { submission: view.handle, err });
    }
    await this.store.closed(row.id);
  }

  private async channelFor(view: ReviewView): Promise<string> {
    const owner = view.board.ownerId;
    if (owner.startsWith('user:')) {
      const dm = (await this.rest.post(Routes.userChannels(), {
        body: { recipient_id: owner.slice('user:'.length) },
      })) as APIChannel;
      return dm.id;
    }
    if (!view.board.moderatorChannelId)
      throw new Error(`board ${view.board.id} has no moderator channel`);
    return view.board.moderatorChannelId;
  }

  private async withLease(row: Submission, work: (view: ReviewView) => Promise<void>) {
    const now = this.ctx.now();
    const until = new Date(now.getTime() + this.options.leaseMs);
    if (!(await this.store.lease(row.id, now, until))) return; // another process has it
    try {
      const view = await loadReviewView(this.ctx, row.id);
      if (!view) return await this.store.closed(row.id);
      await work(view);
    } catch (err) {
      const attempts = (row.reviewAttempts ?? 0) + 1;
      const delay = Math.min(
        this.options.retryBaseMs * 2 ** (attempts - 1),
        this.options.retryMaxMs,
      );
      log.warn('review message failed; will retry', { submission: row.id, attempts, delay, err });
      await this.store.failed(row.id, attempts, new Date(this.ctx.now().getTime() + delay));
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.runOnce();
      } catch (err) {
        log.warn('review pass failed; retrying', { err });
      }
      if (this.running) await this.sleep(this.options.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
