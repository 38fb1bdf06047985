import { DiscordAPIError, Routes, type APIChannel, type REST } from 'discord.js';
import { formatScore } from '../domain/score-text';
import { AUTO_CONFIRMED } from '../domain/confirmation';
import { log } from '../log';
import { permanentRefusal } from './replies';
import type { ReviewView } from '../pipeline/review-view';
import { clip, LIMITS, shown } from './text';

/**
 * The submitter's DM about a review's outcome (issue 15 item 5): a member who reported a match or
 * a score in chat is told, once, that a moderator approved, adjusted or declined it (with the
 * reason given) or that it expired. Sent by the review poster from the row's `notice_state`, so
 * a failure is retried with backoff and a crash retries after the lease; the nonce lets Discord
 * drop a second copy of a DM that did go through. A DM Discord refuses for good (50007: the
 * member takes no DMs from Tally) is given up quietly.
 */
export type NoticeOutcome = 'done' | 'refused';

/** Failures in a row after which a DM is given up even though Discord did not say it is final. */
export const NOTICE_MAX_ATTEMPTS = 8;

export async function tellSubmitter(rest: REST, view: ReviewView): Promise<NoticeOutcome> {
  const submitter = /^chat:(\d+)$/.exec(view.submission.submittedBy)?.[1];
  const by = reviewerOf(view);
  // Nobody to tell: not a chat report, or the member decided their own report (a user board).
  if (!submitter || by === `chat:${submitter}` || view.submission.status === 'pending_review') {
    return 'done';
  }
  try {
    const dm = (await rest.post(Routes.userChannels(), {
      body: { recipient_id: submitter },
    })) as APIChannel;
    await rest.post(Routes.channelMessages(dm.id), {
      body: {
        content: clip(decisionNotice(view), LIMITS.content),
        allowed_mentions: { parse: [] },
        nonce: `n${view.handle}`.slice(0, 25),
        enforce_nonce: true,
      },
    });
    return 'done';
  } catch (err) {
    const final = permanentRefusal(err); // 50007 above all: the member takes no DMs from Tally
    const malformed = err instanceof DiscordAPIError && err.status === 400;
    const tries = (view.submission.reviewAttempts ?? 0) + 1;
    if (!final && !malformed && tries < NOTICE_MAX_ATTEMPTS) throw err; // retried with backoff
    const fields = { submission: view.handle, err };
    if (final)
      log.info('the submitter takes no DM from Tally; not told the review outcome', fields);
    else log.warn('the submitter could not be told the review outcome; given up', fields);
    return 'refused';
  }
}

const reviewerOf = (view: ReviewView) =>
  (view.record.kind === 'match' ? view.record.match : view.record.score).reviewedBy ?? '';

/** What the submitter reads: what, on which board, what happened, by whom and why. */
export function decisionNotice(view: ReviewView): string {
  const { board, record, submission, handle } = view;
  const what =
    record.kind === 'match'
      ? `match #${record.match.number}`
      : `score of ${formatScore(board.type, record.score.score)}`;
  const subject = `Your ${what} on **${shown(board.displayName || board.id)}** (${handle})`;
  const by = reviewerOf(view);
  const who = /^chat:(\d+)$/.exec(by)?.[1];
  const reviewer = who
    ? `by <@${who}>`
    : by === 'cli'
      ? 'by a server operator'
      : by === AUTO_CONFIRMED
        ? 'automatically (no opponent answered in time)'
        : `by ${shown(by)}`;
  const status = record.kind === 'match' ? record.match.status : record.score.status;
  if (status === 'adjusted') {
    return `${subject} was corrected ${reviewer} and approved; it is on the leaderboard as corrected.`;
  }
  if (submission.status === 'approved') {
    return `${subject} was approved ${reviewer}; it is on the leaderboard.`;
  }
  if (by === 'expired') {
    return `${subject} expired: no moderator decided within the board's review window. Nothing was recorded; you can report it again.`;
  }
  const reason = submission.failureReason;
  return reason
    ? `${subject} was declined ${reviewer}: ${shown(reason)}\nNothing was recorded.`
    : `${subject} was declined ${reviewer}. Nothing was recorded.`;
}
