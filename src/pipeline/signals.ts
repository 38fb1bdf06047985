import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { log } from '../log';

/**
 * Wake-ups between the API and the worker. The queue itself is the database; these only cut
 * waiting short, so a lost signal costs a poll interval, never a write (DESIGN.md 2).
 */
export interface Signals {
  /** A submission was queued: wake a worker, in any process. */
  queued(): void;
  /** A submission reached a state a waiting request cares about. */
  settled(submissionId: number): void;
  onQueued(listener: () => void): () => void;
  /** Resolves true when `settled(id)` arrives within the timeout. */
  waitSettled(submissionId: number, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export class LocalSignals implements Signals {
  protected readonly emitter = new EventEmitter().setMaxListeners(0);

  queued(): void {
    this.emitter.emit('queued');
  }
  settled(submissionId: number): void {
    this.emitter.emit(`settled:${submissionId}`);
  }
  onQueued(listener: () => void): () => void {
    this.emitter.on('queued', listener);
    return () => this.emitter.off('queued', listener);
  }
  waitSettled(submissionId: number, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const event = `settled:${submissionId}`;
      const done = (value: boolean) => {
        clearTimeout(timer);
        this.emitter.off(event, onSettled);
        resolve(value);
      };
      const onSettled = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.emitter.on(event, onSettled);
    });
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** The same signals across processes through Redis pub/sub (issue: the wake-up works across processes). */
export class RedisSignals extends LocalSignals {
  private readonly subscriber: Redis;

  constructor(
    private readonly publisher: Redis,
    private readonly prefix: string,
  ) {
    super();
    this.subscriber = publisher.duplicate();
    this.subscriber.on('error', (err: Error) => log.warn('redis subscriber error', { err }));
    void this.subscriber.subscribe(`${prefix}queued`, `${prefix}settled`).catch((err: unknown) => {
      log.warn('redis subscribe failed; falling back to polling', { err });
    });
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === `${prefix}queued`) super.queued();
      else if (channel === `${prefix}settled`) super.settled(Number(message));
    });
  }

  override queued(): void {
    super.queued();
    this.publisher.publish(`${this.prefix}queued`, '1').catch(() => undefined);
  }
  override settled(submissionId: number): void {
    super.settled(submissionId);
    this.publisher.publish(`${this.prefix}settled`, String(submissionId)).catch(() => undefined);
  }
  override async close(): Promise<void> {
    await super.close();
    await this.subscriber.quit().catch(() => undefined);
  }
}
