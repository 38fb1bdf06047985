import type { EntityManager } from 'typeorm';
import { ScheduledJobEntity } from '../../entities/schedule';
import type { Job } from '../../src/pipeline/scheduler';

/**
 * A daily job for scheduler tests (test/pipeline/scheduler.test.ts and the process it spawns):
 * each step records the time it was due, in the step's own transaction, as a never-due row of
 * the schedules table with a nonce, so a step taken twice shows as two rows.
 */
export const T0 = new Date('2026-12-01T00:00:00.000Z');
export const DAY = 86_400_000;
export const at = (days: number) => new Date(T0.getTime() + days * DAY);

export function dailyJob(failOn?: (dueAt: Date) => boolean): Job {
  return {
    kind: 'test-daily',
    atomic: true,
    async step(_ctx, tx, subject, dueAt) {
      if (failOn?.(dueAt)) throw new Error(`step at ${dueAt.toISOString()} failed`);
      await (tx as EntityManager).insert(ScheduledJobEntity, {
        kind: 'test-effect',
        subject: `${subject}@${dueAt.toISOString()}#${Math.random().toString(36).slice(2, 8)}`,
        dueAt: new Date('2100-01-01T00:00:00.000Z'),
      });
    },
    next: async (_ctx, _subject, dueAt) => new Date(dueAt.getTime() + DAY),
  };
}
