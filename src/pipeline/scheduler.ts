import type { EntityManager } from 'typeorm';
import type { ScheduledJob } from '../../entities/schedule';
import { log } from '../log';
import { PollLoop } from './poll-loop';
import type { Context } from './context';
import { decayJob } from './decay';
import { seasonEndJob, SeasonWaits } from './seasons';
import { expireOverdue } from './review';
import { settleSilentReports } from './confirm';

/**
 * One kind of time-driven work (validation-window expiry, season ends, decay, standings
 * refreshes). A step is one occurrence, run for the time it was due, not for the time it ran:
 * after downtime each missed step is taken in order, each once.
 */
export interface Job {
  kind: string;
  /**
   * The step due at `dueAt` for `subject`. An `atomic` job does its work with `tx`, the
   * transaction that takes the step, so the work and the step commit together or not at all
   * (exactly once). Otherwise the step is taken first and the work runs after the commit: at
   * most once, for sweeps that are safe to skip because the next step does the same.
   */
  step(ctx: Context, tx: EntityManager | null, subject: string, dueAt: Date): Promise<void>;
  /** When the job is due next after a step due at `dueAt`, run at `now`; null ends it. */
  next(ctx: Context, subject: string, dueAt: Date, now: Date): Promise<Date | null>;
  atomic: boolean;
}

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
        if (err instanceof SeasonWaits) continue; // the worker records what came before the end
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

/** How often overdue submissions are looked for (DESIGN.md 3: the validation window). */
export const EXPIRY_EVERY_MS = 30_000;

/**
 * Validation-window expiry as a scheduled sweep: each submission expires once whoever sweeps
 * (review.ts decides it with the board locked), so a missed sweep is simply the next one; after
 * downtime one sweep catches up on every overdue submission.
 */
export const expiryJob: Job = {
  kind: 'expiry',
  atomic: false,
  async step(ctx) {
    await expireOverdue(ctx);
    // Reports whose opponents stayed silent: confirmed or sent to the moderators (confirm.ts).
    await settleSilentReports(ctx);
  },
  next: async (_ctx, _subject, _dueAt, now) => new Date(now.getTime() + EXPIRY_EVERY_MS),
};

/** Every job this version runs, and the plans every process makes sure exist at start. */
export const JOBS: readonly Job[] = [expiryJob, decayJob, seasonEndJob];

export async function planStandingJobs(ctx: Context): Promise<void> {
  await ctx.repos.schedules.ensure(expiryJob.kind, 'all', ctx.now());
}
