import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { Submission } from '../../entities/submission';
import type { MatchStatus } from '../domain/vocabulary';
import { log } from '../log';
import { FinalAnswers } from './final-answers';

/**
 * What the worker made of a submission, as it committed it: the row and the match or score it
 * created (a match's number, a score's pk). Told only within the process (a waiting write then
 * needs no second look at the row); across processes a waiter reads the row.
 */
export interface SettledOutcome {
  submission: Submission;
  record: { status: MatchStatus; id: number } | null;
}

/**
 * Wake-ups between the API and the worker. The queue itself is the database; these only cut
 * waiting short, so a lost signal costs a poll interval, never a write (DESIGN.md 2).
 */
export interface Signals {
  /**
   * Whether a worker in another process wakes this process's waiters (through Redis). Without
   * it, a write another process applies is told to nobody here: a waiter looks at its row.
   */
  readonly acrossProcesses: boolean;
  /** A submission was queued: wake a worker, in any process. */
  queued(): void;
  /** A submission reached a state a waiting request cares about (committed). */
  settled(submissionId: number, outcome?: SettledOutcome): void;
  onQueued(listener: () => void): () => void;
  /** Resolves true when `settled(id)` arrives within the timeout; false at once when `cancel` aborts. */
  waitSettled(submissionId: number, timeoutMs: number, cancel?: AbortSignal): Promise<boolean>;
  /**
   * The same wait, resolving with what `settled(id)` told (`outcome` null when it came without
   * one, from another process), or null on timeout or `cancel`.
   */
  waitOutcome(
    submissionId: number,
    timeoutMs: number,
    cancel?: AbortSignal,
  ): Promise<{ outcome: SettledOutcome | null } | null>;
  /** Final answers the worker stores with its batch for requests waiting in this process. */
  readonly answers: FinalAnswers<SettledOutcome>;
  close(): Promise<void>;
}

export class LocalSignals implements Signals {
  readonly acrossProcesses: boolean = false;
  protected readonly emitter = new EventEmitter().setMaxListeners(0);
  readonly answers = new FinalAnswers<SettledOutcome>();

  queued(): void {
    this.emitter.emit('queued');
  }
  settled(submissionId: number, outcome?: SettledOutcome): void {
    this.emitter.emit(`settled:${submissionId}`, outcome ?? null);
  }
  onQueued(listener: () => void): () => void {
    this.emitter.on('queued', listener);
    return () => this.emitter.off('queued', listener);
  }
  async waitSettled(submissionId: number, timeoutMs: number, cancel?: AbortSignal) {
    return (await this.waitOutcome(submissionId, timeoutMs, cancel)) !== null;
  }
  waitOutcome(
    submissionId: number,
    timeoutMs: number,
    cancel?: AbortSignal,
  ): Promise<{ outcome: SettledOutcome | null } | null> {
    return new Promise((resolve) => {
      const event = `settled:${submissionId}`;
      const done = (value: { outcome: SettledOutcome | null } | null) => {
        clearTimeout(timer);
        this.emitter.off(event, onSettled);
        cancel?.removeEventListener('abort', onCancel);
        resolve(value);
      };
      const onSettled = (outcome: SettledOutcome | null) => done({ outcome });
      const onCancel = () => done(null);
      const timer = setTimeout(() => done(null), timeoutMs);
      this.emitter.on(event, onSettled);
      cancel?.addEventListener('abort', onCancel, { once: true });
    });
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** The same signals across processes through Redis pub/sub (issue: the wake-up works across processes). */
export class RedisSignals extends LocalSignals {
  override readonly acrossProcesses = true;
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
  override settled(submissionId: number, outcome?: SettledOutcome): void {
    super.settled(submissionId, outcome);
    this.publisher.publish(`${this.prefix}settled`, String(submissionId)).catch(() => undefined);
  }
  override async close(): Promise<void> {
    await super.close();
    await this.subscriber.quit().catch(() => undefined);
  }
}
