import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { log } from '../log';
import type { Database } from '../store/database';
import { CommitGeneration, generationOf } from '../store/generation';

/**
 * Commits between processes on MariaDB, for the read caches (src/store/read-cache.ts). Each
 * commit this process makes is published once the server has confirmed it; each one published by
 * another process moves this process's generation. While the subscription is not confirmed live
 * (starting, Redis down, reconnecting) another process's commit could go unseen, so the
 * generation reads null and nothing is cached; the subscription going live or being lost moves
 * it too, so nothing cached before a gap is served after it. SQLite needs none of this (its
 * generation is read from the file), nor does MariaDB without Redis (nothing is cached there).
 */
export interface ChangeFeed {
  /** Sends what is still unpublished (the CLI exits right after its write), then unsubscribes. */
  close(): Promise<void>;
}

const NO_FEED: ChangeFeed = { close: async () => undefined };

export function attachChangeFeed(
  db: Database,
  redis: Redis | undefined,
  prefix: string,
): ChangeFeed {
  if (!redis || db.dialect !== 'mysql') return NO_FEED;
  const generation = generationOf(db);
  if (!(generation instanceof CommitGeneration)) return NO_FEED;
  // Pub/sub channels span Redis's numbered databases: the channel names the database too, so
  // deployments sharing a Redis server do not invalidate each other's caches.
  const database = (db.dataSource.driver as { database?: string }).database ?? '';
  return new RedisChangeFeed(generation, redis, `${prefix}db-commits:${database}`);
}

class RedisChangeFeed implements ChangeFeed {
  /** Tells this process's own messages apart from others'. */
  private readonly self = randomUUID();
  private readonly subscriber: Redis;
  private readonly stopListening: () => void;
  private live = false;
  /** Moves on every loss of the connection, so a late subscribe reply cannot revive the feed. */
  private epoch = 0;
  private sending: Promise<void> | null = null;
  private unsent = false;
  private closed = false;

  constructor(
    private readonly generation: CommitGeneration,
    private readonly publisher: Redis,
    private readonly channel: string,
  ) {
    // Named after its channel, so an operator can tell it apart in CLIENT LIST.
    this.subscriber = publisher.duplicate({ connectionName: channel });
    this.subscriber.on('error', (err: Error) => log.warn('redis change feed error', { err }));
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel && message !== this.self) generation.changedElsewhere();
    });
    this.subscriber.on('ready', () => this.subscribe());
    for (const event of ['close', 'end', 'reconnecting']) {
      this.subscriber.on(event, () => this.lost());
    }
    if (this.subscriber.status === 'ready') this.subscribe();
    this.stopListening = generation.onCommit(() => this.publish());
  }

  private subscribe(): void {
    const epoch = this.epoch;
    this.subscriber.subscribe(this.channel).then(
      () => {
        if (this.closed || epoch !== this.epoch || this.live) return;
        if (this.subscriber.status !== 'ready') return;
        this.live = true;
        this.generation.feedLive(true);
      },
      (err: unknown) =>
        log.warn('redis change feed subscribe failed; reads are not cached', { err }),
    );
  }

  private lost(): void {
    this.epoch++;
    if (!this.live) return;
    this.live = false;
    this.generation.feedLive(false);
  }

  /** One PUBLISH in flight at a time; commits meanwhile are covered by one more after it. */
  private publish(): void {
    if (this.sending) {
      this.unsent = true;
      return;
    }
    this.unsent = false;
    this.sending = this.publisher
      .publish(this.channel, this.self)
      .then(
        () => undefined,
        (err: unknown) => log.warn('redis change feed publish failed', { err }),
      )
      .finally(() => {
        this.sending = null;
        if (this.unsent) this.publish();
      });
  }

  async close(): Promise<void> {
    this.stopListening();
    while (this.sending) await this.sending;
    this.closed = true;
    this.lost();
    await this.subscriber.quit().catch(() => undefined);
  }
}
