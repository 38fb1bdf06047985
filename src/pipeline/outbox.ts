import type { Repositories } from '../store/repositories';
import type { Context } from './context';

/**
 * The outbox state of what Tally posts on Discord, as the bot moves it: which rows are due, the
 * lease a process holds while it posts or a press redraws, and what came of it. The bot gets
 * these ports, never the repositories behind them (ARCHITECTURE.md: edges call use cases).
 */
export type ReviewPosts = Pick<
  Repositories['reviewMessages'],
  | 'dueForPost'
  | 'dueForClose'
  | 'dueForNotice'
  | 'noticed'
  | 'lease'
  | 'release'
  | 'closed'
  | 'posted'
  | 'failed'
  | 'blockOf'
  | 'block'
  | 'unblock'
>;

/** Review messages (src/bot/review-poster.ts) and the presses that redraw them. */
export const reviewPosts = (ctx: Context): ReviewPosts => ctx.repos.reviewMessages;

export type ConfirmPosts = Pick<
  Repositories['confirmations'],
  'dueForPost' | 'dueForEdit' | 'posted' | 'escalate' | 'shown'
>;

/** Opponent confirmation messages (src/bot/confirm-poster.ts) and their buttons. */
export const confirmPosts = (ctx: Context): ConfirmPosts => ctx.repos.confirmations;

export type AuditPosts = Pick<
  Repositories['audit'],
  'due' | 'lease' | 'unrouted' | 'posted' | 'gaveUp' | 'retryLater'
>;

/** Audit lines (src/bot/audit-poster.ts). */
export const auditPosts = (ctx: Context): AuditPosts => ctx.repos.audit;

export type ContestPosts = Pick<
  Repositories['contests'],
  | 'postsDue'
  | 'takePost'
  | 'recordPost'
  | 'recordReview'
  | 'recordNotice'
  | 'postLater'
  | 'releasePost'
>;

/** Contest entries' posts, moderators' messages and authors' notices (src/bot/contest-poster.ts). */
export const contestPosts = (ctx: Context): ContestPosts => ctx.repos.contests;

export type QueuePosts = Pick<
  Repositories['queues'],
  'queuesDue' | 'matchesDue' | 'lease' | 'shown' | 'failed' | 'refused'
>;

/** Matchmaking queues' messages and their matches' messages (src/bot/queue-poster.ts). */
export const queuePosts = (ctx: Context): QueuePosts => ctx.repos.queues;
