import type { ScheduledJob } from '../../entities/schedule';
import { log } from '../log';
import { PollLoop } from './poll-loop';
import type { Context } from './context';
import { StepWaits, type Job } from './job';

export { StepWaits, type Job } from './job';

export interface SchedulerOptions {
  /** How often to look for due steps (default 1 s). */
  pollMs?: number;
  /** Steps per job per pass, so one long catch-up does not starve the others (default 100). */
  maxCatchUp?: number;
}

/**
 * The one scheduler (DESIGN.md: time-driven work runs exactly once across processes and catches
 * up after downtime). Every process may run one. Each pass reads the due rows of `schedules`;
 * a step is taken by moving its row on, conditional on the due time read, in a transaction: of
 * several processes exactly one moves it, and an atomic job's work commits with that move. Time
 * comes from the context's clock, so tests move it.
 */
export class Scheduler {
  private readonly jobs: Map<string, Job>;
  private readonly loop: PollLoop;

  constructor(
    private readonly ctx: Context,
    jobs: readonly Job[],
    private readonly options: SchedulerOptions = {},
  ) {
    this.jobs = new Map(jobs.map((job) => [job.kind, job]));
    this.loop = new PollLoop(() => this.tick(), options.pollMs ?? 1000, 'scheduler');
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * How long the oldest due step of this scheduler's jobs has waited, in seconds (0 when none is
   * due): about a poll interval when all is well, growing while steps fail or no process polls
   * (/metrics: tally_scheduler_lag_seconds).
   */
  async lagSeconds(): Promise<number> {
    const now = this.ctx.now();
    const [oldest] = await this.ctx.repos.schedules.due(now, [...this.jobs.keys()], 1);
    return oldest ? Math.max(0, (now.getTime() - oldest.dueAt.getTime()) / 1000) : 0;
  }

  /** One pass: every due step of every job, in due order, up to maxCatchUp per job. */
  async tick(): Promise<number> {
    let taken = 0;
    const now = this.ctx.now();
    for (const row of await this.ctx.repos.schedules.due(now, [...this.jobs.keys()], 100)) {
      const job = this.jobs.get(row.kind);
      if (!job) continue;
      let current: ScheduledJob | null = row;
      try {
        for (let i = 0; current && i < (this.options.maxCatchUp ?? 100); i++) {
          const next = await job.next(this.ctx, current.subject, current.dueAt, now);
          if (!(await this.take(job, current, next))) break; // another process took it
          taken++;
          current = next && next <= now ? { ...current, dueAt: next } : null;
        }
      } catch (err) {
        // An atomic step rolled back with its move: the same step is tried again next pass.
        if (err instanceof StepWaits) continue; // e.g. the worker records what came before an end
        log.warn('scheduled step failed; retrying', { job: row.kind, subject: row.subject, err });
      }
    }
    return taken;
  }

  /** Takes one step; false if another process took it first. */
  private async take(job: Job, row: ScheduledJob, next: Date | null): Promise<boolean> {
    const { repos } = this.ctx;
    const took = await repos.db.transaction(async (tx) => {
      if (!(await repos.schedules.take(tx, row, next))) return false;
      if (job.atomic) await job.step(this.ctx, tx, row.subject, row.dueAt);
      return true;
    });
    if (took && !job.atomic) await job.step(this.ctx, null, row.subject, row.dueAt);
    return took;
  }
}
