import { submissionIdOf } from '../domain/ids';
import type { Decision } from '../pipeline/review';

/** A review message's buttons: a decision, or Adjust (opens a modal with the corrected result). */
export type ReviewAction = Decision | 'adjust';

/** The review buttons' custom ids: `review:approve:sub_12`, `review:decline:sub_12`, `review:adjust:sub_12`. */
export interface ReviewButton {
  decision: ReviewAction;
  handle: string;
  submissionId: number;
}

export const reviewButtonId = (decision: ReviewAction, handle: string) =>
  `review:${decision}:${handle}`;

/** The Adjust modal's custom id: `adjust:sub_12`. */
export const adjustModalId = (handle: string) => `adjust:${handle}`;

/** Decodes a review button's custom id; null for anything else or anything malformed. */
export function parseReviewButton(customId: string): ReviewButton | null {
  const [prefix, decision, handle, ...rest] = customId.split(':');
  if (prefix !== 'review' || rest.length > 0 || handle === undefined) return null;
  if (decision !== 'approve' && decision !== 'decline' && decision !== 'adjust') return null;
  const id = submissionIdOf(handle);
  return id === null ? null : { decision, handle, submissionId: id };
}

export function parseAdjustModal(
  customId: string,
): { handle: string; submissionId: number } | null {
  const [prefix, handle, ...rest] = customId.split(':');
  if (prefix !== 'adjust' || rest.length > 0 || handle === undefined) return null;
  const id = submissionIdOf(handle);
  return id === null ? null : { handle, submissionId: id };
}
