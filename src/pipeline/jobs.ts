import { decayJob } from './decay';
import { expiryJob } from './expiry';
import type { Job } from './job';
import { queueJob } from './queues';
import { seasonEndJob } from './seasons';

export { planStandingJobs } from './expiry';

/**
 * The time-driven work of the pipeline (expiry, decay, season ends, matchmaking queues). The composition root
 * registers these with the scheduler, and beside them the jobs that talk to Discord (src/bot):
 * the scheduler itself knows no job, so no job's module imports back into it.
 */
export const JOBS: readonly Job[] = [expiryJob, decayJob, seasonEndJob, queueJob];
