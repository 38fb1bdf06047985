import type { EntityManager } from 'typeorm';
import type { Context } from './context';

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

/**
 * A step that cannot run yet (a season end waits for the submissions queued before it): the
 * scheduler tries the same step again next pass, without a warning.
 */
export class StepWaits extends Error {}
