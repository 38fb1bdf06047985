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

/** The Decline modal's custom id (an optional reason): `decline:sub_12`. */
export const declineModalId = (handle: string) => `decline:${handle}`;

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
  expected: 'adjust' | 'decline' = 'adjust',
): { handle: string; submissionId: number } | null {
  const [prefix, handle, ...rest] = customId.split(':');
  if (prefix !== expected || rest.length > 0 || handle === undefined) return null;
  const id = submissionIdOf(handle);
  return id === null ? null : { handle, submissionId: id };
}

/** Decodes the Decline modal's custom id; null for anything else or anything malformed. */
export const parseDeclineModal = (customId: string) => parseAdjustModal(customId, 'decline');

/** A waiting report's buttons (src/bot/confirm-button.ts): `confirm:dispute:sub_12`. */
export type ConfirmAction = 'confirm' | 'dispute' | 'withdraw';

export const confirmButtonId = (action: ConfirmAction, handle: string) =>
  `confirm:${action}:${handle}`;

/** Decodes a confirmation button's custom id; null for anything else or anything malformed. */
export function parseConfirmButton(
  customId: string,
): { action: ConfirmAction; handle: string; submissionId: number } | null {
  const [prefix, action, handle, ...rest] = customId.split(':');
  if (prefix !== 'confirm' || rest.length > 0 || handle === undefined) return null;
  if (action !== 'confirm' && action !== 'dispute' && action !== 'withdraw') return null;
  const id = submissionIdOf(handle);
  return id === null ? null : { action, handle, submissionId: id };
}
