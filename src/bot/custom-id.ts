import { HANDLE } from '../domain/ids';
import type { Decision } from '../pipeline/review';

/** The review buttons' custom ids: `review:approve:sub_12`, `review:decline:sub_12`. */
export interface ReviewButton {
  decision: Decision;
  handle: string;
  submissionId: number;
}

export const reviewButtonId = (decision: Decision, handle: string) =>
  `review:${decision}:${handle}`;

/** Decodes a review button's custom id; null for anything else or anything malformed. */
export function parseReviewButton(customId: string): ReviewButton | null {
  const [prefix, decision, handle, ...rest] = customId.split(':');
  if (prefix !== 'review' || rest.length > 0 || handle === undefined) return null;
  if (decision !== 'approve' && decision !== 'decline') return null;
  const id = Number(HANDLE.exec(handle)?.[1]);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return { decision, handle, submissionId: id };
}
