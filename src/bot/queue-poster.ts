import { DiscordAPIError, Routes, type APIMessage, type REST } from 'discord.js';
import type { Board } from '../../entities/board';
import type { Queue, QueueMatch } from '../../entities/queue';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { queuePosts } from '../pipeline/outbox';
import { PollLoop } from '../pipeline/poll-loop';
import { queueMatchView, queueView } from '../pipeline/queues';
import { leasedCall, nonceOf } from './leased-call';
import { workspaceLocale } from './server-locale';
import {
  queueMatchEdit,
  queueMatchMessage,
  queueMessage,
  type QueueMessageBody,
} from './queue-message';
import { retryDelayMs, type ReviewPosterOptions } from './review-poster';

type Kind = 'queue' | 'match';

/** What a pass shows: the row's place, and the message drawn from what it reads now. */
interface Shown {
  version: number;
  /** The version the message showed before (kept when a post comes back as an older one). */
  before: number;
  channelId: string | null;
  messageId: string | null;
  post: QueueMessageBody;
  edit: QueueMessageBody;
  nonce: string;
}

/**
 * Keeps the messages of matchmaking queues (issue 28) in step with their rows: a queue's message
 * (who waits, Join and Leave) and each formed match's message (its ready check, play, report or
 * cancellation), whenever the row's `version` has moved past what the message shows. Each row is
 * worked under its lease (leased-call.ts): one process at a time, calls cut off before the lease
 * ends, a post sent with a nonce and `enforce_nonce`, so a retry after a lost answer finds the
 * first message instead of making a second. A match's message is posted once, pinging its
 * players only in its ready check, and then edited, pinging nobody. Discord refusing for good
 * marks the row and stops (a queue's message waits until it is placed again); anything else
 * backs off, doubling.
 */
export class QueuePoster {
  private readonly loop: PollLoop;

  constructor(
    private readonly ctx: Context,
    private readonly rest: REST,
    private readonly options: ReviewPosterOptions,
  ) {
    this.loop = new PollLoop(() => this.runOnce(), options.pollMs, 'queue messages');
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Shows what changed now rather than at the next poll (a press that changed a queue). */
  poke(): void {
    this.loop.poke();
  }

  async runOnce(): Promise<void> {
    const posts = queuePosts(this.ctx);
    const now = this.ctx.now();
    for (const row of await posts.queuesDue(now, this.options.batch)) {
      if (!this.loop.running) return;
      await this.withLease('queue', row, () => this.queueShown(row.pk));
    }
    for (const row of await posts.matchesDue(now, this.options.batch)) {
      if (!this.loop.running) return;
      await this.withLease('match', row, () => this.matchShown(row.pk));
    }
  }

  private async queueShown(pk: number): Promise<Shown | null> {
    const view = await queueView(this.ctx, pk);
    if (!view) return null;
    const { queue } = view;
    const body = queueMessage(view, this.ctx.now(), await this.localeOf(view.board));
    return {
      version: queue.version,
      before: queue.shownVersion,
      channelId: queue.channelId,
      messageId: queue.messageId,
      post: body,
      edit: body,
      // A new nonce for each placing: the count of posts moves on once one is recorded.
      nonce: nonceOf('queue', queue.pk, queue.channelId ?? '', queue.posts),
    };
  }

  private async matchShown(pk: number): Promise<Shown | null> {
    const view = await queueMatchView(this.ctx, pk);
    if (!view) return null;
    const { match } = view;
    const now = this.ctx.now();
    const locale = await this.localeOf(view.board);
    return {
      version: match.version,
      before: match.shownVersion,
      channelId: match.channelId,
      messageId: match.messageId,
      post: queueMatchMessage(view, now, locale),
      edit: queueMatchEdit(view, now, locale),
      nonce: nonceOf('qmatch', match.pk, match.channelId ?? ''),
    };
  }

  /** The language a queue's messages speak: its server's (issue 32), read at each drawing. */
  private localeOf(board: Board): Promise<string> {
    return workspaceLocale(this.ctx, board.ownerId);
  }

  /**
   * Edits the message, or posts it (a queue's deleted message is posted again); null when a
   * match's message was deleted: it is given up rather than ping its players a second time.
   */
  private async show(kind: Kind, shown: Shown, signal: AbortSignal) {
    const { channelId } = shown;
    if (!channelId) return { messageId: null, posted: false, current: true };
    if (shown.messageId) {
      try {
        await this.rest.patch(Routes.channelMessage(channelId, shown.messageId), {
          body: shown.edit,
          signal,
        });
        return { messageId: shown.messageId, posted: false, current: true };
      } catch (err) {
        if (!(err instanceof DiscordAPIError && err.code === 10008)) throw err;
        if (kind === 'match') return null;
        log.info('queue message deleted; posting it again', { channel: channelId });
      }
    }
    const message = (await this.rest.post(Routes.channelMessages(channelId), {
      body: { ...shown.post, nonce: shown.nonce, enforce_nonce: true },
      signal,
    })) as APIMessage;
    // Discord answers a nonce it has seen with the message an earlier try posted, as it was then
    // (a process that died before recording it): if that shows something older, the next pass
    // edits it.
    return { messageId: message.id, posted: true, current: sameText(message, shown.post) };
  }

  private async withLease(kind: Kind, row: Queue | QueueMatch, read: () => Promise<Shown | null>) {
    const posts = queuePosts(this.ctx);
    const what = { [kind]: row.pk };
    await leasedCall(() => this.ctx.now(), this.options.leaseMs, {
      take: (now, lease) => posts.lease(kind, row.pk, now, lease),
      run: async (signal, lease) => {
        const shown = await read();
        if (!shown) return; // the queue was closed, or the match's board deleted: nothing to show
        const done = await this.show(kind, shown, signal);
        // eslint-disable-next-line tally/user-text -- a stored reason (replies.ts)
        if (!done) return posts.refused(kind, row.pk, lease, 'the message was deleted');
        const version = done.current ? shown.version : shown.before;
        const recorded = await posts.shown(kind, row.pk, lease, { ...done, version });
        if (!recorded) log.warn('queue message shown after its lease ran out', what);
      },
      refused: async (why, lease) => {
        log.warn('Discord refuses a queue message for good; leaving it', { ...what, why });
        await posts.refused(kind, row.pk, lease, why);
      },
      failed: async (err, lease) => {
        const attempts = row.attempts + 1;
        const delay = retryDelayMs(attempts, this.options);
        log.warn('queue message failed; will retry', { ...what, attempts, delay, err });
        await posts.failed(
          kind,
          row.pk,
          lease,
          attempts,
          new Date(this.ctx.now().getTime() + delay),
        );
      },
    });
  }
}

/** Whether a message shows what this body says (a post answered for an earlier nonce may not). */
function sameText(message: APIMessage, body: QueueMessageBody): boolean {
  const [mine, theirs] = [body.embeds[0], message.embeds[0]];
  return (
    message.content === (body.content ?? '') &&
    theirs?.description === mine?.description &&
    JSON.stringify(theirs?.fields ?? []) === JSON.stringify(mine?.fields ?? [])
  );
}
