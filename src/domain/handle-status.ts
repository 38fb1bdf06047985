import type { MatchStatus, SubmissionStatus } from './vocabulary';

/**
 * DESIGN.md 3: once a match or score exists, the handle's status is read from that live row
 * (pending → pending_review; approved/adjusted/set → approved; rejected → rejected).
 */
export function handleStatus(
  submission: SubmissionStatus,
  record: MatchStatus | null,
): SubmissionStatus {
  if (record === null) return submission;
  switch (record) {
    case 'pending':
      return 'pending_review';
    case 'rejected':
      return 'rejected';
    default:
      return 'approved';
  }
}

/** spec 2.5: applied only once live on the leaderboard. */
export const isApplied = (status: MatchStatus) =>
  status === 'approved' || status === 'adjusted' || status === 'set';

/** spec 3.1: handles resolve for 30 days, then 404. */
export const HANDLE_LIFETIME_MS = 30 * 24 * 3_600_000;
