import {
  DiscordAPIError,
  Routes,
  type APIChannel,
  type APIGuild,
  type APIMessage,
  type REST,
} from 'discord.js';
import type { Board } from '../../entities/board';
import type { Submission } from '../../entities/submission';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { PollLoop } from '../pipeline/poll-loop';
import { tellSubmitter } from './decision-notice';
import { reviewMessage } from './review-message';
import { leasedCall } from './leased-call';
import { permanentRefusal } from './replies';
import { clip, code, LIMITS, shown } from './text';
import { loadReviewView, type ReviewView } from '../pipeline/review-view';
import type { ReviewPosts } from '../pipeline/outbox';
import { guildOf } from '../domain/ids';
import { workspaceLocale } from './server-locale';
import { t } from '../domain/i18n';

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
  /** While Discord refuses a board's reviews for good, one post tries again this often. */
  probeMs: number;
}

export const POSTER_DEFAULTS: ReviewPosterOptions = {
  pollMs: 2000,
  batch: 20,
  retryBaseMs: 5000,
  retryMaxMs: 10 * 60_000,
  leaseMs: 60_000,
  probeMs: 60 * 60_000,
};

/** How long to wait after the `attempts`-th failure in a row: doubling from the base, capped. */
export const retryDelayMs = (
  attempts: number,
  options: Pick<ReviewPosterOptions, 'retryBaseMs' | 'retryMaxMs'>,
) => Math.min(options.retryBaseMs * 2 ** (attempts - 1), options.retryMaxMs);

/**
 * Posts review messages and edits them once decided, from the queue rows alone (durable: a
 * failed post is retried with backoff, a crash mid-post is retried after the lease; the nonce
 * lets Discord drop a duplicate of a post that did go through). Where the message goes: a
 * guild board's moderator channel; a user-owned board's owner by DM. A guild board without a
 * moderator channel gets no message: it stays pending for `tally review` until its window ends.
 */
export class ReviewPoster {
  private readonly loop: PollLoop;

  constructor(
    private readonly ctx: Context,
    private readonly rest: REST,
    private readonly store: ReviewPosts,
    private readonly options: ReviewPosterOptions = POSTER_DEFAULTS,
  ) {
    this.loop = new PollLoop(() => this.runOnce(), options.pollMs, 'review');
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Cuts the current wait short (a submission just became pending or was decided). */
  poke(): void {
    this.loop.poke();
  }

  /** One pass: post what is due, close what was decided, then tell chat submitters by DM. */
  async runOnce(): Promise<void> {
    const now = this.ctx.now();
    for (const row of await this.store.dueForPost(now, this.options.batch)) {
      if (!this.loop.running) return;
      await this.withLease(row, (view, signal) => this.post(view, signal));
    }
    for (const row of await this.store.dueForClose(now, this.options.batch)) {
      if (!this.loop.running) return;
      await this.withLease(row, (view, signal) => this.close(row, view, signal));
    }
    for (const row of await this.store.dueForNotice(now, this.options.batch)) {
      if (!this.loop.running) return;
      const notify = async (view: ReviewView) => {
        const locale = await boardLocale(this.ctx, view.board);
        await this.store.noticed(row.id, await tellSubmitter(this.rest, view, locale));
      };
      await this.withLease(row, notify, () => this.store.noticed(row.id, 'done'));
    }
  }

  private async post(view: ReviewView, signal: AbortSignal): Promise<void> {
    const { submission, board } = view;
    if (submission.status !== 'pending_review' || submission.reviewMessageId) {
      return this.store.release(submission.id);
    }
    const now = this.ctx.now();
    const block = await this.store.blockOf(board.pk);
    if (block && block.probeAt > now) {
      // Another review of this board just probed and was refused: wait for the next probe.
      return this.store.failed(submission.id, submission.reviewAttempts ?? 0, block.probeAt);
    }
    const where = board.ownerId.startsWith('user:') ? 'dm' : 'channel';
    let channelId: string | null = null;
    try {
      channelId = await this.channelFor(view);
      const message = (await this.rest.post(Routes.channelMessages(channelId), {
        body: {
          ...reviewMessage(view, await boardLocale(this.ctx, board)),
          nonce: view.handle,
          enforce_nonce: true,
        },
        signal,
      })) as APIMessage;
      await this.store.posted(submission.id, channelId, message.id, this.ctx.now());
      log.info('review posted', { submission: view.handle, channel: channelId });
    } catch (err) {
      const reason = refusedForGood(err, where, channelId ?? board.moderatorChannelId);
      if (!reason) throw err; // transient: retried with backoff (withLease)
      const probeAt = new Date(now.getTime() + this.options.probeMs);
      await this.store.failed(submission.id, (submission.reviewAttempts ?? 0) + 1, probeAt);
      if (await this.store.block(board.pk, reason, now, probeAt)) {
        log.warn('review messages of a board are refused by Discord; stopped until fixed', {
          board: board.id,
          reason,
        });
        await this.tellManagers(view, reason);
      }
      return;
    }
    if (block) await this.store.unblock(board.pk, now); // fixed: the board's other reviews go now
  }

  /**
   * Says once, by DM to the server's owner (who always has Manage Server), that reviews of a
   * board stopped and how to fix it. A user-owned board's owner is the one who takes no DMs,
   * so there is nobody to tell; /board info shows the block either way.
   */
  private async tellManagers(view: ReviewView, reason: string): Promise<void> {
    const guildId = guildOf(view.board.ownerId);
    if (!guildId) return;
    try {
      const guild = (await this.rest.get(Routes.guild(guildId))) as APIGuild;
      const dm = (await this.rest.post(Routes.userChannels(), {
        body: { recipient_id: guild.owner_id },
      })) as APIChannel;
      await this.rest.post(Routes.channelMessages(dm.id), {
        body: {
          content: clip(
            blockNotice(view.board, guild.name, reason, await boardLocale(this.ctx, view.board)),
            LIMITS.content,
          ),
          allowed_mentions: { parse: [] },
        },
      });
    } catch (err) {
      log.warn('could not tell the server owner that reviews stopped', {
        board: view.board.id,
        err,
      });
    }
  }

  private async close(row: Submission, view: ReviewView, signal: AbortSignal): Promise<void> {
    if (!row.reviewChannelId || !row.reviewMessageId) return this.store.closed(row.id);
    try {
      await this.rest.patch(Routes.channelMessage(row.reviewChannelId, row.reviewMessageId), {
        body: reviewMessage(view, await boardLocale(this.ctx, view.board)),
        signal,
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

  /** The work on a row under its lease (leased-call.ts); failures back off, doubling. */
  private async withLease(
    row: Submission,
    work: (view: ReviewView, signal: AbortSignal) => Promise<void>,
    gone = () => this.store.closed(row.id),
  ) {
    await leasedCall(() => this.ctx.now(), this.options.leaseMs, {
      take: (now, lease) => this.store.lease(row.id, now, lease),
      run: async (signal) => {
        const view = await loadReviewView(this.ctx, row.id);
        if (!view) return gone();
        await work(view, signal);
      },
      // Refusals for good are told apart in post() (a board's reviews stop until fixed).
      failed: async (err) => {
        const attempts = (row.reviewAttempts ?? 0) + 1;
        const delay = retryDelayMs(attempts, this.options);
        log.warn('review message failed; will retry', { submission: row.id, attempts, delay, err });
        await this.store.failed(row.id, attempts, new Date(this.ctx.now().getTime() + delay));
      },
    });
  }
}

/**
 * The language of what Tally posts about a board's results (review messages, confirmations, the
 * submitter's DM): its server's (src/bot/server-locale.ts); a user board's, English.
 */
export const boardLocale = (ctx: Context, board: Pick<Board, 'ownerId'>): Promise<string> =>
  workspaceLocale(ctx, board.ownerId);

/** The reason a post failed for good, or null for a failure worth retrying (5xx, 429, network). */
function refusedForGood(err: unknown, where: 'dm' | 'channel', channelId: string | null) {
  const what = permanentRefusal(err);
  if (!what) return null;
  // eslint-disable-next-line tally/user-text -- part of the stored reason (replies.ts)
  const place = where === 'dm' ? 'the owner’s DMs' : channelId ? `<#${channelId}>` : 'the channel';
  return clip(`${what} (${place})`, 300);
}

/** What the server owner reads, once, when a board's reviews stop (in the server's language). */
export function blockNotice(
  board: Board,
  server: string,
  reason: string,
  locale: string | null = null,
): string {
  return [
    t(locale, 'review.blocked.cannotPost', {
      board: `**${shown(board.displayName)}**`,
      boardId: code(board.id),
      server: shown(server),
      reason,
    }),
    t(locale, 'review.blocked.whatNow', { boardId: board.id }),
  ].join('\n');
}
