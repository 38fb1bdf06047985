import { DiscordAPIError, Routes, type APIChannel, type APIMessage, type REST } from 'discord.js';
import type { Board } from '../../entities/board';
import type { ContestEntry } from '../../entities/contest';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { entryPostView } from '../pipeline/contests';
import { contestPosts, type ContestPosts } from '../pipeline/outbox';
import { PollLoop } from '../pipeline/poll-loop';
import {
  authorSnowflake,
  entryFileName,
  entryNotice,
  entryPost,
  entryReviewMessage,
  finalPost,
  type EntryPostBody,
} from './contest-message';
import { leasedCall, nonceOf } from './leased-call';
import { workspaceLocale } from './server-locale';
import { permanentRefusal } from './replies';
import type { ReviewPosterOptions } from './review-poster';

/** A post's vote count is edited in at most this often: votes in a burst make one edit. */
export const VOTE_EDIT_EVERY_MS = 5_000;

/**
 * Posts each live entry in its contest channel with the vote buttons, edits in its vote count
 * (at most every VOTE_EDIT_EVERY_MS), deletes the post of an entry taken out and turns it into
 * the final result when its round ends; posts and closes the moderators' message of an entry
 * that waits for approval; tells an author by DM that moderators took their entry out. From the
 * rows alone, each under its lease (leased-call.ts), so every step happens once across
 * processes; a failure is tried again when the lease runs out, a refusal Discord will repeat
 * (no access to the channel) an hour later.
 */
export class ContestPoster {
  private readonly loop: PollLoop;
  private readonly posts: ContestPosts;

  constructor(
    private readonly ctx: Context,
    private readonly rest: REST,
    private readonly options: ReviewPosterOptions,
  ) {
    this.posts = contestPosts(ctx);
    this.loop = new PollLoop(() => this.runOnce(), options.pollMs, 'contest posts');
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  poke(): void {
    this.loop.poke();
  }

  async runOnce(): Promise<void> {
    const now = this.ctx.now();
    const editBefore = new Date(now.getTime() - VOTE_EDIT_EVERY_MS);
    for (const pk of await this.posts.postsDue(now, editBefore, this.options.batch)) {
      await leasedCall(this.ctx.now, this.options.leaseMs, {
        take: (at, lease) => this.posts.takePost(pk, at, lease),
        run: (signal, lease) => this.step(pk, signal, lease),
        refused: async (why, lease) => {
          log.warn('contest post refused by Discord; tried again in an hour', { entry: pk, why });
          await this.posts.postLater(pk, lease, new Date(Date.now() + this.options.probeMs));
        },
        failed: async (err) => {
          // The lease is kept: the next try is when it runs out.
          log.warn('contest post failed; tried again shortly', { entry: pk, err });
        },
      });
    }
  }

  /** One piece of the entry's due work; the next pass takes the next piece. */
  private async step(pk: number, signal: AbortSignal, lease: Date): Promise<void> {
    const view = await entryPostView(this.ctx, pk);
    if (!view) return this.posts.releasePost(pk, lease);
    const { entry, board, settings, image } = view;
    const now = this.ctx.now();
    // Everything here is read by others (the channel, the moderators, the author's DM): the
    // server's language.
    const locale = await this.localeOf(board);
    if (entry.noticeState === 'due') {
      const state = await this.tellAuthor(entry, board, locale, signal);
      return this.posts.recordNotice(pk, state, lease);
    }
    if (entry.status === 'pending' && entry.reviewState === 'due') {
      const channelId = board.moderatorChannelId;
      if (!channelId || !image) {
        return this.posts.recordReview(
          pk,
          { reviewState: 'none', reviewChannelId: null, reviewMessageId: null },
          lease,
        );
      }
      const body = entryReviewMessage(entry, board, locale);
      const message = await this.send(channelId, body, entry, image, 'review', signal);
      return this.posts.recordReview(
        pk,
        { reviewState: 'posted', reviewChannelId: channelId, reviewMessageId: message.id },
        lease,
      );
    }
    if (entry.status !== 'pending' && entry.reviewState === 'posted') {
      if (entry.reviewChannelId && entry.reviewMessageId) {
        // The decision, without the image (an entry declined is not shown again) or buttons.
        await this.edit(entry.reviewChannelId, entry.reviewMessageId, signal, {
          ...entryReviewMessage(entry, board, locale),
          attachments: [],
        });
      }
      return this.posts.recordReview(
        pk,
        {
          reviewState: 'closed',
          reviewChannelId: entry.reviewChannelId,
          reviewMessageId: entry.reviewMessageId,
        },
        lease,
      );
    }
    const post = { channelId: entry.postChannelId, messageId: entry.postMessageId };
    if (entry.status !== 'live' && post.channelId && post.messageId) {
      if (entry.status === 'archived') {
        await this.edit(post.channelId, post.messageId, signal, finalPost(entry, board, locale));
      } else {
        await this.delete(post.channelId, post.messageId, signal);
      }
      const gone = { channelId: null, messageId: null, votes: entry.votes, at: now };
      return this.posts.recordPost(pk, gone, lease);
    }
    if (entry.status === 'live' && settings.channelId && image) {
      const body = entryPost(entry, board, settings, now, locale);
      const moved = post.channelId !== settings.channelId;
      let messageId = post.messageId;
      if (messageId && !moved) {
        const kept = await this.edit(post.channelId!, messageId, signal, body);
        if (!kept) messageId = null; // deleted by someone: posted again below
      }
      if (!messageId || moved) {
        if (messageId && moved) await this.delete(post.channelId!, messageId, signal);
        const message = await this.send(settings.channelId, body, entry, image, 'post', signal);
        messageId = message.id;
      }
      const shown = { channelId: settings.channelId, messageId, votes: entry.votes, at: now };
      return this.posts.recordPost(pk, shown, lease);
    }
    return this.posts.releasePost(pk, lease);
  }

  /** The language of the board's server (issue 32), read at each step. */
  private localeOf(board: Board): Promise<string> {
    return workspaceLocale(this.ctx, board.ownerId);
  }

  /** A message with the entry's image attached; a post sent again is recognised by its nonce. */
  private async send(
    channelId: string,
    body: EntryPostBody,
    entry: ContestEntry,
    image: Buffer,
    kind: 'post' | 'review',
    signal: AbortSignal,
  ): Promise<APIMessage> {
    const name = entryFileName(entry);
    return (await this.rest.post(Routes.channelMessages(channelId), {
      body: {
        ...body,
        attachments: [{ id: '0', filename: name }],
        nonce: nonceOf('entry', kind, entry.pk, channelId),
        enforce_nonce: true,
      },
      files: [{ name, data: image, contentType: 'image/webp' }],
      signal,
    })) as APIMessage;
  }

  /** Edits a message; false if it is gone (Unknown Message), which is not a failure. */
  private async edit(
    channelId: string,
    messageId: string,
    signal: AbortSignal,
    body: EntryPostBody & { attachments?: [] },
  ): Promise<boolean> {
    try {
      await this.rest.patch(Routes.channelMessage(channelId, messageId), { body, signal });
      return true;
    } catch (err) {
      if (err instanceof DiscordAPIError && err.code === 10008) return false;
      throw err;
    }
  }

  private async delete(channelId: string, messageId: string, signal: AbortSignal) {
    try {
      await this.rest.delete(Routes.channelMessage(channelId, messageId), { signal });
    } catch (err) {
      if (err instanceof DiscordAPIError && err.code === 10008) return; // gone already
      throw err;
    }
  }

  /** The author's DM; a member who takes no DMs from Tally is not asked again. */
  private async tellAuthor(
    entry: ContestEntry,
    board: Board,
    locale: string | null,
    signal: AbortSignal,
  ): Promise<'sent' | 'failed'> {
    try {
      const dm = (await this.rest.post(Routes.userChannels(), {
        body: { recipient_id: authorSnowflake(entry) },
        signal,
      })) as APIChannel;
      await this.rest.post(Routes.channelMessages(dm.id), {
        body: {
          content: entryNotice(entry, board, locale),
          allowed_mentions: { parse: [] },
          nonce: nonceOf('entry-notice', entry.pk),
          enforce_nonce: true,
        },
        signal,
      });
      return 'sent';
    } catch (err) {
      if (!permanentRefusal(err)) throw err;
      log.info('the author takes no DM from Tally; not told', { entry: entry.pk });
      return 'failed';
    }
  }
}
