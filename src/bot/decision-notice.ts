import { DiscordAPIError, Routes, type APIChannel, type REST } from 'discord.js';
import { formatScore } from '../domain/score-text';
import { AUTO_CONFIRMED } from '../domain/confirmation';
import { t } from '../domain/i18n';
import { log } from '../log';
import { permanentRefusal } from './replies';
import { reasonIn, type ReviewView } from '../pipeline/review-view';
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

export async function tellSubmitter(
  rest: REST,
  view: ReviewView,
  locale: string | null = null,
): Promise<NoticeOutcome> {
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
        content: clip(decisionNotice(view, locale), LIMITS.content),
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

/**
 * What the submitter reads: what, on which board, what happened, by whom and why, in the
 * server's language (`locale`; English when none is given).
 */
export function decisionNotice(view: ReviewView, locale: string | null = null): string {
  const { board, record, submission, handle } = view;
  const where = { board: `**${shown(board.displayName || board.id)}**`, handle };
  const subject =
    record.kind === 'match'
      ? t(locale, 'review.notice.match', { ...where, number: record.match.number })
      : t(locale, 'review.notice.score', {
          ...where,
          score: formatScore(board.type, record.score.score),
        });
  const by = reviewerOf(view);
  const who = /^chat:(\d+)$/.exec(by)?.[1];
  const reviewer = who
    ? t(locale, 'review.reviewer.member', { member: `<@${who}>` })
    : by === 'cli'
      ? t(locale, 'review.reviewer.operator')
      : by === AUTO_CONFIRMED
        ? t(locale, 'review.reviewer.auto')
        : t(locale, 'review.reviewer.other', { name: shown(by) });
  const status = record.kind === 'match' ? record.match.status : record.score.status;
  if (status === 'adjusted') return t(locale, 'review.notice.adjusted', { subject, reviewer });
  if (submission.status === 'approved') {
    return t(locale, 'review.notice.approved', { subject, reviewer });
  }
  if (by === 'expired') return t(locale, 'review.notice.expired', { subject });
  const reason = submission.failureReason;
  return reason
    ? t(locale, 'review.notice.declinedBecause', {
        subject,
        reviewer,
        reason: shown(reasonIn(reason, locale)),
      })
    : t(locale, 'review.notice.declined', { subject, reviewer });
}
