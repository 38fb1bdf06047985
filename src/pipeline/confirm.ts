import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import type { Submission } from '../../entities/submission';
import { reviewExpiry } from '../domain/board-rules';
import {
  awaitedOpponents,
  opponentsOf,
  refusalOf,
  AUTO_CONFIRMED,
  SILENCE,
  type ConfirmState,
} from '../domain/confirmation';
import { refusal as refused, TallyError } from '../domain/errors';
import { chatPlayerId, formatHandle, submissionIdOf } from '../domain/ids';
import type { MatchWrite, ScoreWrite } from '../domain/write-request';
import { actsFor, type Actor, type Context } from './context';
import type { Enqueued } from './enqueue';
import { review, type Guard } from './review';
import type { TextKey, TextVars } from '../domain/i18n';

/**
 * Opponent confirmation (issue 15 item 3; README "Opponent confirmation"): on an `opponents`
 * board a member's match report waits in the channel it was reported in for an opponent to
 * Confirm (applied like an approval, by the same `review`) or Dispute (to the moderators' usual
 * review); the reporter may Withdraw it (rejected, nothing applied); silence until the window
 * ends confirms or escalates it, per the board. Every step is a compare-and-set on the row's
 * `confirm_state`, or a `review` guarded by it with the board locked: each happens once, in
 * whichever process gets there first. To the API the report is `pending_review` until then.
 */

const HOUR_MS = 3_600_000;

/** What the reporter's Withdraw records as the reason (the row's failure_reason). */
export const WITHDRAWN = 'withdrawn by the member who reported it';

export type ReportAnswer = 'confirm' | 'dispute' | 'withdraw';

export interface AnswerOutcome {
  handle: string;
  confirmState: ConfirmState;
  status: Submission['status'];
}

/**
 * The enqueue hook of a report that waits for its opponents: marks its row `awaiting`, with the
 * channel and the window's end, in the transaction that queues it (so the worker sees it).
 * Anything else is queued as before.
 */
export function awaitingOpponents(
  ctx: Context,
  input: {
    board: Board;
    submittedBy: string;
    reportedIn?: { guildId: string | null; channelId: string | null };
  },
  write: MatchWrite | ScoreWrite,
  inner?: (tx: EntityManager, enqueued: Enqueued) => Promise<void>,
): ((tx: EntityManager, enqueued: Enqueued) => Promise<void>) | undefined {
  const opponents = awaitedOpponents(input.board, write, input.submittedBy, input.reportedIn);
  const channelId = input.reportedIn?.channelId;
  if (!opponents || !channelId) return inner;
  const fields = {
    confirmState: 'awaiting' as const,
    confirmChannelId: channelId,
    confirmDueAt: new Date(ctx.now().getTime() + input.board.confirmWindowHours * HOUR_MS),
  };
  return async (tx, enqueued) => {
    await ctx.repos.submissions.update(enqueued.submission.id, fields, tx);
    Object.assign(enqueued.submission, fields);
    await inner?.(tx, enqueued);
  };
}

/** The reporter and the members who may answer, from the row (null: not a confirmation). */
export function partiesOf(s: Submission): { reporter: string; opponents: string[] } | null {
  const reporter = /^chat:(\d+)$/.exec(s.submittedBy)?.[1];
  if (!reporter || s.kind !== 'match' || !s.confirmState) return null;
  const opponents = opponentsOf(s.payload as MatchWrite, reporter);
  return opponents ? { reporter, opponents } : null;
}

/**
 * A member's answer to a waiting report: an opponent's Confirm or Dispute, the reporter's
 * Withdraw. Refused (permission_denied) for anyone else, and (invalid_request) once the report
 * no longer waits; a press after the window is refused too, and the silence rule is applied
 * first if no sweep has yet.
 */
export async function answerReport(
  ctx: Context,
  handle: string,
  action: ReportAnswer,
  presser: string,
  actor: Actor,
): Promise<AnswerOutcome> {
  const id = submissionIdOf(handle);
  const found = id === null ? null : await ctx.repos.submissions.byId(id);
  const parties = found && partiesOf(found);
  if (!found || !parties || !actsFor(actor, found.ownerId)) {
    throw refused('not_found', 'review.already.noReport', { handle });
  }
  const refusal = refusalKey(action, presser, parties.reporter, parties.opponents);
  if (refusal) throw refused('permission_denied', refusal);
  if (found.status !== 'pending_review' || found.confirmState !== 'awaiting') {
    throw refused('invalid_request', ...alreadyLine(handle, found));
  }
  const by = chatPlayerId(presser);
  if (action === 'dispute') {
    const board = await boardOf(ctx, found);
    const now = ctx.now();
    const expires = reviewExpiry(board, now);
    if (await ctx.repos.confirmations.escalate(found.id, 'disputed', by, expires, now)) {
      return { handle, confirmState: 'disputed', status: 'pending_review' };
    }
    return refuseLate(ctx, handle, found.id);
  }
  const guard: Guard = (pending) => {
    if (pending.confirmState !== 'awaiting') {
      throw refused('invalid_request', ...alreadyLine(handle, pending));
    }
    if (overdue(pending, ctx.now())) throw new WindowRanOut();
    return { confirmState: action === 'confirm' ? 'confirmed' : 'withdrawn', confirmBy: by };
  };
  try {
    const outcome = await review(
      ctx,
      handle,
      action === 'confirm' ? 'approve' : 'decline',
      by,
      actor,
      {
        guard,
        ...(action === 'withdraw' ? { reason: WITHDRAWN } : {}),
      },
    );
    const state = action === 'confirm' ? 'confirmed' : 'withdrawn';
    return { handle, confirmState: state, status: outcome.status };
  } catch (err) {
    if (err instanceof WindowRanOut) return refuseLate(ctx, handle, found.id);
    throw err;
  }
}

/** Raised inside the decision's transaction (rolling it back) when the window has run out. */
class WindowRanOut extends Error {}

const overdue = (s: Submission, now: Date) =>
  s.confirmDueAt !== null && s.confirmDueAt !== undefined && s.confirmDueAt <= now;

/**
 * A press that came too late: the silence rule is applied now if no sweep has yet (once,
 * whoever gets there first), and the press is refused saying what happened instead.
 */
async function refuseLate(ctx: Context, handle: string, id: number): Promise<never> {
  let row = await ctx.repos.submissions.byId(id);
  if (row && row.confirmState === 'awaiting' && overdue(row, ctx.now())) {
    await settleSilent(ctx, row).catch(ignoreDecided);
    row = await ctx.repos.submissions.byId(id);
  }
  if (!row) throw refused('invalid_request', 'review.already.gone', { handle });
  throw refused('invalid_request', ...alreadyLine(handle, row));
}

/** What became of a report that no longer waits: the catalogue's sentence and its variables. */
function alreadyLine(handle: string, s: Submission): readonly [TextKey, TextVars] {
  const member = s.confirmBy?.startsWith('chat:') ? `<@${s.confirmBy.slice(5)}>` : null;
  switch (s.confirmState) {
    case 'confirmed':
      return member
        ? ['review.already.confirmedBy', { handle, member }]
        : ['review.already.confirmed', { handle }];
    case 'auto':
      return ['review.already.auto', { handle }];
    case 'disputed':
      return member
        ? ['review.already.disputedBy', { handle, member }]
        : ['review.already.disputed', { handle }];
    case 'escalated':
      return ['review.already.escalated', { handle }];
    case 'withdrawn':
      return ['review.already.withdrawn', { handle }];
    default:
      return ['review.already.notWaiting', { handle, status: s.status }];
  }
}

/**
 * Why a member may not press Confirm or Dispute / Withdraw (domain/confirmation.ts refusalOf
 * decides), as the catalogue's words for it; null when they may.
 */
export function refusalKey(
  action: ReportAnswer,
  presser: string,
  reporter: string,
  opponents: readonly string[],
): TextKey | null {
  if (refusalOf(action, presser, reporter, opponents) === null) return null;
  if (action === 'withdraw') return 'review.answer.onlyReporter';
  return presser === reporter ? 'review.answer.youReported' : 'review.answer.onlyOpponents';
}

async function boardOf(ctx: Context, s: Submission): Promise<Board> {
  const board = await ctx.repos.boards.byPk(s.boardPk);
  if (!board) throw refused('not_found', 'review.decide.boardGone', { handle: formatHandle(s.id) });
  return board;
}

/**
 * The board's silence rule on one report whose window ran out: confirmed (applied by `review`,
 * guarded by the state) or escalated (a compare-and-set); the moderators' window then counts
 * from the end of the opponents' window, as a step is taken for the time it was due.
 */
async function settleSilent(ctx: Context, s: Submission): Promise<ConfirmState | null> {
  const board = await boardOf(ctx, s);
  const dueAt = s.confirmDueAt ?? ctx.now();
  if (board.confirmOnSilence === 'escalate') {
    const expires = reviewExpiry(board, dueAt);
    const moved = await ctx.repos.confirmations.escalate(
      s.id,
      'escalated',
      SILENCE,
      expires,
      ctx.now(),
    );
    return moved ? 'escalated' : null;
  }
  const guard: Guard = (pending) => {
    if (pending.confirmState !== 'awaiting' || !overdue(pending, ctx.now())) {
      throw new TallyError('invalid_request', 'no longer waiting');
    }
    return { confirmState: 'auto', confirmBy: SILENCE };
  };
  await review(ctx, formatHandle(s.id), 'approve', AUTO_CONFIRMED, 'operator', { guard });
  return 'auto';
}

/** Decided meanwhile (another process, a press) or waiting for a season's end: next sweep. */
function ignoreDecided(err: unknown): null {
  if (err instanceof TallyError && (err.code === 'invalid_request' || err.code === 'board_locked'))
    return null;
  throw err;
}

/**
 * The sweep (the expiry job, src/pipeline/scheduler.ts): every report whose window has run out
 * is confirmed or escalated, each once across processes; after downtime one sweep catches up.
 */
export async function settleSilentReports(ctx: Context): Promise<string[]> {
  const settled: string[] = [];
  for (const s of await ctx.repos.confirmations.silent(ctx.now(), 100)) {
    if ((await settleSilent(ctx, s).catch(ignoreDecided)) !== null)
      settled.push(formatHandle(s.id));
  }
  return settled;
}
