import type { Submission } from '../../entities/submission';
import { ChatUnavailable, type ChatPort } from './chat-port';
import { TallyError } from '../domain/errors';
import { log } from '../log';
import type { Context } from './context';
import { BATCH_SIZE, fail, processBatch } from './process';
import type { Signals } from './signals';
import { isLockContention } from '../store/lock-contention';

/** The rest of this event-loop turn: pending I/O callbacks (incoming requests) run first. */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A submission that keeps throwing is failed after this many tries, so it cannot stall its board. */
export const MAX_ATTEMPTS = 5;

/** Boards one pass works, oldest queued first. */
const BOARDS_PER_PASS = 20;

export interface WorkerOptions {
  pollMs?: number;
}

/**
 * Works the queue: any process may run one (DESIGN.md 2); boards are claimed with row locks, so
 * two workers never score one board at once and each board's queue is worked in order.
 */
export class Worker {
  private running = false;
  private stopping = false;
  private wake: (() => void) | null = null;
  private poked = false;
  /** Whether the running pass left every board it worked empty, as far as this process knows. */
  private drained = true;
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly failures = new Map<number, number>();

  constructor(
    private readonly ctx: Context,
    private readonly chat: ChatPort,
    private readonly signals: Signals,
    private readonly options: WorkerOptions = {},
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false; // a stopped worker may be started again
    this.unsubscribe = this.signals.onQueued(() => {
      this.poked = true;
      this.wake?.();
    });
    this.loop = this.run();
  }

  /** Finishes the queue item in hand, takes no other, and resolves once the loop has ended. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.running = false;
    this.unsubscribe?.();
    this.wake?.();
    await this.loop;
  }

  /** One pass over every board with queued work; true when anything moved. */
  async runOnce(): Promise<boolean> {
    let progressed = false;
    const boards = await this.ctx.repos.submissions.boardsWithQueued(BOARDS_PER_PASS);
    // A full list may leave boards past it: the next pass looks again at once.
    this.drained = boards.length < BOARDS_PER_PASS;
    for (const boardPk of boards) {
      progressed = (await this.drainBoard(boardPk)) || progressed;
    }
    return progressed;
  }

  /**
   * Works one board's queue in batches: up to BATCH_SIZE submissions per transaction, one
   * commit, then every waiting request is woken. When a batch throws, its rows are retried one
   * per transaction, so a faulty submission is failed alone and the others still apply.
   */
  private async drainBoard(boardPk: number): Promise<boolean> {
    let progressed = false;
    while (!this.stopping) {
      // Requests whose bytes arrived meanwhile queue theirs first, so one batch takes them all.
      await yieldToIo();
      const batch = await this.ctx.repos.db.run((m) =>
        this.ctx.repos.submissions.queuedBatch(m, boardPk, BATCH_SIZE, false),
      );
      const first = batch[0];
      if (!first) return progressed;
      let result;
      try {
        result = await processBatch(this.ctx, this.chat, batch);
      } catch (err) {
        this.drained = false;
        // Discord is unreachable: the rows stay queued, uncounted, and the board waits a poll.
        if (err instanceof ChatUnavailable) {
          log.warn('chat platform unavailable; submission waits', { submission: first.id, err });
          return progressed;
        }
        if (batch.length === 1 || isLockContention(err)) {
          await this.onError(first.id, first, err);
          return true;
        }
        log.debug('batch failed; retrying its submissions one by one', { board: boardPk, err });
        return (await this.drainSingly(batch)) || progressed;
      }
      for (const id of result.settled) this.signals.settled(id, result.outcomes.get(id));
      if (result.outcome === 'busy') return progressed; // another worker holds this board
      progressed = true;
      // A short batch that all settled left the board empty when it was read: asking again would
      // cost a read per write at a low rate. A write queued since rings (run() passes again at
      // once); another process's without Redis is found by the next poll, as when the queue idles.
      if (batch.length < BATCH_SIZE && result.settled.length === batch.length) return progressed;
    }
    this.drained = false;
    return progressed;
  }

  /** One transaction per submission, in queue order: the fallback after a batch failed. */
  private async drainSingly(batch: Submission[]): Promise<boolean> {
    let progressed = false;
    for (const queued of batch) {
      if (this.stopping) break;
      // Re-read: the failed batch left it queued, but a moderator may have acted since.
      const next = await this.ctx.repos.submissions.byId(queued.id);
      if (next?.status !== 'queued') continue;
      let result;
      try {
        result = await processBatch(this.ctx, this.chat, [next]);
      } catch (err) {
        if (err instanceof ChatUnavailable) {
          log.warn('chat platform unavailable; submission waits', { submission: next.id, err });
          return progressed;
        }
        await this.onError(next.id, next, err);
        // Queue order: nothing behind a submission that may still be retried goes ahead of it.
        const after = await this.ctx.repos.submissions.byId(next.id);
        if (after?.status === 'queued') return true;
        progressed = true;
        continue;
      }
      for (const id of result.settled) this.signals.settled(id, result.outcomes.get(id));
      if (result.outcome === 'busy') return progressed;
      progressed = true;
    }
    return progressed;
  }

  private async onError(
    id: number,
    submission: Parameters<typeof fail>[1],
    err: unknown,
  ): Promise<void> {
    // A lost lock race (a MariaDB deadlock victim, a busy SQLite) was rolled back and says nothing
    // about the submission: retry it without counting, or contention would fail valid writes.
    if (isLockContention(err)) {
      log.debug('submission lost a lock race; will retry', { submission: id, err });
      return;
    }
    // A value the scoring cannot hold (a total past 2^53−1) fails at once; faults get retries.
    const tries = (this.failures.get(id) ?? 0) + 1;
    this.failures.set(id, tries);
    if (err instanceof TallyError && err.code !== 'internal_error') {
      await fail(this.ctx, submission, err.detail);
    } else if (tries >= MAX_ATTEMPTS) {
      log.error('submission failed after retries', { submission: id, err });
      await fail(this.ctx, submission, 'internal fault while processing; nothing was applied');
    } else {
      log.warn('submission processing failed; will retry', { submission: id, tries, err });
      return;
    }
    this.failures.delete(id);
    this.signals.settled(id);
  }

  private async run(): Promise<void> {
    const pollMs = this.options.pollMs ?? 1000;
    while (this.running) {
      // A wake-up that comes while a pass runs (after it looked) is kept, not lost until a poll.
      this.poked = false;
      let progressed = false;
      try {
        progressed = await this.runOnce();
      } catch (err) {
        log.warn('worker pass failed; retrying', { err });
      }
      // A pass that moved something looks again at once, unless it left every board it worked
      // empty and nothing was queued meanwhile (one read of the queue less per write).
      if ((!progressed || this.drained) && this.running && !this.poked) await this.sleep(pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
