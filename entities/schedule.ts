import { EntitySchema } from 'typeorm';
import { col } from './columns';

/**
 * The next occurrence of one time-driven job (src/pipeline/scheduler.ts): a job kind and what it
 * acts on (`board:12`, `all`), and when it is due. Taking a step moves `dueAt` on inside the
 * step's own transaction, conditional on the value it read, so of several processes exactly one
 * takes each step.
 */
export interface ScheduledJob {
  kind: string;
  subject: string;
  dueAt: Date;
}

export const ScheduledJobEntity = new EntitySchema<ScheduledJob>({
  name: 'ScheduledJob',
  tableName: 'schedules',
  columns: {
    kind: { ...col.text(20), primary: true },
    subject: { ...col.text(60), primary: true },
    dueAt: { ...col.time(), name: 'due_at' },
  },
});
